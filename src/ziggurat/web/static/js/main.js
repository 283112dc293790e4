// The client's entry point: a hash router between the lobby (#/) and a table (#/table/ID). Each page's
// code is imported when it is first shown, and a table's game renderer when the table opens
// (games/registry.js), so the lobby downloads no board and a table no lobby.

import { api } from "./api.js";
import { h, clear } from "./dom.js";
import { GAMES, loadRenderer } from "./games/registry.js";

const root = document.getElementById("app");
let games = [];
let leave = null;
let shown = 0; // counts routes, so a page that finished loading after another was asked for is dropped

const tableId = () => location.hash.match(/^#\/table\/([\w-]+)/)?.[1];
const pageModule = () => (tableId() ? import("./table.js") : import("./lobby.js"));

// The renderer of the table's game: it's known from the lobby API before the table's socket opens.
async function renderersFor(id) {
  const table = await api.table(id).catch(() => null); // no such table: the table page says so
  return table ? { [table.game]: await loadRenderer(table.game) } : { generic: await loadRenderer("generic") };
}

async function route() {
  if (leave) leave();
  leave = null;
  const mine = ++shown;
  window.scrollTo(0, 0);
  const id = tableId();
  try {
    if (id) {
      const [{ tablePage }, renderers] = await Promise.all([import("./table.js"), renderersFor(id)]);
      if (mine === shown) leave = tablePage(root, id, games, renderers);
    } else {
      const { lobbyPage } = await import("./lobby.js");
      if (mine === shown) leave = lobbyPage(root, games, GAMES);
    }
  } catch (e) {
    if (mine !== shown) return;
    clear(root).append(h("div", { class: "panel" }, h("h1", {}, "Ziggurat"), h("p", { class: "error" }, e.message)));
    setTimeout(() => mine === shown && route(), 3000);
  }
}

async function start() {
  pageModule().catch(() => {}); // download the page's code while the game list loads
  try {
    games = await api.games();
  } catch (e) {
    clear(root).append(h("div", { class: "panel" }, h("h1", {}, "Ziggurat"), h("p", { class: "error" }, e.message)));
    setTimeout(start, 3000);
    return;
  }
  // A share link may also come as ?table=ID.
  const q = new URLSearchParams(location.search).get("table");
  if (q && !location.hash) location.hash = `#/table/${q}`;
  window.addEventListener("hashchange", route);
  route();
}

start();
