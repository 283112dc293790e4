// The client's entry point: a hash router between the lobby (#/), a table (#/table/ID), a finished
// game's replay (#/replay/ID, or #/replay/ID/VERSION for one move), a game's leaderboard
// (#/ratings/GAME) and a player's profile (#/players/NAME). Each page's
// code is imported when it is first shown, and a table's game renderer when the table opens
// (games/registry.js), so the lobby downloads no board and a table no lobby. The account (signed in or
// not) is known before the first page shows (js/account.js).

import { api } from "./api.js";
import { refresh as loadAccount } from "./account.js";
import { h, clear } from "./dom.js";
import { GAMES, loadRenderer } from "./games/registry.js";

const root = document.getElementById("app");
let games = [];
let leave = null;
let shown = 0; // counts routes, so a page that finished loading after another was asked for is dropped

const tableId = () => location.hash.match(/^#\/table\/([\w-]+)/)?.[1];
const replayOf = () => location.hash.match(/^#\/replay\/([\w-]+)(?:\/(\d+))?/);
const ratingsOf = () => location.hash.match(/^#\/ratings(?:\/([^/?#]*))?$/);
const playerOf = () => location.hash.match(/^#\/players\/([^/?#]+)/);
const decoded = (part) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};
const pageModule = () =>
  tableId()
    ? import("./table.js")
    : replayOf()
      ? import("./replay.js")
      : ratingsOf()
        ? import("./leaderboard.js")
        : playerOf()
          ? import("./profile.js")
          : import("./lobby.js");

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
  const replay = replayOf();
  const ratings = ratingsOf();
  const player = playerOf();
  try {
    if (ratings) {
      const { leaderboardPage } = await import("./leaderboard.js");
      if (mine === shown) leave = leaderboardPage(root, games, ratings[1] ? decoded(ratings[1]) : null);
    } else if (player) {
      const { profilePage } = await import("./profile.js");
      if (mine === shown) leave = profilePage(root, games, decoded(player[1]));
    } else if (replay) {
      const [{ replayPage }, renderers] = await Promise.all([import("./replay.js"), renderersFor(replay[1])]);
      if (mine === shown) leave = replayPage(root, replay[1], games, renderers, replay[2] ? Number(replay[2]) : null);
    } else if (id) {
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
    // (signed in or not: the pages' headers, "Your tables" and the name fields depend on it)
    [games] = await Promise.all([api.games(), loadAccount()]);
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
