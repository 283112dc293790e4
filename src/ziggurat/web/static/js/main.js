// The client's entry point: a hash router between the lobby (#/) and a table (#/table/ID).

import { api } from "./api.js";
import { h, clear } from "./dom.js";
import { lobbyPage } from "./lobby.js";
import { tablePage } from "./table.js";
import { RENDERERS } from "./games/registry.js";

const root = document.getElementById("app");
let games = [];
let leave = null;

function route() {
  if (leave) leave();
  leave = null;
  window.scrollTo(0, 0);
  const m = location.hash.match(/^#\/table\/([\w-]+)/);
  if (m) leave = tablePage(root, m[1], games, RENDERERS);
  else leave = lobbyPage(root, games, RENDERERS);
}

async function start() {
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
