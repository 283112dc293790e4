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

/** Black or white, whichever reads better on this background. */
export function inkOn(hex) {
  const n = parseInt(hex.slice(1), 16);
  const r = (n >> 16) & 255;
  const g = (n >> 8) & 255;
  const b = n & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#1b1b1b" : "#ffffff";
}
