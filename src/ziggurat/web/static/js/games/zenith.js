// Zenith: the chosen board as triangles on a triangular lattice, each level stacked over the three
// spaces that support it (rulings: a piece sits at the centroid of its supports); open spaces where you
// may place are highlighted; eliminations and pieces left are listed.

import { h, s, clickable, plural } from "../dom.js";
import { inkOn, seatMark, swatch } from "../colors.js";
import { offered } from "./common.js";

const COLOURS = { green: "#2f9a4a", orange: "#e8791b", purple: "#8a55c4", blue: "#2f72c4" };
const H = Math.sqrt(3) / 2;
const UNIT = 80;

function colours(c) {
  return c.view.colours.map((name) => COLOURS[name] || "#888");
}

/** Where a space's centre is drawn: level L rests on the centroid of its three supports. */
export function position(space) {
  const [L, q, r] = space.split(".").map(Number);
  return [(q + r / 2 + L / 2) * UNIT, -(r + L / 3) * H * UNIT];
}

function lighter(hex, amount) {
  const n = parseInt(hex.slice(1), 16);
  const mix = (v) => Math.round(v + (255 - v) * amount);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix);
  return `rgb(${r},${g},${b})`;
}

function triangle(x, y, side) {
  const hh = side * H;
  return `${x},${y - (2 * hh) / 3} ${x - side / 2},${y + hh / 3} ${x + side / 2},${y + hh / 3}`;
}

function drawBoard(c, handled) {
  const v = c.view;
  const col = colours(c);
  const legal = offered(c, handled, "place");
  const open = new Set(v.open);
  const all = v.levels.flat().map(position);
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const pad = UNIT * 0.75;
  const [x0, x1, y0, y1] = [Math.min(...xs) - pad, Math.max(...xs) + pad, Math.min(...ys) - pad, Math.max(...ys) + pad];
  const svg = s("svg", {
    viewBox: `${x0} ${y0} ${x1 - x0} ${y1 - y0}`,
    class: "zenith-board",
    role: "group",
    "aria-label": `${v.board_name} board`,
  });
  v.levels.forEach((spaces, L) => {
    const layer = s("g", { class: `level level-${L}` });
    for (const sp of spaces) {
      const [x, y] = position(sp);
      const owner = v.pieces[sp];
      const side = UNIT * (0.94 - L * 0.14);
      if (owner !== undefined) {
        const fill = lighter(col[owner], Math.min(0.45, L * 0.15));
        const g = s(
          "g",
          { class: "piece", dataset: { space: sp, seat: owner, key: `piece:${sp}`, sig: owner } },
          s("title", {}, `${c.names[owner]}'s piece on ${sp} (level ${L})`),
          s("polygon", { points: triangle(x, y, side), fill, filter: L ? "url(#lift)" : null }),
          // the owner's shape (as in the players panel and the log): told apart without the colour
          s("g", { transform: `translate(${x},${y - side * 0.22})` }, seatMark(owner, side * 0.09, { fill: inkOn(fill) })),
        );
        if (L > 0) g.append(s("text", { x, y: y + 8, "text-anchor": "middle", class: "piece-level", fill: inkOn(fill) }, String(L)));
        layer.append(g);
      } else if (legal.has(sp)) {
        const g = s("g", { class: "space target", dataset: { space: sp } }, s("title", {}, `Place on ${sp}`), s("polygon", { points: triangle(x, y, side) }));
        if (L > 0) g.append(s("text", { x, y: y + 8, "text-anchor": "middle", class: "piece-level target-level" }, `↑${L}`));
        clickable(g, `Place a piece on ${sp} (level ${L})`, () => c.act(legal.get(sp)));
        layer.append(g);
      } else if (L === 0) {
        layer.append(s("polygon", { points: triangle(x, y, side), class: "space-empty" }, s("title", {}, `Empty space ${sp}`)));
      } else if (open.has(sp)) {
        layer.append(
          s("g", { class: "space open-other" }, s("title", {}, `Open space ${sp}: needs one of your pieces below to place here`), s("polygon", { points: triangle(x, y, side) })),
        );
      }
    }
    svg.append(layer);
  });
  svg.prepend(
    s(
      "defs",
      {},
      s("filter", { id: "lift", x: "-20%", y: "-20%", width: "140%", height: "150%" }, s("feDropShadow", { dx: 0, dy: 3, stdDeviation: 2.5, "flood-opacity": 0.45 })),
    ),
  );
  return svg;
}

function playersTable(c) {
  const v = c.view;
  const col = colours(c);
  const out = new Map(v.eliminated.map((e) => [e.seat, e]));
  return h(
    "table",
    { class: "scores", "aria-label": "Players" },
    h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, "In hand"), h("th", {}, "On board"), h("th", {}, "Status"))),
    h(
      "tbody",
      {},
      Array.from({ length: v.players }, (_, s2) => {
        const e = out.get(s2);
        return h(
          "tr",
          { class: [c.toAct.includes(s2) && "acting", s2 === c.seat && "me"] },
          h("td", {}, swatch(s2, col[s2]), c.names[s2], s2 === c.seat ? " (you)" : ""),
          h("td", { class: "num" }, String(v.hands[s2])),
          h("td", { class: "num" }, String(v.on_board[s2])),
          h("td", {}, e ? h("span", { class: "dead" }, `out after ${e.moves} moves (${e.reason === "no-space" ? "no space" : "no pieces"})`) : "in"),
        );
      }),
    ),
  );
}

/** Your hand in Zenith: the pieces you still have to place, in your colour. */
function handView(c) {
  const v = c.view;
  if (c.seat === null) return null;
  const left = v.hands[c.seat];
  const colour = colours(c)[c.seat];
  const shown = Math.min(left, 30);
  const pieces = s(
    "svg",
    { class: "zenith-pieces", viewBox: `0 0 ${Math.max(1, shown) * 22 + 4} 24`, "aria-hidden": "true" },
    Array.from({ length: shown }, (_, i) => s("polygon", { points: triangle(13 + i * 22, 15, 20), fill: colour, stroke: "#1b1b1b", "stroke-width": 1.2 })),
  );
  return h(
    "section",
    { class: "hand", "aria-label": "Your hand" },
    h("h3", {}, "Your pieces ", h("span", { class: "muted" }, `(${plural(left, "piece")} left to place, ${v.colour})`)),
    left ? pieces : h("p", { class: "muted" }, "No pieces left: you are out at your next turn."),
  );
}

function render(c) {
  const v = c.view;
  const handled = new Set();
  const header = h(
    "div",
    { class: "game-header" },
    h("span", { class: "round" }, `${v.board_name} · move ${v.moves + 1}`),
    h("span", { class: "length" }, "Place on an empty ground space, or on top of three pieces, at least one of them yours. Whoever can't place is out; the last player standing wins."),
  );
  const elim = v.eliminated.length
    ? h(
        "ul",
        { class: "eliminations", "aria-label": "Eliminations" },
        v.eliminated.map((e) =>
          h("li", {}, `${c.names[e.seat]} is out after ${plural(e.moves, "move")}: ${e.reason === "no-space" ? "no space left to place" : "no pieces left"}.`),
        ),
      )
    : null;
  return {
    board: h(
      "div",
      { class: "zenith" },
      header,
      h("div", { class: "zenith-main" }, drawBoard(c, handled), h("div", {}, playersTable(c), elim, h("p", { class: "muted" }, "Numbers on pieces are their level (ground is 0). Dashed outlines are open spaces for someone with a piece below."))),
      handView(c),
    ),
    handled,
  };
}

// This game's own error codes (docs/games/zenith.md) in words: errors.js learns them as the renderer loads.
const ERRORS = {
  "unknown-space": "There is no such space on this board.",
  occupied: "That space already holds a piece.",
  "space-not-open": "That space isn't open yet: all three spaces below it need pieces.",
  "no-own-support": "A piece must rest on at least one of your own pieces.",
  eliminated: "You are out of this game.",
};

export default {
  id: "zenith",
  errors: ERRORS,
  picture: "/static/img/zenith.svg",
  // The ranking is by elimination order (the last standing first), so that is what the column says.
  scoreLabel: "Elimination",
  scoreCell: (c, seat) => {
    const order = c.view.eliminated.findIndex((e) => e.seat === seat);
    if (order < 0) return c.result.winners.includes(seat) ? "Last standing" : "Still in";
    const e = c.view.eliminated[order];
    const nth = ["1st", "2nd", "3rd"][order] || `${order + 1}th`;
    return `${nth} out, after ${plural(e.moves, "move")} (${e.reason === "no-space" ? "no space" : "no pieces"})`;
  },
  defaultPlayers: 2,
  options: {
    board: {
      label: "Board",
      choices: [
        ["fuji", "Mt. Fuji (10 ground spaces)"],
        ["pikes", "Pikes Peak (15)"],
        ["twin", "Twin Peaks (19, two summits)"],
        ["krakatoa", "Krakatoa (18, a crater)"],
      ],
    },
  },
  optionText: (k, v) => (k === "board" ? { fuji: "Mt. Fuji", pikes: "Pikes Peak", twin: "Twin Peaks", krakatoa: "Krakatoa" }[v] || v : `${k}: ${v}`),
  rules: [
    "On your turn place one piece: on an empty space of the board, or on top of three touching pieces when at least one of them is yours.",
    "If you can't place at the start of your turn (no space, or no pieces left), you are out. The last player standing wins.",
  ],
  colours,
  render,
  label: (a) => (a.startsWith("place:") ? `Place on ${a.slice(6)}` : null),
  prompt: (c) => ({
    text: `Place a piece (${c.view.colour}): click a highlighted space.`,
    waiting: `Waiting for ${c.toAct.map((s2) => c.names[s2]).join(", ")} to place…`,
  }),
  seatSummary: (c, s2) => `${c.view.colours[s2]} · ${c.view.hands[s2]} in hand${c.view.eliminated.some((e) => e.seat === s2) ? " · out" : ""}`,
  resultNote: (c) => {
    const w = c.result.winners[0];
    return w !== undefined ? `${c.names[w]} is the last player standing.` : "";
  },
};
