// Faiths's scoreboard beside the map: each religion's territories (14 win), PC and cards in hand.

import { h } from "../dom.js";
import { swatch } from "../colors.js";
import { niceName, RELIGION_COLOURS } from "./faiths-map.js";

export function colours(c) {
  return c.view.religions.map((r, s) => (r ? RELIGION_COLOURS[r] : ["#999", "#777", "#aaa", "#888"][s % 4]));
}

export function religionOf(c, seat) {
  const r = c.view.religions[seat];
  return r ? niceName(r) : "no religion yet";
}

export function scoreboard(c) {
  const v = c.view;
  const col = colours(c);
  return h(
    "table",
    { class: "scores", "aria-label": "Religions" },
    h("thead", {}, h("tr", {}, h("th", {}, "Religion"), h("th", { title: "Territories occupied (14 wins)" }, "Terr."), h("th", {}, "PC"), h("th", {}, "Cards"))),
    h(
      "tbody",
      {},
      Array.from({ length: v.players }, (_, s) =>
        h(
          "tr",
          { class: [c.toAct.includes(s) && "acting", s === c.seat && "me"] },
          h(
            "td",
            {},
            swatch(s, col[s]),
            h("strong", {}, religionOf(c, s)),
            h("br"),
            h("span", { class: "muted" }, c.names[s], s === c.seat ? " (you)" : "", v.bars[s] ? ` · barred ${v.bars[s]}` : ""),
          ),
          h(
            "td",
            { class: "num" },
            h("strong", {}, String(v.territories[s])),
            h("span", { class: "bar", "aria-hidden": "true" }, h("span", { style: `width:${Math.min(100, (100 * v.territories[s]) / 14)}%;background:${col[s]}` })),
          ),
          h("td", { class: "num" }, String(v.pcs[s])),
          h("td", { class: "num" }, String(v.hand_counts[s])),
        ),
      ),
    ),
  );
}
