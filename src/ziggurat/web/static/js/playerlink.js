// A player's username as a link to their profile (#/players/NAME, js/profile.js), and a rating as a
// small badge: used wherever an account's name shows (seats, the lobby's rows, rankings, friends).

import { h } from "./dom.js";

export const profileHref = (username) => `#/players/${encodeURIComponent(username)}`;

export function playerLink(username, attrs = {}) {
  return h("a", { href: profileHref(username), class: "player-link", ...attrs }, username);
}

/** A seat's rating in this game (docs/server.md, "Ratings"): the number, read as "rating 1023". */
export function ratingBadge(rating, extra = null) {
  return h(
    "span",
    { class: "badge rating", title: "Rating in this game" },
    h("span", { class: "sr-only" }, "rating "),
    String(rating),
    extra,
  );
}

/** A seat's name: a link to the profile when an account holds it, plain text otherwise. */
export function seatName(seat) {
  return seat.signed_in && seat.kind === "human" ? playerLink(seat.name) : seat.name;
}
