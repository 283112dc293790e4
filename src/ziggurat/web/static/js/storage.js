// What this browser remembers: the player's name and a seat token per table (so a reload, or a tab
// closed and opened again, comes back to the same seat).

const SEATS = "ziggurat.seats";
const NAME = "ziggurat.name";

function read() {
  try {
    const v = JSON.parse(localStorage.getItem(SEATS) || "{}");
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}

function write(all) {
  try {
    localStorage.setItem(SEATS, JSON.stringify(all));
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
