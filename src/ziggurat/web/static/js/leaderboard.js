// A game's leaderboard (#/ratings/GAME; #/ratings is the flagship's): its rated players, best first,
// from GET /api/ratings/GAME (docs/server.md, "Ratings"): place, player (a link to the profile),
// rating, rated games and wins. A selector switches games; the signed-in player's row is marked.

import { api } from "./api.js";
import { h, clear } from "./dom.js";
import { account } from "./account.js";
import { playerLink } from "./playerlink.js";
import { playerPageHead, ordinal } from "./playerpage.js";
import { FLAGSHIP } from "./games/registry.js";

const LIMIT = 100;

export function leaderboardPage(root, games, gameId) {
  const game = games.find((g) => g.id === gameId) || games.find((g) => g.id === FLAGSHIP) || games[0];
  if (!game) return () => {};
  if (gameId !== game.id) history.replaceState(null, "", `#/ratings/${encodeURIComponent(game.id)}`);
  document.title = `${game.name} leaderboard · Ziggurat`;
  const { head } = playerPageHead("Leaderboard");
  const select = h(
    "select",
    {
      id: "leaderboard-game",
      onchange: (e) => {
        location.hash = `#/ratings/${encodeURIComponent(e.target.value)}`;
      },
    },
    games.map((g) => h("option", { value: g.id, selected: g.id === game.id }, g.name)),
  );
  const body = h("div", { id: "leaderboard", "aria-busy": "true" }, h("p", { class: "muted" }, "Loading…"));
  clear(root).append(
    h(
      "div",
      { class: "players-page" },
      head,
      h(
        "section",
        { class: "panel", "aria-labelledby": "h-board" },
        h(
          "div",
          { class: "board-head" },
          h("h2", { id: "h-board" }, `${game.name}: the best rated players`),
          h("label", { class: "game-select" }, "Game ", select),
        ),
        body,
        h(
          "p",
          { class: "muted rating-note" },
          "Ratings move after rated games only. A rating is a cautious estimate of skill: a newcomer shows 1000, and it climbs as the games show how well they play.",
        ),
      ),
    ),
  );

  let gone = false;
  api
    .leaderboard(game.id, LIMIT)
    .then((rows) => {
      if (!gone) show(rows);
    })
    .catch((e) => {
      if (!gone) clear(body).append(h("p", { class: "error" }, e.message));
    })
    .finally(() => body.removeAttribute("aria-busy"));

  function show(rows) {
    if (!rows.length) {
      clear(body).append(h("p", { class: "muted" }, `Nobody has played a rated game of ${game.name} yet. Create a rated table in the lobby!`));
      return;
    }
    const me = account().signed_in ? account().username : null;
    clear(body).append(
      h(
        "div",
        { class: "table-scroll" },
        h(
          "table",
          { class: "standings", id: "standings" },
          h("caption", { class: "sr-only" }, `${game.name} leaderboard`),
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              h("th", { scope: "col" }, "Place"),
              h("th", { scope: "col" }, "Player"),
              h("th", { scope: "col", class: "num" }, "Rating"),
              h("th", { scope: "col", class: "num" }, "Games"),
              h("th", { scope: "col", class: "num" }, "Wins"),
            ),
          ),
          h(
            "tbody",
            {},
            rows.map((r) =>
              h(
                "tr",
                { class: [r.username === me && "me"], dataset: { player: r.username } },
                h("td", {}, ordinal(r.place)),
                h("th", { scope: "row" }, playerLink(r.username), r.username === me ? h("span", { class: "badge you" }, "you") : null),
                h("td", { class: "num" }, String(r.rating)),
                h("td", { class: "num" }, String(r.games)),
                h("td", { class: "num" }, String(r.wins)),
              ),
            ),
          ),
        ),
      ),
    );
  }

  return () => {
    gone = true;
  };
}
