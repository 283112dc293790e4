// "Play again" under the final ranking (docs/server.md): a player asks for a rematch; once there is one,
// every player of the finished table is offered their held seat (accept or decline), and spectators a
// link to watch it. Accepting saves the new seat token as joining does, then opens the new table.

import { api } from "./api.js";
import { h, toast } from "./dom.js";
import { seats as savedSeats } from "./storage.js";
import { account } from "./account.js";

/**
 * opts: {tableId, table (the finished one), you, token (null: the account's seat), signedIn,
 *        offer (the rematch's summary, once fetched), rerender()}
 */
export function rematchBox(opts) {
  const { tableId, table, you } = opts;
  const id = opts.offer?.gone ? null : table.rematch;
  // (signed in, the account's seat needs no token: the session cookie says who you are)
  const player = you.role === "player" && (!!opts.token || !!opts.signedIn);
  const box = h("section", { class: "panel rematch", "aria-label": "Play again" });
  const link = (text, cls = "button") => h("a", { href: `#/table/${id}`, class: cls }, text);
  if (!id) {
    if (!player) return null;
    box.append(
      h("p", {}, "Same people, bots and options, everyone one seat on."),
      h("button", { class: "primary big", onclick: () => ask(opts) }, "Play again"),
    );
  } else if (!player) {
    box.append(h("p", {}, "The players are having a rematch. "), link("Watch the rematch"));
  } else if (savedSeats.get(id)?.token) {
    box.append(h("p", {}, "You are in the rematch. "), link("Open the rematch", "button primary"));
  } else if (savedSeats.get(tableId)?.declined === id) {
    box.append(h("p", {}, "You declined the rematch. "), link("Watch the rematch"));
  } else if (heldForMe(opts)) {
    const offer = opts.offer;
    const host = offer.host === null ? "A player" : offer.seats[offer.host].name;
    box.append(
      h("p", { class: "rematch-offer" }, h("strong", {}, host), " offers a rematch."),
      h("button", { class: "primary", onclick: () => accept(opts) }, "Accept"),
      " ",
      h("button", { onclick: () => decline(opts) }, "Decline"),
    );
  } else {
    box.append(h("p", {}, "There is a rematch. "), link("Watch the rematch"));
  }
  return box;
}

// Is my seat held at the rematch (still open)? Mine there is one on from mine here.
function heldForMe({ offer, you }) {
  if (!offer || offer.status !== "open") return false;
  return !!offer.seats[(you.seat + 1) % offer.seats.length]?.reserved;
}

// Sit at the new table as joining does: its token saved, then its page.
function seated(r, name) {
  const a = account();
  const mark = a.signed_in ? { account: a.username } : {};
  savedSeats.put(r.table.id, { token: r.token, game: r.table.game, status: r.table.status, name, ...mark });
  location.hash = `#/table/${r.table.id}`;
}

function myName(opts) {
  return opts.table.seats[opts.you.seat]?.name;
}

async function ask(opts) {
  try {
    seated(await api.rematch(opts.tableId, opts.token), myName(opts));
  } catch (e) {
    toast(e.message, "error");
  }
}

async function accept(opts) {
  try {
    seated(await api.acceptRematch(opts.table.rematch, opts.token), myName(opts));
  } catch (e) {
    toast(e.message, "error");
    opts.rerender();
  }
}

async function decline(opts) {
  try {
    await api.declineRematch(opts.table.rematch, opts.token);
    savedSeats.put(opts.tableId, { declined: opts.table.rematch });
    toast("You declined the rematch.", "info", 4000);
  } catch (e) {
    toast(e.message, "error");
  }
  opts.rerender();
}
