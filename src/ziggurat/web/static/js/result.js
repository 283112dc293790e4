// The final ranking: places, names, scores, and the game's own note (tie-break, cure, eliminations),
// with a link to the game's replay once the table is finished. At a rated table, each account's new
// rating, and how much it moved when the page knows it (c.ratingChanges, by seat: table.js).

import { h } from "./dom.js";
import { swatch } from "./colors.js";
import { seatName } from "./playerlink.js";

function ordinal(n) {
  return ["", "1st", "2nd", "3rd"][n] || `${n}th`;
}

// The account's rating after the game, and its change (+12, −8) once known; bots and guests have none.
function ratingCell(seat, change) {
  if (!seat || seat.kind !== "human" || !seat.signed_in || !Number.isInteger(seat.rating)) {
    return h("td", { class: "num muted" }, "—");
  }
  const moved = Number.isInteger(change)
    ? h(
        "span",
        { class: ["rating-change", change > 0 ? "up" : change < 0 ? "down" : "same"] },
        ` (${change > 0 ? "+" : change < 0 ? "−" : "±"}${Math.abs(change)})`,
      )
    : null;
  return h("td", { class: "num rating-after", dataset: { rating: seat.rating } }, String(seat.rating), moved);
}

export function renderResult(c, renderer) {
  const r = c.result;
  const seats = r.ranks.map((rank, seat) => ({ seat, rank, score: r.scores[seat] }));
  seats.sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const winners = r.winners.map((s) => c.names[s]);
  let title;
  if (!winners.length) title = "Nobody wins.";
  else if (winners.length === 1) title = `${winners[0]} wins!`;
  else title = `Shared victory: ${winners.join(" and ")}.`;
  if (c.seat !== null && r.winners.includes(c.seat)) title += " Well played!";
  const scoreLabel = renderer.scoreLabel || "Score";
  const colours = renderer.colours ? renderer.colours(c) : [];
  const tableSeats = c.table?.seats || [];
  const rated = !!c.table?.rated && c.table.status === "finished";
  const table = h(
    "table",
    { class: "ranking", "aria-label": "Final ranking" },
    h("thead", {}, h("tr", {}, h("th", {}, "Place"), h("th", {}, "Player"), h("th", {}, scoreLabel), renderer.rankExtra ? h("th", {}, renderer.rankExtra.title) : null, rated ? h("th", {}, "New rating") : null)),
    h(
      "tbody",
      {},
      seats.map((x) =>
        h(
          "tr",
          { class: [r.winners.includes(x.seat) && "winner", x.seat === c.seat && "me"] },
          h("td", {}, r.winners.length ? ordinal(x.rank) : "—"),
          h(
            "td",
            {},
            colours[x.seat] ? swatch(x.seat, colours[x.seat]) : null,
            tableSeats[x.seat] ? seatName({ ...tableSeats[x.seat], name: c.names[x.seat] }) : c.names[x.seat],
            x.seat === c.seat ? " (you)" : "",
          ),
          renderer.scoreCell
            ? h("td", {}, renderer.scoreCell(c, x.seat))
            : h("td", { class: "num" }, String(Math.round(x.score * 100) / 100)),
          renderer.rankExtra ? h("td", {}, renderer.rankExtra.cell(c, x.seat)) : null,
          rated ? ratingCell(tableSeats[x.seat], c.ratingChanges?.[x.seat]) : null,
        ),
      ),
    ),
  );
  const note = renderer.resultNote ? renderer.resultNote(c) : null;
  return h(
    "section",
    { class: "panel result", "data-result": "true", "aria-label": "Final ranking" },
    h("h2", {}, "Game over — ", title),
    note ? h("p", { class: "result-note" }, note) : null,
    table,
    h(
      "p",
      { class: "result-links" },
      h("a", { href: "#/", class: "button" }, "Back to the lobby"),
      // the whole game again, move by move (js/replay.js); not from the replay itself
      c.table?.status === "finished" && !c.replaying
        ? [" ", h("a", { href: `#/replay/${c.table.id}`, class: "button", id: "watch-replay" }, "Watch the replay")]
        : null,
    ),
  );
}
