// A player's rating over time in one game, drawn as an inline SVG line chart: one point per rated game,
// in the order they were played (evenly spaced: a month's pause takes no more room than a minute's),
// the first and last dates under the ends. For screen readers the SVG is one image with a title and a
// description (from what to what, the highest and lowest), and the profile puts every point in a table
// beside it (js/profile.js).

import { s } from "./dom.js";

const HEIGHT = 200;
const PAD = { left: 46, right: 14, top: 14, bottom: 30 };

// Round steps for the rating axis: at most five lines.
function ticks(lo, hi) {
  const span = hi - lo;
  const step = [5, 10, 20, 25, 50, 100, 200, 250, 500, 1000].find((x) => span / x <= 4) || 2000;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) out.push(v);
  return out;
}

/**
 * points: [{at, rating, table, rank}] (GET /api/players/NAME's history of one game), oldest first;
 * opts: {id (unique on the page), title, description, width, day(at) -> text}.
 */
export function ratingPlot(points, opts) {
  const width = Math.round(Math.max(280, Math.min(720, opts.width || 600)));
  const ratings = points.map((p) => p.rating);
  let lo = Math.min(...ratings);
  let hi = Math.max(...ratings);
  const room = Math.max(20, (hi - lo) * 0.12); // some air above and below; a flat line sits mid-height
  lo = Math.floor(lo - room);
  hi = Math.ceil(hi + room);
  const plotW = width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i) => PAD.left + (points.length === 1 ? plotW / 2 : (i * plotW) / (points.length - 1));
  const y = (r) => PAD.top + ((hi - r) * plotH) / (hi - lo);
  const titleId = `${opts.id}-title`;
  const descId = `${opts.id}-desc`;

  const grid = ticks(lo, hi).map((v) =>
    s(
      "g",
      { class: "plot-tick" },
      s("line", { x1: PAD.left, x2: width - PAD.right, y1: y(v), y2: y(v) }),
      s("text", { x: PAD.left - 6, y: y(v), "text-anchor": "end", "dominant-baseline": "middle" }, String(v)),
    ),
  );
  const first = points[0];
  const last = points[points.length - 1];
  const dates = [
    s("text", { class: "plot-date", x: x(0), y: HEIGHT - 8, "text-anchor": points.length === 1 ? "middle" : "start" }, opts.day(first.at)),
  ];
  if (points.length > 1) {
    dates.push(s("text", { class: "plot-date", x: x(points.length - 1), y: HEIGHT - 8, "text-anchor": "end" }, opts.day(last.at)));
  }
  const line = s("polyline", {
    class: "plot-line",
    points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" "),
  });
  const dots = points.map((p, i) =>
    s(
      "circle",
      { class: "plot-point", cx: x(i), cy: y(p.rating), r: 4.5, dataset: { rating: p.rating, table: p.table } },
      s("title", {}, `Game ${i + 1}, ${opts.day(p.at)}: ${p.rating}`),
    ),
  );
  return s(
    "svg",
    {
      class: "rating-plot",
      id: opts.id,
      viewBox: `0 0 ${width} ${HEIGHT}`,
      width,
      height: HEIGHT,
      role: "img",
      "aria-labelledby": titleId,
      "aria-describedby": descId,
      preserveAspectRatio: "xMidYMid meet",
    },
    s("title", { id: titleId }, opts.title),
    s("desc", { id: descId }, opts.description),
    s("g", { class: "plot-grid" }, grid),
    s("line", { class: "plot-axis", x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: HEIGHT - PAD.bottom }),
    line,
    dots,
    dates,
  );
}
