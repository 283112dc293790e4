// What this browser remembers: the player's name, a seat token per table (so a reload, or a tab
// closed and opened again, comes back to the same seat), and per table whom you muted in its chat.
// A seat taken while signed in (or claimed by signing up) is marked with the account's name: signing
// out forgets it here, the account keeps it (js/account.js).

const SEATS = "ziggurat.seats";
const NAME = "ziggurat.name";
const CHAT = "ziggurat.chat";
const CHAT_TABLES = 100; // the chat memory of so many tables at most, the most recent

function read(key = SEATS) {
  try {
    const v = JSON.parse(localStorage.getItem(key) || "{}");
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}

function write(all, key = SEATS) {
  try {
    localStorage.setItem(key, JSON.stringify(all));
  } catch {
    /* private mode: the seat lasts as long as the page */
  }
}

export const seats = {
  all: () => read(),
  get: (tableId) => read()[tableId] || null,
  put(tableId, info) {
    const all = read();
    all[tableId] = { ...(all[tableId] || {}), ...info, saved: Date.now() };
    write(all);
  },
  forget(tableId) {
    const all = read();
    delete all[tableId];
    write(all);
  },
  /** Every seat token kept here (what signing up hands to the new account). */
  tokens: () => Object.values(read()).map((s) => s.token).filter((t) => typeof t === "string" && t),
  /** Mark these tables' seats as the account's. */
  markAccount(tableIds, username) {
    const all = read();
    for (const id of tableIds) if (all[id]) all[id].account = username;
    write(all);
  },
  /** Forget the seats of an account (it signed out of this browser): they are the account's, not the browser's. */
  forgetAccount(username) {
    const all = read();
    const key = username.toLowerCase();
    for (const [id, s] of Object.entries(all)) if (typeof s.account === "string" && s.account.toLowerCase() === key) delete all[id];
    write(all);
  },
};

/** A table's chat, as this browser keeps it: {muted: [author keys], read: the last seq read | null}. */
export const chatMemory = {
  get(tableId) {
    const v = read(CHAT)[tableId] || {};
    return {
      muted: Array.isArray(v.muted) ? v.muted.filter((k) => typeof k === "string") : [],
      read: Number.isInteger(v.read) ? v.read : null,
    };
  },
  put(tableId, info) {
    const all = read(CHAT);
    all[tableId] = { ...(all[tableId] || {}), ...info, saved: Date.now() };
    // never growing without end: the tables touched last are kept
    const keep = Object.entries(all).sort((a, b) => (b[1].saved || 0) - (a[1].saved || 0)).slice(0, CHAT_TABLES);
    write(Object.fromEntries(keep), CHAT);
  },
};

export function playerName() {
  try {
    return localStorage.getItem(NAME) || "";
  } catch {
    return "";
  }
}

export function setPlayerName(name) {
  try {
    localStorage.setItem(NAME, name);
  } catch {
    /* ignore */
  }
}
