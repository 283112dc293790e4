// The seat list: who sits where, who is connected, the host, bots; and the buttons the table rules
// allow (docs/server.md "Table rules"): add/remove bots before the start, kick a player who left.

import { h, clear } from "./dom.js";
import { swatch } from "./colors.js";
import { seatName, ratingBadge } from "./playerlink.js";

export const BOT_LEVELS = [
  ["random", "Random (plays any legal move)"],
  ["normal", "Normal"],
  ["hard", "Hard (thinks longer)"],
];

function status(seat, table) {
  if (seat.kind === "empty" && seat.reserved) return ["reserved", `Waiting for ${seat.name}`]; // a rematch's
  if (seat.kind === "empty") return ["empty", "Empty seat"];
  if (seat.kind === "bot") return ["bot", `Bot · ${seat.level || "normal"}`];
  if (seat.left) return ["left", "Left the table"];
  if (!seat.connected) return ["away", table.status === "finished" ? "Offline" : "Away (page closed)"];
  return ["online", "Online"];
}

const rated = (seat) => seat.kind === "human" && seat.signed_in && Number.isInteger(seat.rating);

/**
 * opts: {table, you, toAct, clock, colours, summary(seat) -> string|null, level, onLevel(level),
 *        addBot(seat), removeSeat(seat), kick(seat), sitHere(seat) | null}
 */
export function renderSeats(box, opts) {
  const { table, you, toAct = [], colours = [] } = opts;
  clear(box);
  const isHost = you && you.role === "player" && you.host;
  const open = table.status === "open";
  const running = table.status === "running";
  const list = h("ul", { class: "seat-list", "aria-label": "Seats" });
  for (const seat of table.seats) {
    const mine = you && you.seat === seat.seat && you.role !== "spectator";
    // While this page's connection is down, you are not online (whatever the last message said).
    const [cls, text] = mine && opts.offline && seat.kind === "human" ? ["away", "Reconnecting…"] : status(seat, table);
    const acting = running && toAct.includes(seat.seat);
    const held = seat.kind === "empty" && seat.reserved; // for last game's player until they answer
    const name = seat.kind === "empty" && !held ? `Seat ${seat.seat + 1}` : seat.name;
    const row = h("li", {
      class: ["seat", `seat-${cls}`, mine && "seat-mine", acting && "seat-acting"],
      dataset: { seat: seat.seat, kind: seat.kind },
      "aria-label": `${name}${mine ? " (you)" : ""}${seat.signed_in ? " (account)" : ""}${rated(seat) ? `, rating ${seat.rating}` : ""}: ${text}${acting ? ", to play" : ""}`,
    });
    const colour = colours[seat.seat];
    // the seat's colour and shape (the same on the board and in the log); none before the start
    row.append(
      colour
        ? swatch(seat.seat, colour, "seat-swatch")
        : h("span", { class: ["seat-swatch", "seat-swatch-none"], "aria-hidden": "true" }),
    );
    const who = h(
      "div",
      { class: "seat-who" },
      h(
        "div",
        { class: "seat-name" },
        acting ? h("span", { class: "turn-arrow", title: "To play" }, "▶ ") : null,
        // an account's name opens its profile; its rating in this game beside it
        seat.kind === "empty" ? name : seatName(seat),
        mine ? h("span", { class: "badge you" }, "you") : null,
        rated(seat) ? ratingBadge(seat.rating) : null,
        // a player signed in: the name is their account's, nobody else can sit under it
        seat.signed_in && seat.kind === "human"
          ? h("span", { class: "badge account", title: "Signed in: this name is their account" }, "✓ account")
          : null,
        table.host === seat.seat && seat.kind === "human" ? h("span", { class: "badge host", title: "Host" }, "♛ host") : null,
      ),
      h("div", { class: ["seat-status", `st-${cls}`] }, h("span", { class: "dot", "aria-hidden": "true" }), text),
    );
    const clock = opts.clock;
    if (clock && running && seat.kind === "human") {
      // (js/clock.js keeps the text ticking; the state's seconds are the start)
      const timeouts = clock.timeouts[seat.seat];
      who.append(
        h(
          "div",
          { class: "seat-clock-row" },
          h("span", { class: "seat-clock", dataset: { clockSeat: seat.seat }, role: "timer", "aria-label": `${name}'s clock` }),
          timeouts
            ? h("span", { class: "badge timeouts", title: "Times this player's clock ran out" }, `⌛ ${timeouts} timeout${timeouts > 1 ? "s" : ""}`)
            : null,
        ),
      );
    }
    const extra = opts.summary ? opts.summary(seat.seat) : null;
    if (extra) who.append(h("div", { class: "seat-summary" }, extra));
    row.append(who);

    const buttons = h("div", { class: "seat-buttons" });
    if (open && isHost && seat.kind === "empty" && !held) {
      buttons.append(
        h("button", { class: "small", "aria-label": `Add a bot to seat ${seat.seat + 1}`, onclick: () => opts.addBot(seat.seat) }, "Add bot"),
      );
    }
    if (open && isHost && seat.kind !== "human" && !held && table.seats.length > (opts.minPlayers || 1)) {
      buttons.append(
        h(
          "button",
          { class: "small ghost", "aria-label": `Remove seat ${seat.seat + 1}`, onclick: () => opts.removeSeat(seat.seat) },
          "Remove seat",
        ),
      );
    }
    if (open && seat.kind === "empty" && !held && opts.sitHere) {
      buttons.append(
        h("button", { class: "small", "aria-label": `Sit in seat ${seat.seat + 1}`, onclick: () => opts.sitHere(seat.seat) }, "Sit here"),
      );
    }
    // a player who left, or whose clock ran out three times (then the host may replace them at once)
    const gone = seat.left || !seat.connected || (opts.clock?.timeouts[seat.seat] || 0) >= 3;
    if (isHost && (open || running) && seat.kind === "human" && seat.seat !== you.seat && gone) {
      buttons.append(
        h(
          "button",
          {
            class: "small danger",
            "aria-label": `Kick ${seat.name}`,
            title: running ? "A bot takes the seat over as it stands" : "Free the seat",
            onclick: () => opts.kick(seat.seat),
          },
          running ? "Kick · bot takes over" : "Kick",
        ),
      );
    }
    if (buttons.children.length) row.append(buttons);
    list.append(row);
  }
  box.append(list);

  if (isHost && (open || running)) {
    const sel = h(
      "select",
      { id: "bot-level", "aria-label": "Bot level", onchange: (e) => opts.onLevel(e.target.value) },
      BOT_LEVELS.map(([v, label]) => h("option", { value: v, selected: v === opts.level }, label)),
    );
    box.append(h("label", { class: "bot-level" }, "Bot level: ", sel));
  }
}
