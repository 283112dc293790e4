// The JSON lobby (docs/server.md, "HTTP lobby") and the account calls. Every call returns the answer or
// throws an ApiError. Signed in, the browser sends the session cookie by itself (HttpOnly: no script
// reads it) and every call that changes something carries the session's CSRF token as a header
// (js/account.js keeps it here); a seat token goes as a Bearer header only when there is one.

import { friendly } from "./errors.js";

export class ApiError extends Error {
  constructor(status, code, message) {
    super(friendly({ code, message }, "lobby"));
    this.status = status;
    this.code = code;
    this.serverMessage = message;
  }
}

// The session's CSRF token (null: signed out), and how to ask the server for a fresh one when it refuses
// ours (signed in or out in another tab since this page learnt it): js/account.js sets both.
const session = { csrf: null, refresh: null };

export function useSession(csrf, refresh) {
  session.csrf = csrf || null;
  if (refresh) session.refresh = refresh;
}

async function call(method, path, { body, token } = {}, retried = false) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== "GET" && session.csrf) headers["X-CSRF-Token"] = session.csrf;
  let res;
  try {
    res = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "offline", "The server can't be reached. Check your connection.");
  }
  const data = await res.json().catch(() => null);
  if (res.status === 403 && data?.code === "csrf" && !retried && session.refresh) {
    // refused before it did anything: once more, with the session the cookie holds now
    await session.refresh();
    return call(method, path, { body, token }, true);
  }
  if (!res.ok) {
    throw new ApiError(res.status, data?.code || "error", data?.message || `The server answered ${res.status}.`);
  }
  return data;
}

export const api = {
  games: () => call("GET", "/games"),
  // friends: only the tables where the signed-in player's friends sit
  tables: (status, limit = 50, friends = false) =>
    call("GET", `/tables?status=${status}&limit=${limit}${friends ? "&friends=true" : ""}`),
  table: (id) => call("GET", `/tables/${encodeURIComponent(id)}`),
  // a finished game's replay, a page of versions at a time (docs/server.md, "Replays")
  replay: (id, { from, count, seat, log }) => {
    const q = new URLSearchParams({ from, count });
    if (seat !== null && seat !== undefined) q.set("seat", seat);
    if (log) q.set("log", "1");
    return call("GET", `/tables/${encodeURIComponent(id)}/replay?${q}`);
  },
  create: (game, seats, name, options, clock = null, rated = false) =>
    call("POST", "/tables", { body: { game, seats, name, options, ...(clock ? { clock } : {}), ...(rated ? { rated } : {}) } }),
  join: (id, name, seat) =>
    call("POST", `/tables/${encodeURIComponent(id)}/join`, { body: seat === undefined ? { name } : { name, seat } }),
  leave: (id, token) => call("POST", `/tables/${encodeURIComponent(id)}/leave`, { token }),
  addBot: (id, seat, level, token) =>
    call("PUT", `/tables/${encodeURIComponent(id)}/seats/${seat}/bot`, { body: { level }, token }),
  removeSeat: (id, seat, token) => call("DELETE", `/tables/${encodeURIComponent(id)}/seats/${seat}`, { token }),
  start: (id, token) => call("POST", `/tables/${encodeURIComponent(id)}/start`, { token }),
  kick: (id, seat, level, token) =>
    call("POST", `/tables/${encodeURIComponent(id)}/seats/${seat}/kick`, { body: { level }, token }),
  kickHost: (id, level, token) =>
    call("POST", `/tables/${encodeURIComponent(id)}/kick-host`, { body: { level }, token }),
  // "Play again": each with the token of the finished table (docs/server.md)
  rematch: (id, token) => call("POST", `/tables/${encodeURIComponent(id)}/rematch`, { token }),
  acceptRematch: (id, token) => call("POST", `/tables/${encodeURIComponent(id)}/rematch/accept`, { token }),
  declineRematch: (id, token) => call("POST", `/tables/${encodeURIComponent(id)}/rematch/decline`, { token }),
  // accounts (docs/server.md, "Accounts"): js/account.js calls these and keeps what they answer
  account: () => call("GET", "/account"),
  signUp: (username, password, claim) => call("POST", "/account/signup", { body: { username, password, claim } }),
  signIn: (username, password) => call("POST", "/account/signin", { body: { username, password } }),
  signOut: () => call("POST", "/account/signout"),
  signOutEverywhere: () => call("POST", "/account/signout-everywhere"),
  changePassword: (current, fresh) => call("POST", "/account/password", { body: { current, new: fresh } }),
  claim: (tokens) => call("POST", "/account/claim", { body: { tokens } }),
  accountTables: () => call("GET", "/account/tables"),
  // ratings, profiles, friends and invitations (docs/server.md, "Ratings" and "Friends")
  leaderboard: (game, limit = 100) => call("GET", `/ratings/${encodeURIComponent(game)}?limit=${limit}`),
  player: (username) => call("GET", `/players/${encodeURIComponent(username)}`),
  friends: () => call("GET", "/account/friends"),
  addFriend: (username) => call("PUT", `/account/friends/${encodeURIComponent(username)}`),
  removeFriend: (username) => call("DELETE", `/account/friends/${encodeURIComponent(username)}`),
  invite: (id, username, token) => call("POST", `/tables/${encodeURIComponent(id)}/invite`, { body: { username }, token }),
  invitations: () => call("GET", "/account/invitations"),
  dismissInvitation: (id) => call("DELETE", `/account/invitations/${encodeURIComponent(id)}`),
};
