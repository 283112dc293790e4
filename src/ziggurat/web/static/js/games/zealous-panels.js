// Zealous's panels beside the board: the scores, the end of the last round (tally and proliferation),
// and what each tile does.

import { h } from "../dom.js";
import { seatColour, swatch } from "../colors.js";
import { lastEvent } from "./common.js";
import { KIND_NAMES, tileHelp } from "./zealous-board.js";

/** Before round 1 every prophet is still to be placed on a Birth Site: not "dead". */
export const inSetup = (v) => v.step === "setup" || !v.round;
export const whereProphet = (v, s) => v.prophets[s] || (inSetup(v) ? null : "dead");

export function colours(c) {
  return Array.from({ length: c.view.players }, (_, s) => seatColour(s));
}

export function scoreboard(c) {
  const v = c.view;
  const col = colours(c);
  const rows = Array.from({ length: v.players }, (_, s) => {
    const hc = v.hand_counts[s];
    const pct = v.target ? Math.min(100, (100 * v.scores[s]) / v.target) : null;
    return h(
      "tr",
      { class: [c.toAct.includes(s) && "acting", s === c.seat && "me"], dataset: { seat: s } },
      h("td", {}, swatch(s, col[s]), c.names[s], s === c.seat ? " (you)" : ""),
      h(
        "td",
        { class: "num" },
        h("strong", {}, String(v.scores[s])),
        pct !== null ? h("span", { class: "bar", "aria-hidden": "true" }, h("span", { style: `width:${pct}%;background:${col[s]}` })) : null,
      ),
      h("td", { class: "num", title: "Followers left in supply (of 20)" }, String(v.supply[s])),
      h("td", { class: "num", title: "Cards held: Miracle / Judgment / Divine Intervention" }, `${hc.miracle}/${hc.judgment}/${hc.divine}`),
      h("td", {}, whereProphet(v, s) === "dead" ? h("span", { class: "dead" }, "dead") : whereProphet(v, s) || h("span", { class: "muted", title: "Not placed yet" }, "—")),
    );
  });
  return h(
    "table",
    { class: "scores", "aria-label": "Scores" },
    h(
      "thead",
      {},
      h("tr", {}, h("th", {}, "Player"), h("th", {}, "Points"), h("th", { title: "Followers in supply" }, "Supply"), h("th", { title: "Cards held: Miracle / Judgment / Divine" }, "M/J/D"), h("th", { title: "Where the prophet stands" }, "At")),
    ),
    h("tbody", {}, rows),
  );
}

export function roundSummary(c) {
  const tally = lastEvent(c.log, ["tally"]);
  if (!tally) return null;
  const prol = lastEvent(c.log, ["proliferate"]);
  const col = colours(c);
  const pts = tally.event.points.map((p, s) =>
    h("span", { class: "tally-item" }, swatch(s, col[s]), `${c.names[s]} +${p}`),
  );
  const added = prol && prol.entry.version === tally.entry.version ? Object.entries(prol.event.added) : [];
  return h(
    "section",
    { class: "round-summary", "aria-label": `End of round ${tally.event.round}` },
    h("h3", {}, `End of round ${tally.event.round}`),
    h("p", {}, h("strong", {}, "Tallying: "), pts),
    h(
      "p",
      {},
      h("strong", {}, "Proliferation: "),
      added.length
        ? added.map(([tile, seats]) => h("span", { class: "tally-item" }, `${tile} → ${seats.map((s) => c.names[s]).join(", ")}`))
        : "no tile had a religion with more than half of its followers.",
    ),
  );
}

export function infoPanel(c) {
  const n = c.view.players;
  return h(
    "div",
    { class: "tile-info", id: "tile-info", role: "dialog", "aria-label": "What each tile does" },
    h("h3", {}, "What each tile does"),
    h(
      "dl",
      {},
      ["holy", "judgment", "miracle", "empty", "birth"].map((k) => [
        h("dt", {}, h("span", { class: `legend legend-${k}`, "aria-hidden": "true" }), KIND_NAMES[k]),
        h("dd", {}, tileHelp(k, n)),
      ]),
    ),
    h(
      "p",
      {},
      "Tiles that touch are connected: your prophet moves one tile at a time, and you place followers only on tiles connected to your prophet's tile — never on its own tile, nor where an opponent's prophet stands.",
    ),
    h(
      "p",
      {},
      "End of each round: every follower scores (2 in the Holy City), then each tile where one religion has more than half of the followers gains one more of theirs (proliferation).",
    ),
    h("button", { class: "small", onclick: () => { c.ui.info = false; c.rerender(); } }, "Close"),
  );
}
