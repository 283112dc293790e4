// A player's profile (#/players/NAME), from GET /api/players/NAME (docs/server.md, "Ratings"): their
// rating in each game they played rated, the rating over time per game (js/ratingplot.js, its points
// also in a table), the recent games (rated or friendly) with links to their replays, and the share of
// games won in each game. Signed in, on someone else's profile: "Add friend" or "Remove friend".

import { api } from "./api.js";
import { h, clear, toast, plural } from "./dom.js";
import { account, onAccount } from "./account.js";
import { ratingPlot } from "./ratingplot.js";
import { playerPageHead, ordinal, day, moment, gameNamer } from "./playerpage.js";

const NEWCOMER = 1000; // a newcomer's rating as shown, before their first rated game

const key = (name) => name.normalize("NFKC").toLowerCase();
const percent = (x) => `${Math.round(x * 100)}%`;
const wins = (w) => (Number.isInteger(w) ? String(w) : w.toFixed(2).replace(/0$/, "")); // shared wins count 1/k

/** A titled section of the profile (its heading names it for screen readers). */
const panel = (id, title, ...body) => h("section", { class: "panel", "aria-labelledby": id }, h("h2", { id }, title), ...body);

export function profilePage(root, games, username) {
  const gameName = gameNamer(games);
  const { head, h1 } = playerPageHead(username);
  document.title = `${username} · Ziggurat`;
  const friendSlot = h("div", { class: "friend-slot", id: "friend-slot" });
  const body = h("div", { id: "profile", class: "profile", "aria-busy": "true" }, h("p", { class: "muted" }, "Loading…"));
  clear(root).append(h("div", { class: "players-page" }, head, body));
  let profile = null;
  let gone = false;
  let friendsAsked = 0;

  api
    .player(username)
    .then((p) => {
      if (gone) return;
      profile = p;
      h1.textContent = p.username;
      document.title = `${p.username} · Ziggurat`;
      show(p);
      showFriend();
    })
    .catch((e) => {
      if (gone) return;
      if (e.status === 404) h1.textContent = "No such player";
      clear(body).append(h("div", { class: "panel" }, h("p", { class: e.status === 404 ? "" : "error" }, e.message), h("a", { href: "#/" }, "Back to the lobby")));
    })
    .finally(() => body.removeAttribute("aria-busy"));

  // "Add friend" / "Remove friend": for a signed-in player, on someone else's profile.
  async function showFriend() {
    const a = account();
    const asked = ++friendsAsked;
    if (!profile || !a.signed_in || key(a.username) === key(profile.username)) {
      clear(friendSlot);
      return;
    }
    const friends = await api.friends().catch(() => null);
    if (asked !== friendsAsked || !friends) return;
    drawFriend(friends.some((f) => key(f.username) === key(profile.username)));
  }

  function drawFriend(isFriend) {
    const hadFocus = friendSlot.contains(document.activeElement);
    const name = profile.username;
    const button = h(
      "button",
      {
        type: "button",
        id: "friend-button",
        class: isFriend ? "" : "primary",
        onclick: async () => {
          button.disabled = true;
          try {
            const after = await (isFriend ? api.removeFriend(name) : api.addFriend(name));
            const now = after.some((f) => key(f.username) === key(name));
            toast(now ? `${name} is one of your friends now.` : `${name} is no longer one of your friends.`, now ? "good" : "info", 3000);
            drawFriend(now);
          } catch (e) {
            toast(e.message, "error");
            button.disabled = false;
          }
        },
      },
      isFriend ? "Remove friend" : "Add friend",
    );
    clear(friendSlot).append(
      isFriend ? h("span", { class: "badge friend" }, "✓ friend") : null,
      button,
    );
    if (hadFocus) button.focus();
  }

  function show(p) {
    const rated = [...p.ratings].sort((a, b) => gameName(a.game).localeCompare(gameName(b.game)));
    const shares = Object.entries(p.win_share).sort(([a], [b]) => gameName(a).localeCompare(gameName(b)));
    clear(body).append(
      h(
        "section",
        { class: "panel profile-top", "aria-label": "About" },
        h("p", {}, "Playing since ", h("time", { datetime: new Date(p.since * 1000).toISOString() }, day(p.since)), "."),
        friendSlot,
      ),
      panel(
        "h-ratings",
        "Ratings",
        rated.length
          ? h(
              "div",
              { class: "table-scroll" },
              h(
                "table",
                { class: "standings", id: "profile-ratings" },
                h("caption", { class: "sr-only" }, `${p.username}'s ratings`),
                h(
                  "thead",
                  {},
                  h(
                    "tr",
                    {},
                    h("th", { scope: "col" }, "Game"),
                    h("th", { scope: "col", class: "num" }, "Rating"),
                    h("th", { scope: "col", class: "num" }, "Rated games"),
                    h("th", { scope: "col", class: "num" }, "Wins"),
                    h("th", { scope: "col" }, h("span", { class: "sr-only" }, "Leaderboard")),
                  ),
                ),
                h(
                  "tbody",
                  {},
                  rated.map((r) =>
                    h(
                      "tr",
                      { dataset: { game: r.game } },
                      h("th", { scope: "row" }, gameName(r.game)),
                      h("td", { class: "num" }, String(r.rating)),
                      h("td", { class: "num" }, String(r.games)),
                      h("td", { class: "num" }, String(r.wins)),
                      h("td", {}, h("a", { href: `#/ratings/${encodeURIComponent(r.game)}` }, `${gameName(r.game)} leaderboard`)),
                    ),
                  ),
                ),
              ),
            )
          : h("p", { class: "muted" }, "No rated game yet."),
      ),
      plots(p),
      recent(p),
      panel(
        "h-share",
        "Win share",
        shares.length
          ? h(
              "table",
              { class: "standings win-share", id: "win-share" },
              h("caption", { class: "sr-only" }, "Share of finished games won, by game (a shared victory counts as a part of a win)"),
              h(
                "thead",
                {},
                h(
                  "tr",
                  {},
                  h("th", { scope: "col" }, "Game"),
                  h("th", { scope: "col", class: "num" }, "Games"),
                  h("th", { scope: "col", class: "num" }, "Wins"),
                  h("th", { scope: "col" }, "Share"),
                ),
              ),
              h(
                "tbody",
                {},
                shares.map(([game, w]) =>
                  h(
                    "tr",
                    { dataset: { game } },
                    h("th", { scope: "row" }, gameName(game)),
                    h("td", { class: "num" }, String(w.games)),
                    h("td", { class: "num" }, wins(w.wins)),
                    h(
                      "td",
                      { class: "share" },
                      h("span", { class: "share-bar", "aria-hidden": "true" }, h("span", { style: `width: ${percent(w.share)}` })),
                      h("span", { class: "share-text" }, percent(w.share)),
                    ),
                  ),
                ),
              ),
            )
          : h("p", { class: "muted" }, "No finished game yet."),
      ),
    );
  }

  // One chart per game, its numbers in a table under it (folded away; screen readers reach it too).
  function plots(p) {
    const games = Object.keys(p.history).filter((g) => p.history[g].length).sort((a, b) => gameName(a).localeCompare(gameName(b)));
    const width = Math.min(720, (root.clientWidth || 600) - 40);
    return panel("h-history", "Rating over time",
      games.length
        ? games.map((game) => {
            const points = p.history[game];
            const name = gameName(game);
            const ratings = points.map((x) => x.rating);
            const first = points[0];
            const last = points[points.length - 1];
            const description =
              `${plural(points.length, "rated game")} from ${day(first.at)} to ${day(last.at)}: ` +
              `${NEWCOMER} at the start, ${last.rating} now, highest ${Math.max(...ratings)}, lowest ${Math.min(...ratings)}. ` +
              "Every game is in the table after the chart.";
            return h(
              "figure",
              { class: "rating-history", dataset: { game } },
              h("h3", { id: `plot-h-${game}` }, name),
              ratingPlot(points, { id: `plot-${game}`, title: `${p.username}'s ${name} rating over time`, description, width, day }),
              h(
                "details",
                { class: "plot-data" },
                h("summary", {}, `${name}: every rated game in numbers`),
                h(
                  "table",
                  { class: "standings", id: `plot-table-${game}` },
                  h("caption", { class: "sr-only" }, `${p.username}'s ${name} rating after each rated game`),
                  h(
                    "thead",
                    {},
                    h(
                      "tr",
                      {},
                      h("th", { scope: "col" }, "Game"),
                      h("th", { scope: "col" }, "Date"),
                      h("th", { scope: "col" }, "Place"),
                      h("th", { scope: "col", class: "num" }, "Rating"),
                      h("th", { scope: "col", class: "num" }, "Change"),
                      h("th", { scope: "col" }, h("span", { class: "sr-only" }, "Replay")),
                    ),
                  ),
                  h(
                    "tbody",
                    {},
                    points.map((x, i) => {
                      const change = x.rating - (i ? points[i - 1].rating : NEWCOMER);
                      return h(
                        "tr",
                        {},
                        h("td", {}, String(i + 1)),
                        h("td", {}, moment(x.at)),
                        h("td", {}, ordinal(x.rank)),
                        h("td", { class: "num" }, String(x.rating)),
                        h("td", { class: "num" }, `${change > 0 ? "+" : change < 0 ? "−" : "±"}${Math.abs(change)}`),
                        h("td", {}, h("a", { href: `#/replay/${encodeURIComponent(x.table)}`, "aria-label": `Replay of rated game ${i + 1}` }, "Replay")),
                      );
                    }),
                  ),
                ),
              ),
            );
          })
        : h("p", { class: "muted" }, "The chart starts with the first rated game."),
    );
  }

  function recent(p) {
    return panel("h-recent", "Recent games",
      p.recent.length
        ? h(
            "ul",
            { class: "table-list recent-games", id: "recent-games" },
            p.recent.map((g) => {
              const outcome = g.won ? "Won" : Number.isInteger(g.rank) ? `${ordinal(g.rank)} of ${g.players}` : "Finished";
              return h(
                "li",
                { class: "table-row", dataset: { table: g.table, rated: g.rated ? "true" : "false" } },
                h(
                  "div",
                  { class: "row-text" },
                  h("strong", {}, gameName(g.game)),
                  " ",
                  h("span", { class: ["pill", g.rated ? "pill-rated" : "pill-friendly"] }, g.rated ? "Rated" : "Friendly"),
                  h("span", { class: ["outcome", g.won && "won"] }, ` ${outcome}`),
                  h("span", { class: "muted" }, ` · ${plural(g.players, "player")}`, g.finished_at ? ` · ${moment(g.finished_at)}` : ""),
                ),
                h(
                  "div",
                  { class: "row-buttons" },
                  h("a", { class: "button", href: `#/replay/${encodeURIComponent(g.table)}`, "aria-label": `Replay the ${gameName(g.game)} game of table ${g.table}` }, "Replay"),
                ),
              );
            }),
          )
        : h("p", { class: "muted" }, "No finished game yet."),
    );
  }

  const unsubscribe = onAccount(() => showFriend());
  return () => {
    gone = true;
    unsubscribe();
  };
}
