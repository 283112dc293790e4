// The Faiths map, drawn as a schematic: the 26 territories where they lie (west to east, north to
// south), a line for every border, homelands starred, and each religion's PC as numbered chips.

import { s, clickable } from "../dom.js";
import { inkOn, seatMark } from "../colors.js";

export const POS = {
  egypt: [70, 470],
  yemen: [190, 610],
  arabia: [215, 470],
  south_israel: [90, 345],
  north_israel: [105, 225],
  anatolia: [95, 95],
  caucasus: [245, 70],
  mesopotamia: [215, 255],
  iran: [345, 300],
  afghanistan: [455, 250],
  central_asia: [470, 110],
  siberia: [650, 60],
  mongolia: [660, 170],
  manchuria: [840, 95],
  korea: [905, 215],
  japan: [980, 330],
  north_china: [790, 250],
  south_china: [840, 400],
  tibet: [640, 300],
  indochina: [800, 530],
  malaya: [760, 650],
  east_india: [640, 450],
  north_india: [530, 370],
  west_india: [420, 430],
  south_india: [540, 540],
  ceylon: [610, 655],
};

export const RELIGION_COLOURS = {
  shinto: "#c62828",
  taoism: "#455a64",
  confucianism: "#f2b01e",
  buddhism: "#ef6c00",
  jainism: "#00796b", // white on it reaches 5.3:1 (#00897b reached 4.4 with either ink)
  hinduism: "#c2185b",
  sikhism: "#0288d1",
  zoroastrianism: "#795548",
  islam: "#2e7d32",
  judaism: "#3949ab",
  christianity: "#8e24aa",
};

export function niceName(id) {
  return id.replace(/_/g, " ").replace(/\b\w/g, (m) => m.toUpperCase());
}

const NODE_R = 50;
// Borders drawn as curves, so that they don't run under another territory.
const BENDS = { "japan|manchuria": [1045, 120] };

/**
 * opts: {view, names, colours (per seat), borders: {t: [t]}, actions: {t: [action]}, onTerritory(t,
 * actions, event), pendingTargets: Set, mySeat}
 */
export function drawMap(opts) {
  const { view, names, colours, borders } = opts;
  const svg = s("svg", { viewBox: "0 0 1060 720", class: "faiths-map", role: "group", "aria-label": "Faiths map" });
  svg.append(s("rect", { x: 0, y: 0, width: 1060, height: 720, rx: 18, class: "map-sea" }));
  const lines = s("g", { class: "borders" });
  const nodes = s("g", { class: "territories" });
  svg.append(lines, nodes);
  const seen = new Set();
  for (const [t, nb] of Object.entries(borders)) {
    for (const u of nb) {
      const key = [t, u].sort().join("|");
      if (seen.has(key)) continue;
      seen.add(key);
      const [x1, y1] = POS[t];
      const [x2, y2] = POS[u];
      const bend = BENDS[key];
      if (bend) lines.append(s("path", { d: `M${x1},${y1} Q${bend[0]},${bend[1]} ${x2},${y2}`, class: "border", fill: "none" }));
      else lines.append(s("line", { x1, y1, x2, y2, class: "border" }));
    }
  }
  const homeOf = {};
  view.homelands.forEach((t, seat) => {
    if (t) homeOf[t] = seat;
  });
  for (const t of Object.keys(POS)) {
    const [x, y] = POS[t];
    const counts = view.chits[t] || [];
    const total = counts.reduce((a, b) => a + b, 0);
    const actions = opts.actions[t] || [];
    const home = homeOf[t];
    const g = s("g", {
      class: ["territory", actions.length && "target", opts.pendingTargets?.has(t) && "in-play", total >= 10 && "full"],
      dataset: { territory: t },
      transform: `translate(${x},${y})`,
    });
    const present = counts.map((c, seat) => [seat, c]).filter(([, c]) => c > 0);
    const who = present.map(([seat, c]) => `${names[seat]} ${c}`).join(", ");
    g.append(
      s(
        "title",
        {},
        `${niceName(t)}${home !== undefined ? ` — homeland of ${niceName(view.religions[home])}` : ""}: ${total}/10 PC${who ? ` (${who})` : ""}. Borders: ${borders[t].map(niceName).join(", ")}.`,
      ),
    );
    g.append(
      s("circle", {
        r: NODE_R,
        class: "node",
        stroke: home !== undefined ? colours[home] : null,
        "stroke-width": home !== undefined ? 6 : null,
      }),
    );
    const words = niceName(t).split(" ");
    words.forEach((w, i) => {
      const size = Math.min(15, 128 / Math.max(...words.map((x) => x.length)));
      g.append(s("text", { y: -26 + i * 15 - (words.length - 1) * 7, class: "terr-name", "text-anchor": "middle", style: `font-size:${size.toFixed(1)}px` }, w));
    });
    if (home !== undefined) {
      // the home religion's shape in its colour (as its chips), not the colour alone
      g.append(s("g", { class: "home-star", transform: "translate(38,-36)", dataset: { key: `home:${t}`, sig: home } }, seatMark(home, 7, { fill: colours[home], stroke: "#1b1b1b", "stroke-width": 1.2 })));
    }
    // chips: one per religion present, with its count
    // Up to 3 in a row; 4 or more in two smaller rows that stay above the "n/10" line.
    const many = present.length > 3;
    const per = many ? Math.ceil(present.length / 2) : present.length;
    const scale = many ? 0.85 : 1;
    present.forEach(([seat, c], i) => {
      const row = Math.floor(i / per);
      const inRow = Math.min(per, present.length - row * per);
      const cx = ((i % per) - (inRow - 1) / 2) * (many ? 25 : 29);
      const cy = many ? -4 + row * 23 : 6;
      g.append(
        s(
          "g",
          { transform: `translate(${cx},${cy})${many ? ` scale(${scale})` : ""}`, class: "pc", dataset: { key: `pc:${t}:${seat}`, sig: c } },
          seatMark(seat, 13, { fill: colours[seat], stroke: "#1b1b1b", "stroke-width": 1 }),
          s("text", { y: 5, "text-anchor": "middle", fill: inkOn(colours[seat]), stroke: colours[seat], class: "pc-text halo" }, String(c)),
        ),
      );
    });
    if (total) g.append(s("text", { y: 44, class: ["terr-total", total >= 10 && "full"], "text-anchor": "middle" }, `${total}/10`));
    if (actions.length) {
      clickable(g, `${niceName(t)}: ${actions.length === 1 ? opts.describe(actions[0]) : "choose"}`, (e) => opts.onTerritory(t, actions, e));
    }
    nodes.append(g);
  }
  return svg;
}
