// The account's corner of every page's header: signed out, "Sign in" and "Sign up"; signed in, the
// username, which opens a small menu (your profile, change password, sign out, sign out everywhere). The forms open in
// a modal <dialog>: labelled fields with the autocomplete password managers look for, Enter submits,
// Escape closes, the focus goes back to the button that opened it; the server's refusal shows in the
// dialog in errors.js's words (js/account-dialog.js, imported when first asked for). One bar for the
// whole page's life: each page puts it in its header.

import { h, clear, toast } from "./dom.js";
import { account, onAccount, signOut, signOutEverywhere } from "./account.js";
import { profileHref } from "./playerlink.js";

const bar = h("nav", { class: "account-bar", "aria-label": "Account" });
let menuOpen = false;

/** The bar, to put in a page's header (the same element on every page). */
export function accountBar() {
  return bar;
}

function draw() {
  const a = account();
  menuOpen = false;
  const hadFocus = bar.contains(document.activeElement);
  if (!a.signed_in) {
    clear(bar).append(
      h("button", { type: "button", class: "small", id: "sign-in", onclick: (e) => openDialog("signin", e.currentTarget) }, "Sign in"),
      h("button", { type: "button", class: "small primary", id: "sign-up", onclick: (e) => openDialog("signup", e.currentTarget) }, "Sign up"),
    );
  } else {
    const button = h(
      "button",
      {
        type: "button",
        class: "small account-button",
        id: "account-button",
        "aria-expanded": "false",
        "aria-controls": "account-menu",
        title: "Your account",
        onclick: () => showMenu(!menuOpen),
      },
      h("span", { class: "account-name" }, a.username),
      h("span", { class: "caret", "aria-hidden": "true" }, "▾"),
    );
    const item = (label, id, run) =>
      h("button", { type: "button", class: "account-item", id, onclick: () => { showMenu(false, false); run(); } }, label);
    const menu = h(
      "div",
      { class: "account-menu", id: "account-menu", hidden: true },
      h("p", { class: "muted account-who" }, "Signed in as ", h("strong", {}, a.username)),
      h("a", { class: "button account-item", id: "your-profile", href: profileHref(a.username), onclick: () => showMenu(false, false) }, "Your profile"),
      item("Change password", "change-password", () => openDialog("password", button)),
      item("Sign out", "sign-out", () => ending(signOut, "You are signed out.")),
      item("Sign out everywhere", "sign-out-everywhere", () =>
        ending(signOutEverywhere, "You are signed out on every device."),
      ),
    );
    clear(bar).append(button, menu);
  }
  if (hadFocus) bar.querySelector("button")?.focus();
}

async function openDialog(kind, opener) {
  const { openDialog: open } = await import("./account-dialog.js");
  open(kind, opener, bar);
}

function showMenu(open, focusButton = true) {
  const button = bar.querySelector("#account-button");
  const menu = bar.querySelector("#account-menu");
  if (!button || !menu) return;
  menuOpen = open;
  menu.hidden = !open;
  button.setAttribute("aria-expanded", String(open));
  if (open) menu.querySelector("a, button")?.focus();
  else if (focusButton && menu.contains(document.activeElement)) button.focus();
}

async function ending(call, said) {
  try {
    await call();
    toast(said, "good", 3000);
  } catch (e) {
    toast(e.message, "error");
  }
}

// The menu closes on Escape (the focus back on its button) and on a click anywhere else.
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && menuOpen) showMenu(false);
});
document.addEventListener("click", (e) => {
  if (menuOpen && !bar.contains(e.target)) showMenu(false, false);
});

onAccount(draw);
draw();
