import { s } from "./dom.js";

// Seat colours: distinct on a light board, each with a readable text colour on top.

export const SEAT_COLOURS = [
  "#d1453b", // red
  "#2f72c4", // blue
  "#2f9a4a", // green
  "#e0a11b", // amber
  "#8a55c4", // purple
  "#159a9a", // teal
  "#d0569b", // pink
  "#6e6e6e", // grey
];

export const SEAT_COLOUR_NAMES = ["red", "blue", "green", "amber", "purple", "teal", "pink", "grey"];

export function seatColour(seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

// The WCAG relative luminance of "#rrggbb" or "rgb(r,g,b)".
function luminance(colour) {
  let rgb;
  if (colour.startsWith("#")) {
    const n = parseInt(colour.slice(1), 16);
    rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  } else {
    rgb = colour.match(/\d+/g).slice(0, 3).map(Number);
  }
  const [r, g, b] = rgb.map((v) => {
    const x = v / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** Black or white, whichever contrasts more with this background (every seat colour reaches 4.5:1). */
export function inkOn(colour) {
  return contrast(colour, "#111111") >= contrast(colour, "#ffffff") ? "#111111" : "#ffffff";
}

// Each seat also has a shape, so that players are told apart without seeing colours: the same shape
// marks a seat on the board, in the players panel, the scoreboards and the log (css: .log-dot). Each
// fits the box of a circle of radius r (a chip's count still fits inside).
export const SEAT_SHAPE_NAMES = ["circle", "square", "diamond", "triangle", "star", "cross", "hexagon", "pentagon"];

function ring(corners, r, turn = 0, inner = null) {
  const n = inner ? corners * 2 : corners;
  return Array.from({ length: n }, (_, i) => {
    const a = turn + (i * 2 * Math.PI) / n - Math.PI / 2;
    const rr = inner && i % 2 ? inner : r;
    return [rr * Math.cos(a), rr * Math.sin(a)];
  });
}

function points(pts) {
  return pts.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(" ");
}

/** The name of this seat's shape ("circle", "square"…). */
export function seatShapeName(seat) {
  return SEAT_SHAPE_NAMES[seat % SEAT_SHAPE_NAMES.length];
}

/** The seat's shape as [tag, attributes] of an SVG element centred on 0,0, about radius r. */
export function seatShape(seat, r) {
  const a = r * 0.42;
  switch (seatShapeName(seat)) {
    case "circle":
      return ["circle", { r }];
    case "square":
      return ["rect", { x: -r * 0.88, y: -r * 0.88, width: r * 1.76, height: r * 1.76, rx: r * 0.12 }];
    case "diamond":
      return ["polygon", { points: points(ring(4, r * 1.1)) }];
    case "hexagon":
      return ["polygon", { points: points(ring(6, r * 1.04, Math.PI / 6)) }];
    case "triangle": // pointing down: its wide half holds the count
      return ["polygon", { points: points(ring(3, r * 1.2, Math.PI).map(([x, y]) => [x, y - r * 0.2])) }];
    case "cross":
      return ["polygon", { points: points([[-a, -r], [a, -r], [a, -a], [r, -a], [r, a], [a, a], [a, r], [-a, r], [-a, a], [-r, a], [-r, -a], [-a, -a]]) }];
    case "pentagon":
      return ["polygon", { points: points(ring(5, r * 1.08).map(([x, y]) => [x, y + r * 0.08])) }];
    default:
      return ["polygon", { points: points(ring(5, r * 1.2, 0, r * 0.62).map(([x, y]) => [x, y + r * 0.1])) }];
  }
}

/** The seat's shape as an SVG element (fill, stroke… in attrs). */
export function seatMark(seat, r, attrs = {}) {
  const [tag, shape] = seatShape(seat, r);
  return s(tag, { ...shape, ...attrs, class: ["seat-shape", `shape-${seatShapeName(seat)}`, attrs.class].filter(Boolean).join(" ") });
}

/** A small swatch for HTML text (players panel, scoreboards): the seat's shape in its colour. */
export function swatch(seat, colour, cls = "swatch") {
  return s(
    "svg",
    { class: cls, viewBox: "-11 -11 22 22", "aria-hidden": "true", dataset: { shape: seatShapeName(seat) } },
    seatMark(seat, 10, { fill: colour || "#ffffff", stroke: "#1b1b1b", "stroke-width": 1.5 }),
  );
}
