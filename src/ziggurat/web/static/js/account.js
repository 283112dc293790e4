// The player's account, as this page knows it: {signed_in, username, csrf}, asked of the server when
// the page loads (GET /api/account) and again when the tab comes back into view or another tab signs in
// or out. The session itself is an HttpOnly cookie no script can read; what a page needs is the CSRF
// token, handed to api.js for every call that changes something. Pages subscribe (onAccount) to redraw
// their header, the lobby's "Your tables" and the name fields.

import { api, useSession } from "./api.js";
import { seats as savedSeats, playerName } from "./storage.js";

const BROADCAST = "ziggurat.account"; // a tab that signs in or out bumps it: the others ask again

let state = { signed_in: false, username: null, csrf: null };
const listeners = new Set();

function set(answer) {
  const before = state;
  state = answer?.signed_in
    ? { signed_in: true, username: answer.username, csrf: answer.csrf }
    : { signed_in: false, username: null, csrf: null };
  useSession(state.csrf, refresh);
  // Signed out (here, or everywhere from another device): the account's seats leave this browser too.
  if (before.signed_in && before.username !== state.username) savedSeats.forgetAccount(before.username);
  if (before.signed_in !== state.signed_in || before.username !== state.username) {
    for (const fn of listeners) fn(state);
  }
  return state;
}

function tellOtherTabs() {
  try {
    localStorage.setItem(BROADCAST, String(Date.now()));
  } catch {
    /* private mode: other tabs learn it when they come into view */
  }
}

/** What the server says now (a stale cookie reads as signed out); never throws. */
export async function refresh() {
  try {
    return set(await api.account());
  } catch (e) {
    // offline or a hiccup: keep what we knew; a server without accounts (404): signed out
    return e.status === 404 ? set(null) : state;
  }
}

export const account = () => state;

/** The name the others see: the username when signed in, else the one typed in the lobby. */
export const displayName = () => (state.signed_in ? state.username : playerName());

/** fn(state) after every sign in and sign out (of this tab or another); returns the unsubscribe. */
export function onAccount(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// The seats this browser keeps that the account holds now are the account's: marked, so that signing
// out forgets them here.
async function markAccountSeats(username) {
  const mine = await api.accountTables().catch(() => []);
  savedSeats.markAccount(
    mine.map((m) => m.table.id),
    username,
  );
  return mine;
}

/** Sign up; the seats this browser holds (a guest's tables) become the new account's. */
export async function signUp(username, password) {
  const answer = await api.signUp(username, password, savedSeats.tokens());
  set(answer);
  await markAccountSeats(answer.username);
  tellOtherTabs();
  return answer;
}

export async function signIn(username, password) {
  const answer = await api.signIn(username, password);
  set(answer);
  await markAccountSeats(answer.username);
  tellOtherTabs();
  return answer;
}

async function ending(call) {
  try {
    await call();
  } catch (e) {
    if (e.code !== "signed-out") throw e; // already over: sign out here all the same
  }
  set(null);
  tellOtherTabs();
}

export const signOut = () => ending(api.signOut);
export const signOutEverywhere = () => ending(api.signOutEverywhere);

/** A new password: this session gets a fresh cookie, every other one ends. */
export async function changePassword(current, fresh) {
  try {
    return set(await api.changePassword(current, fresh));
  } catch (e) {
    if (e.code === "signed-out") await refresh();
    throw e;
  }
}

/** Add seats held by tokens of this browser to the account. */
export async function claim(tokens) {
  const answer = await api.claim(tokens);
  if (state.signed_in) await markAccountSeats(state.username);
  return answer;
}

/** The tables where the account sits ([{table, seat}]); [] when signed out. */
export async function accountTables() {
  if (!state.signed_in) return [];
  try {
    return await api.accountTables();
  } catch (e) {
    if (e.code === "signed-out") await refresh();
    throw e;
  }
}

window.addEventListener("storage", (e) => {
  if (e.key === BROADCAST) refresh();
});
document.addEventListener("visibilitychange", () => {
  if (!document.hidden) refresh();
});
