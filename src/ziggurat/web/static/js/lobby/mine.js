// The lobby's "Your tables": signed in, the account's tables (on any device), then this browser's other
// seats, each with "Add to account" and "Forget"; signed out, this browser's seats.

import { api } from "../api.js";
import { h, clear, toast } from "../dom.js";
import { seats as savedSeats } from "../storage.js";
import { account, accountTables, claim } from "../account.js";

/** box: the list's place; tableRow(t, buttons) and gameName(id) as the lobby's other lists have them. */
export function yourTables(box, { tableRow, gameName }) {
  let accountIds = new Set(); // the tables the account sits at (as last listed)

  let mineShown = 0; // a slow answer for the account signed in before must not overwrite the latest
  async function refreshMine() {
    const mine = ++mineShown;
    const signedIn = account().signed_in;
    let held = [];
    if (signedIn) {
      try {
        held = await accountTables();
      } catch (e) {
        held = [];
        toast(e.message, "error");
      }
    }
    const saved = savedSeats.all();
    accountIds = new Set(held.map((m) => m.table.id));
    // this browser's seats the account doesn't hold: a guest's, or taken before signing in
    const ids = Object.keys(saved)
      .filter((id) => !accountIds.has(id))
      .sort((a, b) => (saved[b].saved || 0) - (saved[a].saved || 0));
    const local = await Promise.all(
      ids.map(async (id) => {
        try {
          return await api.table(id);
        } catch (e) {
          if (e.status === 404) savedSeats.forget(id);
          return null;
        }
      }),
    );
    if (mine !== mineShown) return;
    const list = h("ul", { class: "table-list" });
    for (const { table: t } of held) list.append(myRow(t, { account: true }));
    for (const t of local) if (t) list.append(myRow(t, { account: false, signedIn }));
    const empty = signedIn
      ? "Tables you create or join appear here, on every device where you sign in."
      : "Tables you create or join appear here, so you can come back to them.";
    clear(box).append(list.children.length ? list : h("p", { class: "muted" }, empty));
  }

  function myRow(t, { account: held, signedIn }) {
    const label = { open: "Waiting room", running: "Return to the game", finished: "See the result" }[t.status];
    const seat = savedSeats.get(t.id);
    const row = tableRow(t, [
      h("span", { class: ["pill", `pill-${t.status}`] }, t.status),
      h("a", { class: "button primary", href: `#/table/${t.id}`, "aria-label": `${label}: ${gameName(t.game)} table ${t.id}` }, label),
      t.status === "finished" ? h("a", { class: "button", href: `#/replay/${t.id}`, "aria-label": `Replay ${gameName(t.game)} table ${t.id}` }, "Replay") : null,
      // signed in, a seat only this browser holds can join the account (then it follows you everywhere)
      !held && signedIn && seat?.token
        ? h(
            "button",
            {
              class: "small",
              "aria-label": `Add table ${t.id} to your account`,
              onclick: async () => {
                try {
                  const r = await claim([seat.token]);
                  toast(r.claimed ? "The table is in your account now." : "That seat can't join your account.", r.claimed ? "good" : "error", 3000);
                } catch (e) {
                  toast(e.message, "error");
                }
                refreshMine();
              },
            },
            "Add to account",
          )
        : null,
      held
        ? null
        : h(
            "button",
            {
              class: "ghost small",
              "aria-label": `Forget table ${t.id}`,
              onclick: () => {
                savedSeats.forget(t.id);
                refreshMine();
              },
            },
            "Forget",
          ),
    ]);
    row.dataset.mine = held ? "account" : "device";
    return row;
  }

  return { refresh: refreshMine, held: (id) => accountIds.has(id) };
}
