// One renderer per game, by game id, each imported only when first needed: when a table of that game
// opens, or the lobby's form for a new table of it. The lobby itself needs only the pictures below.
// "generic" draws any other game as buttons.

import { h } from "../dom.js";
import { learn } from "../errors.js";

// (in the order the lobby shows the games: the flagship first)
const LOADERS = {
  zealous: () => import("./zealous.js"),
  faiths: () => import("./faiths.js"),
  zombology: () => import("./zombology.js"),
  zenith: () => import("./zenith.js"),
  generic: () => import("./generic.js"),
};

const picture = (name) => new URL(`../../img/${name}.svg`, import.meta.url).href;

// What the lobby shows of each game without loading its renderer.
export const GAMES = Object.fromEntries(
  Object.keys(LOADERS)
    .filter((id) => id !== "generic")
    .map((id) => [id, { picture: picture(id) }]),
);

const ORDER = Object.keys(GAMES);

/** The flagship: the leaderboard's game when the address names none. */
export const FLAGSHIP = ORDER[0];

/** The games (from GET /api/games) in the site's order: those with a renderer first, the flagship first. */
export function inOrder(games) {
  const rank = (g) => (ORDER.includes(g.id) ? ORDER.indexOf(g.id) : ORDER.length);
  return [...games].sort((a, b) => rank(a) - rank(b));
}

const loading = new Map();

// The game's renderer (the module's default export), or the generic one for a game without its own.
// Its rules help (the table's "How to play") ends with a link to the game's whole rules, which the
// server serves at /rules/<game> from docs/games/<game>.md.
export async function loadRenderer(id) {
  const key = id in LOADERS ? id : "generic";
  if (!loading.has(key)) {
    const p = LOADERS[key]().then((m) => {
      learn(m.default.errors || {}); // the game's error codes, in words
      return m.default;
    });
    p.catch(() => loading.delete(key)); // a failed download is tried again next time
    loading.set(key, p);
  }
  const renderer = await loading.get(key);
  if (key === "generic") return renderer;
  const link = h("a", { href: `/rules/${key}`, target: "_blank", rel: "noopener", class: "rules-link" }, "The complete rules");
  return { ...renderer, rules: [...(renderer.rules || []), [link, " (in a new tab)"]] };
}
