// The Zealous board as the rulebook describes it: the Holy City in the centre, the three Judgment tiles
// around it (inner ring), the outer ring m1 e1 m2 e2 m3 e3 clockwise, and a Birth Site behind each outer
// tile. Tiles that touch are connected: Empty tiles reach in to two Judgment tiles; Miracle tiles don't
// (the dark gap in front of them), exactly as the rulings' connection table says.

import { s, clickable } from "../dom.js";
import { inkOn, seatMark } from "../colors.js";

export const TILES = ["holy", "j1", "j2", "j3", "e1", "e2", "e3", "m1", "m2", "m3", "be1", "be2", "be3", "bm1", "bm2", "bm3"];

export const CONNECTIONS = {
  holy: ["j1", "j2", "j3"],
  j1: ["holy", "j2", "j3", "e3", "e1"],
  j2: ["holy", "j1", "j3", "e1", "e2"],
  j3: ["holy", "j1", "j2", "e2", "e3"],
  e1: ["m1", "m2", "j1", "j2", "be1"],
  e2: ["m2", "m3", "j2", "j3", "be2"],
  e3: ["m3", "m1", "j3", "j1", "be3"],
  m1: ["e3", "e1", "bm1"],
  m2: ["e1", "e2", "bm2"],
  m3: ["e2", "e3", "bm3"],
  be1: ["e1"],
  be2: ["e2"],
  be3: ["e3"],
  bm1: ["m1"],
  bm2: ["m2"],
  bm3: ["m3"],
};

export function kind(tile) {
  if (tile === "holy") return "holy";
  return { j: "judgment", e: "empty", m: "miracle", b: "birth" }[tile[0]];
}

export const KIND_NAMES = {
  holy: "Holy City",
  judgment: "Judgment tile",
  empty: "Empty tile",
  miracle: "Miracle tile",
  birth: "Birth Site",
};

/** Steps to the Holy City (the tie-break), from the rulings. */
export const DISTANCE = { holy: 0, j: 1, e: 2, m: 3, be: 3, bm: 4 };
export function distance(tile) {
  if (!tile) return Infinity;
  if (tile === "holy") return 0;
  return tile.startsWith("b") ? DISTANCE[tile.slice(0, 2)] : DISTANCE[tile[0]];
}

export function tileName(tile) {
  const k = kind(tile);
  if (k === "holy") return "the Holy City";
  if (k === "birth") return `the Birth Site ${tile} (behind ${tile.slice(1)})`;
  return `${KIND_NAMES[k]} ${tile}`;
}

/** What a tile does, for the "i" panel and tooltips; players: the table's player count. */
export function tileHelp(k, players) {
  const big = players >= 5;
  return {
    holy: "The centre. Each follower here scores 2 points a round, not 1. Connected only to the three Judgment tiles.",
    judgment:
      "Inner ring. Move your prophet here and you draw a Judgment card. Connected to the Holy City, the other Judgment tiles and the two Empty tiles in front of it.",
    miracle:
      "Outer ring. Move your prophet here and you draw a Miracle card. Connected to the two Empty tiles beside it and its Birth Site, never to a Judgment tile.",
    empty:
      "Outer ring. No card, nothing but a place to stand: it is the way in, connected to two Judgment tiles, the two Miracle tiles beside it and its Birth Site.",
    birth: big
      ? "Where prophets start and are reborn. With 5–6 players it is an ordinary tile for followers (1 point each) and prophets may walk onto it."
      : "Where prophets start and are reborn. With 3–4 players it is only a doorway: no follower can ever be here, and no prophet can walk onto it, so a prophet here is safe.",
  }[k];
}

// --- geometry (SVG units; the board is centred on 0,0) -------------------------------------------------
const R = { holy: 86, j: [94, 186], eIn: 194, mIn: 262, out: 372, b: [384, 452] };
const OUTER_ANGLE = { m1: -90, e1: -30, m2: 30, e2: 90, m3: 150, e3: 210 };
const J_ANGLE = { j1: -90, j2: 30, j3: 150 };

function polar(r, deg) {
  const a = (deg * Math.PI) / 180;
  return [r * Math.cos(a), r * Math.sin(a)];
}

function sector(r1, r2, a1, a2) {
  const [x1, y1] = polar(r2, a1);
  const [x2, y2] = polar(r2, a2);
  const [x3, y3] = polar(r1, a2);
  const [x4, y4] = polar(r1, a1);
  const large = a2 - a1 > 180 ? 1 : 0;
  return `M${x1},${y1} A${r2},${r2} 0 ${large} 1 ${x2},${y2} L${x3},${y3} A${r1},${r1} 0 ${large} 0 ${x4},${y4} Z`;
}

/**
 * Each tile's outline and layout: its label at (lx, ly) and its contents centred at (cx, cy). Birth
 * Sites are thin bands, so their label and contents are drawn turned along the band (rot degrees).
 */
export function geometry() {
  // The Holy City: its label high in the disc, up to 4 pieces a row under it.
  const g = { holy: { d: null, circle: R.holy, lx: 0, ly: -62, cx: 0, cy: 14, rot: 0, perRow: 4, step: 34, small: true } };
  for (const [t, a] of Object.entries(J_ANGLE)) {
    const d = sector(R.j[0], R.j[1], a - 59, a + 59);
    if (a === -90) {
      const [x, y] = polar(138, a);
      g[t] = { d, lx: x, ly: y - 24, cx: x, cy: y + 14, rot: 0, perRow: 5, small: true };
    } else {
      // j2/j3 lean down-right/left: a horizontal label near the centre would cut the Holy City's rim
      // and the gaps between the Judgment tiles, so it goes low in the band and the pieces above it.
      const side = Math.sign(Math.cos((a * Math.PI) / 180));
      g[t] = { d, lx: side * 80, ly: 110, cx: side * 116, cy: 66, rot: 0, perRow: 3, small: true, badgeX: side * 70, badgeY: 133 };
    }
  }
  for (const [t, a] of Object.entries(OUTER_ANGLE)) {
    const isE = t[0] === "e";
    const [x, y] = polar(isE ? 296 : 316, a);
    // The lower Miracle tiles (m2, m3) are narrow where their label would sit: move it outwards, off
    // the hatched "no path" gap.
    const lowM = !isE && Math.sin((a * Math.PI) / 180) > 0; // the label goes under the pieces
    g[t] = lowM
      ? { d: sector(R.mIn, R.out, a - 29.2, a + 29.2), lx: Math.sign(x) * 234, ly: 201, cx: Math.sign(x) * 270, cy: 158, rot: 0, perRow: 3, small: true, badgeY: 124 }
      : { d: sector(isE ? R.eIn : R.mIn, R.out, a - 29.2, a + 29.2), lx: x, ly: y - 32, cx: x, cy: y + 10, rot: 0, perRow: 4 };
    const [bx, by] = polar((R.b[0] + R.b[1]) / 2, a);
    let rot = a + 90;
    if (rot > 90 && rot < 270) rot -= 180;
    g[`b${t}`] = { d: sector(R.b[0], R.b[1], a - 19, a + 19), x: bx, y: by, rot, lx: 0, ly: -19, cx: 0, cy: 12, perRow: 8, band: true };
  }
  return g;
}

const GEO = geometry();

// --- pieces ----------------------------------------------------------------------------------------------
export function pawn(x, y, colour, label, scale = 1, seat = null) {
  const ink = inkOn(colour);
  return s(
    "g",
    { class: "prophet", transform: `translate(${x},${y}) scale(${scale})` },
    s("title", {}, label),
    s("ellipse", { cx: 0, cy: 15, rx: 15, ry: 5, class: "pawn-shadow" }),
    s("path", {
      d: "M-11,14 C-11,4 -6,-2 -5,-5 A9,9 0 1 1 5,-5 C6,-2 11,4 11,14 Z",
      fill: colour,
      stroke: ink === "#ffffff" ? "#1b1b1b" : "#1b1b1b",
      "stroke-width": 2,
    }),
    s("circle", { cx: -3, cy: -13, r: 2.5, fill: "#ffffff", opacity: 0.55 }),
    // the seat's shape on the body: told apart without the colour
    seat === null ? null : s("g", { transform: "translate(0,6)" }, seatMark(seat, 4.2, { fill: ink })),
  );
}

function chip(x, y, colour, count, label, scale = 1, seat = 0) {
  return s(
    "g",
    { class: "chip", transform: `translate(${x},${y})${scale !== 1 ? ` scale(${scale})` : ""}` },
    s("title", {}, label),
    seatMark(seat, 16, { fill: colour, stroke: "#1b1b1b", "stroke-width": 1.5 }),
    s("text", { y: 6, "text-anchor": "middle", fill: inkOn(colour), stroke: colour, class: "chip-text halo" }, String(count)),
  );
}

const ICON = { holy: "☀", judgment: "⚖", miracle: "✦", empty: "", birth: "⌂" };

/**
 * Draw the board. opts: {view, names, colours, tileActions: {tile: [action]}, followerActions:
 * {"tile:seat": action}, onTile(tile, actions, event), onFollower(action), proliferated: {tile: [seats]},
 * proliferatedAge: ms, mySeat}
 */
export function drawBoard(opts) {
  const { view, names, colours } = opts;
  const n = view.players;
  const big = n >= 5;
  const root = s("svg", {
    viewBox: "-470 -470 940 940",
    class: "zealous-board",
    role: "group",
    "aria-label": "Zealous board",
  });
  const defs = s(
    "defs",
    {},
    s(
      "pattern",
      { id: "gap-hatch", width: 10, height: 10, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      s("rect", { width: 10, height: 10, fill: "#3b3552" }),
      s("line", { x1: 0, y1: 0, x2: 0, y2: 10, stroke: "#4d4667", "stroke-width": 4 }),
    ),
    s(
      "radialGradient",
      { id: "holy-glow" },
      s("stop", { offset: "0%", "stop-color": "#fff6cf" }),
      s("stop", { offset: "100%", "stop-color": "#f0c75a" }),
    ),
  );
  root.append(defs);
  // The ground: a dark disc; the gaps in front of the Miracle tiles stay visible as "no path".
  root.append(s("circle", { r: 462, class: "board-ground" }));
  root.append(s("circle", { r: R.out + 4, fill: "url(#gap-hatch)" }));
  for (const [t, a] of Object.entries(OUTER_ANGLE)) {
    if (t[0] !== "m") continue;
    const [x, y] = polar((R.j[1] + R.mIn) / 2, a);
    root.append(s("text", { x, y: y + 4, class: "gap-label", "text-anchor": "middle" }, "no path"));
  }

  const layer = s("g", { class: "tiles" });
  const marks = s("g", { class: "marks" });
  root.append(layer, marks);
  const sanctByTile = {};
  (view.sanctuaries || []).forEach((tiles, seat) => tiles.forEach((t) => (sanctByTile[t] ||= []).push(seat)));

  for (const t of TILES) {
    const geo = GEO[t];
    const k = kind(t);
    const actions = opts.tileActions[t] || [];
    const dead = k === "birth" && !big;
    const counts = view.followers[t] || [];
    const total = counts.reduce((a, b) => a + b, 0);
    const g = s("g", { class: ["tile", `tile-${k}`, dead && "tile-doorway", actions.length && "target"], dataset: { tile: t } });
    const shapeAttrs = { class: "tile-shape" };
    const shape = geo.circle ? s("circle", { r: geo.circle, ...shapeAttrs }) : s("path", { d: geo.d, ...shapeAttrs });
    g.append(shape);
    const desc = `${KIND_NAMES[k]} ${t}${total ? `, ${total} follower${total > 1 ? "s" : ""}` : ""}`;
    g.append(s("title", {}, `${desc}. ${tileHelp(k, n)}`));
    // label (in the tile's own frame: turned along the band for Birth Sites)
    const frame = (parent) => {
      const fr = s("g", geo.rot || geo.x ? { transform: `translate(${geo.x || 0},${geo.y || 0}) rotate(${geo.rot})` } : {});
      parent.append(fr);
      return fr;
    };
    const labelText = `${ICON[k] && k !== "holy" ? `${ICON[k]} ` : ""}${k === "holy" ? "Holy City ×2" : k === "birth" ? `Birth Site ${t}` : `${KIND_NAMES[k].split(" ")[0]} ${t}`}`;
    // On a Birth Site with a Sanctuary or Famine badge, the label steps aside for it (same line).
    const bandBadges = geo.band && ((sanctByTile[t] || []).length || (view.famine || []).includes(t));
    frame(g).append(s("text", { x: bandBadges ? geo.lx - 42 : geo.lx, y: geo.ly + 6, class: ["tile-label", (geo.small || geo.band) && "small", geo.band && "band"], "text-anchor": "middle" }, labelText));
    if (actions.length) {
      const verb = actions[0].split(":")[0];
      const word = { move: "Move here", place: "Place here", birth: "Stand here", tile: "Choose" }[verb] || "Choose";
      clickable(g, `${word}: ${tileName(t)}`, (e) => opts.onTile(t, actions, e));
    }
    layer.append(g);

    // contents: the prophets standing here, then one chip per religion with its follower count
    const items = [];
    view.prophets.forEach((p, seat) => {
      if (p === t) items.push({ prophet: seat });
    });
    counts.forEach((c, seat) => {
      if (c > 0) items.push({ seat, count: c });
    });
    const perRow = geo.perRow;
    const step = geo.step || 36;
    const rows = Math.ceil(items.length / perRow);
    const box = frame(marks);
    const chipAt = {};
    // A crowded Birth Site (5–6 players) draws its pieces smaller, to stay inside the band.
    const squeeze = geo.band && items.length > 4 ? 0.8 : 1;
    items.forEach((it, i) => {
      const row = Math.floor(i / perRow);
      const inRow = Math.min(perRow, items.length - row * perRow);
      const x = geo.cx + ((i % perRow) - (inRow - 1) / 2) * step * squeeze;
      const y = geo.cy + (bandBadges ? 5 : 0) + (row - (rows - 1) / 2) * 38;
      if (it.prophet !== undefined) {
        const seat = it.prophet;
        const p = pawn(x, y - 4, colours[seat], `${names[seat]}'s prophet${seat === opts.mySeat ? " (you)" : ""}`, 1.05 * squeeze, seat);
        Object.assign(p.dataset, { key: `prophet:${seat}`, at: t }); // a prophet on another tile has moved
        box.append(p);
        return;
      }
      const { seat, count } = it;
      chipAt[seat] = [x, y];
      const label = `${names[seat]}: ${count} follower${count > 1 ? "s" : ""} on ${t}`;
      const ch = chip(x, y, colours[seat], count, label, squeeze, seat);
      Object.assign(ch.dataset, { key: `followers:${t}:${seat}`, sig: count });
      const fa = opts.followerActions[`${t}:${seat}`];
      if (fa) {
        ch.classList.add("target");
        ch.prepend(s("circle", { r: 27, class: "hit", fill: "transparent" })); // a finger-sized target
        clickable(ch, `Choose ${names[seat]}'s follower on ${t}`, () => opts.onFollower(fa));
      }
      box.append(ch);
    });

    // Sanctuary and Famine marks
    // Badges go under the pieces; in a Birth Site's thin band, beside its label instead (inside the band).
    let badgeY = geo.badgeY ?? geo.cy + 32 + Math.max(0, rows - 1) * 19;
    let badgeX = geo.badgeX ?? geo.cx;
    if (geo.band) {
      badgeY = geo.ly + 13; // the band curves: lower at its ends
      badgeX = 80;
    }
    const marksHere = [
      ...(sanctByTile[t] || []).map((seat) => ["Sanctuary", colours[seat], `${names[seat]}'s Sanctuary: their followers here are protected from opponents' cards`, seat]),
      ...((view.famine || []).includes(t) ? [["Famine", "#7a4b1e", "Famine: this tile won't proliferate at the end of this round"]] : []),
    ];
    for (const [text, colour, title, seat] of marksHere) {
      const b = badge(badgeX, badgeY, text, colour, title, seat);
      b.dataset.key = `${text}:${t}:${seat ?? ""}`;
      box.append(b);
      badgeY += geo.band ? 0 : 20;
      if (geo.band) badgeX -= 200; // a second badge on a band: at its other end
    }
    // +1 from the last proliferation
    const added = opts.proliferated?.[t];
    if (added && added.length) {
      const grp = s("g", { class: "proliferated", style: `animation-delay:-${opts.proliferatedAge || 0}ms` });
      added.forEach((seat, i) => {
        // on the top right of the chip that grew (it is there: proliferation added to it)
        const at = chipAt[seat] || [geo.cx + i * 12, geo.cy];
        const [x, y] = [at[0] + 13, at[1] - 15];
        grp.append(
          s(
            "g",
            { transform: `translate(${x},${y})` },
            s("title", {}, `Proliferation: ${names[seat]} +1 on ${t}`),
            seatMark(seat, 12, { fill: colours[seat], stroke: "#fff", "stroke-width": 2 }),
            s("text", { y: 5, "text-anchor": "middle", fill: inkOn(colours[seat]), stroke: colours[seat], class: "mark-text halo" }, "+1"),
          ),
        );
      });
      box.append(grp);
    }
  }
  return root;
}

function badge(x, y, text, colour, title, seat = null) {
  // a seat's badge (Sanctuary) starts with the seat's shape: whose it is, without the colour
  const lead = seat === null || seat === undefined ? 0 : 11;
  const w = text.length * 7 + 14 + lead;
  return s(
    "g",
    { class: "mark", transform: `translate(${x - w / 2},${y - 9})` },
    s("title", {}, title),
    s("rect", { width: w, height: 18, rx: 9, fill: colour, stroke: "#1b1b1b", "stroke-width": 1 }),
    lead ? s("g", { transform: "translate(12,9)" }, seatMark(seat, 4.5, { fill: inkOn(colour) })) : null,
    s("text", { x: (w + lead) / 2, y: 13, "text-anchor": "middle", fill: inkOn(colour), class: "mark-text" }, text),
  );
}
