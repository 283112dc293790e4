// The frame of the players' pages (js/leaderboard.js, js/profile.js): the header (back to the lobby,
// the page's title, the leaderboards, the account's corner), their stylesheet (css/players.css, loaded
// with them: the lobby and the tables don't download it), and how they write dates and places.

import { h } from "./dom.js";
import { accountBar } from "./accountbar.js";

let styled = false;
function loadStyle() {
  if (styled) return;
  styled = true;
  document.head.append(h("link", { rel: "stylesheet", href: new URL("../css/players.css", import.meta.url).href }));
}

/** The page's header, with its h1 (returned too, to change its text once the data comes). */
export function playerPageHead(title) {
  loadStyle();
  const h1 = h("h1", {}, title);
  const head = h(
    "header",
    { class: "table-head players-head" },
    h("a", { href: "#/", class: "back", "aria-label": "Back to the lobby" }, "← Lobby"),
    h("div", { class: "title-block" }, h1),
    h("nav", { class: "players-nav", "aria-label": "Players" }, h("a", { href: "#/ratings" }, "Leaderboards")),
    accountBar(),
  );
  return { head, h1 };
}

export function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th";
  return `${n}${suffix}`;
}

export const day = (at) =>
  new Date(at * 1000).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });

export const moment = (at) => new Date(at * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A game's name from GET /api/games (its id if the server no longer offers it). */
export const gameNamer = (games) => (id) => games.find((g) => g.id === id)?.name || id;
