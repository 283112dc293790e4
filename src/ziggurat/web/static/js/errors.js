// Every error code the server sends (docs/server.md, docs/protocol.md), as a sentence for the player;
// a game's own codes (docs/games/*.md) are its renderer's `errors`, learnt when it loads. Unknown codes
// fall back to the server's own message.

export const FRIENDLY = {
  // lobby
  "no-token": "This needs your seat at the table. Join the table first.",
  // accounts (docs/server.md, "Accounts")
  "bad-username": "That username can't be used: 3 to 24 letters, digits, _ - or ., in one alphabet.",
  "username-taken": "That username, or one that looks just like it, is taken. Choose another.",
  "weak-password": "Choose a stronger password: at least 10 characters, not a common one.",
  "bad-credentials": "The username or the password is wrong.",
  "too-many-attempts": "Too many attempts. Wait a minute and try again.",
  "signed-out": "You are signed out (your session may have ended). Sign in again.",
  csrf: "Your session changed in another tab. Reload the page and try again.",
  "cross-origin": "Requests from another site are not accepted.",
  "already-seated": "You already have a seat at this table.",
  "rated-needs-account": "Rated games are for signed-in players: sign in (or sign up) to sit here.",
  "no-such-player": "There is no player of that name.",
  "friend-self": "You can't add yourself to your friends.",
  "invite-self": "You are at this table already.",
  "invitee-seated": "That player already sits at this table.",
  "bad-token": "Your saved seat at this table is no longer valid; you are watching instead.",
  "not-host": "Only the host can do that.",
  kicked: "A bot plays your seat now. You can keep watching.",
  "no-such-table": "This table doesn't exist (any more).",
  "not-open": "The game has already started, so seats can't change now.",
  "nobody-to-kick": "Nobody sits in that seat.",
  "table-full": "Every seat at this table is taken.",
  "seat-taken": "Someone already sits in that seat.",
  "seats-empty": "Fill every empty seat (add a bot) or remove it before starting.",
  "too-few-seats": "The game needs at least this many players; the seat can't be removed.",
  "still-here": "That player is still at the table. You can only kick a player who has left, or whose time ran out three times.",
  "bad-clock": "That time control isn't possible: choose a preset, or a time within the limits.",
  "out-of-time": "Your time ran out: a bot is playing this move for you.",
  "kick-self": "You can't kick yourself. Use Leave instead.",
  "no-host": "This table has no host at the moment.",
  "you-are-host": "You are the host yourself.",
  "not-waiting-on-host": "The game isn't waiting on the host right now.",
  "host-not-idle": "The host hasn't been idle for 60 seconds yet.",
  "game-over": "The game is over.",
  "not-finished": "That comes once the game is over.",
  // replays
  "bad-version": "That move isn't in this game.",
  "bad-count": "The server didn't understand that request.",
  "seat-held": "That seat is held for a player of the last game until they answer the rematch.",
  "rematch-pending": "Some players haven't answered the rematch yet.",
  "not-invited": "No seat is held for you at this rematch: you declined, or you weren't at the last game.",
  "already-answered": "You have already accepted this rematch.",
  "unknown-game": "There is no such game.",
  "bad-options": "Those game options aren't valid.",
  "bad-players": "That number of players isn't possible for this game.",
  "bad-name": "A name is 1 to 24 printable characters.",
  "bad-seat": "There is no such seat.",
  "bad-level": "There is no bot of that level.",
  malformed: "The server didn't understand that request.",
  "too-large": "That message is too large.",
  "rate-limited": "Too many clicks at once. Wait a moment and try again.",
  "table-closed": "This table was closed on the server. Reload the page.",
  "table-broken": "This table can't be loaded any more.",
  "too-many-tables": "You already have several tables waiting for players. Start or leave one first.",
  "not-found": "There is nothing at this address.",
  "method-not-allowed": "The server didn't understand that request.",
  "request-timeout": "The request took too long to arrive. Try again.",
  internal: "Something went wrong on the server. Try again in a moment.",
  busy: "This table is changing servers. Try again in a moment.",
  unavailable: "This table's server isn't answering. Try again in a moment.",
  // websocket
  "hello-first": "The connection isn't ready yet. Try again in a moment.",
  "hello-once": "The connection was already set up.",
  "not-a-player": "You are watching: you hold no seat at this table.",
  "not-your-seat": "You can only act for your own seat.",
  "not-started": "The game hasn't started yet.",
  "not-your-turn": "It isn't your turn.",
  stale: "The game moved on before your move arrived. Look at the board again.",
  "nothing-to-undo": "Only your own last move can be taken back, before anyone else moves.",
  "undo-revealed": "That move showed something hidden (a card drawn or turned up), so it stands.",
  "bad-undo": "This match log takes back a move that isn't the player's own.",
  "unknown-type": "The server didn't understand that message.",
  "too-slow": "The connection fell behind; reconnecting.",
  // chat
  "chat-empty": "Write something first.",
  "chat-too-long": "A chat message is at most 300 characters.",
  "chat-control": "A chat message can't contain control characters.",
  "chat-rate": "Too many messages at once; wait a few seconds.",
  "chat-name-taken": "A player at this table has your name, so you can't chat under it as a spectator. Change your name in the lobby to chat here.",
  "chat-off": "The host has turned spectators' chat off.",
  conflict: "Another move was stored first. The table is reloading.",
  moved: "This table moved to another server; reconnecting.",
  "hello-timeout": "The connection took too long to start; reconnecting.",
  "too-many-sockets": "Too many connections from your network at once. Close some tables' tabs; retrying.",
  // the rules (protocol.md and the games' pages)
  "unknown-action": "That isn't a move in this game.",
  "illegal-action": "That move isn't possible right now.",
  "card-not-valid": "This card isn't valid this turn.",
  "card-not-in-hand": "That card isn't in your hand.",
  "bad-setup": "The game's set-up isn't valid.",
  "bad-state": "The saved game isn't valid.",
  "bad-match": "The match log isn't valid.",
  // the command line (ziggurat arena)
  "bad-bots": "There are more bots than seats.",
  "bad-games": "Play at least one game.",
  "bad-resume": "That folder holds the games of another run; resume with the same settings, or use another folder.",
  "bad-backend": "That way of running the games doesn't exist.",
  "bad-address": "A cluster's address goes with the Ray backend.",
  "bad-variants": "Compare needs two or more variants, each with its own name.",
  "no-ray": "Running the games on Ray needs Ray installed.",
  // the command line (ziggurat train)
  "no-features": "This game's bots have no learned value to fit.",
  "no-numpy": "Fitting a learned value needs numpy installed.",
  "too-few-games": "Fitting needs at least ten games (a fifth of them is held out).",
};

// Where the server's own message is more precise than ours, show it (it names spaces, cards, seconds;
// which rule a username or password breaks; whether the current password was the wrong one).
const PREFER_SERVER = new Set([
  "host-not-idle",
  "illegal-action",
  "bad-options",
  "too-many-tables",
  "bad-username",
  "weak-password",
  "bad-credentials",
]);

// The games' own codes, from the renderers loaded so far (a game's codes come only from its table).
const GAMES_SAY = {};

/** A game's codes and sentences (games/registry.js, as its renderer loads). */
export function learn(texts) {
  Object.assign(GAMES_SAY, texts);
}

/** The sentence to show for an error {code, message}: one per code, wherever it was raised. */
export function friendly(err) {
  if (!err) return "Something went wrong.";
  const code = err.code;
  if (code === "card-not-valid") return FRIENDLY[code]; // the rulebook's exact words
  if (PREFER_SERVER.has(code) && err.message) return err.message;
  return FRIENDLY[code] || GAMES_SAY[code] || err.message || `Something went wrong (${code}).`;
}
