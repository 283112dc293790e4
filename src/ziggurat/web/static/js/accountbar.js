// The account's corner of every page's header: signed out, "Sign in" and "Sign up"; signed in, the
// username, which opens a small menu (change password, sign out, sign out everywhere). The forms open in
// a modal <dialog>: labelled fields with the autocomplete password managers look for, Enter submits,
// Escape closes, the focus goes back to the button that opened it; the server's refusal shows in the
// dialog in errors.js's words. One bar for the whole page's life: each page puts it in its header.

import { h, clear, toast, plural } from "./dom.js";
import { account, onAccount, signIn, signUp, signOut, signOutEverywhere, changePassword } from "./account.js";

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

function showMenu(open, focusButton = true) {
  const button = bar.querySelector("#account-button");
  const menu = bar.querySelector("#account-menu");
  if (!button || !menu) return;
  menuOpen = open;
  menu.hidden = !open;
  button.setAttribute("aria-expanded", String(open));
  if (open) menu.querySelector("button")?.focus();
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

// --- the dialog --------------------------------------------------------------------------------------

const FORMS = {
  signin: {
    title: "Sign in",
    intro: "Your tables follow you to every device where you sign in.",
    submit: "Sign in",
    fields: [
      ["username", "Username", "text", "username"],
      ["password", "Password", "password", "current-password"],
    ],
    switchTo: ["No account yet?", "Sign up", "signup"],
  },
  signup: {
    title: "Sign up",
    intro: "The tables you play on this device come with you into the account.",
    submit: "Create the account",
    fields: [
      ["username", "Username", "text", "username", "3 to 24 letters, digits, dots, dashes or underscores."],
      ["password", "Password", "password", "new-password", "At least 10 characters, not a common password."],
    ],
    switchTo: ["Already have an account?", "Sign in", "signin"],
  },
  password: {
    title: "Change password",
    intro: "Every other device where you are signed in is signed out.",
    submit: "Change password",
    fields: [
      ["current", "Current password", "password", "current-password"],
      ["new", "New password", "password", "new-password", "At least 10 characters, not a common password."],
    ],
  },
};

// Which field a refusal is about: it gets the focus and aria-invalid.
const FIELD_OF = {
  "bad-username": "username",
  "username-taken": "username",
  "weak-password": ["password", "new"],
  "bad-credentials": ["password", "current"],
};

let dialog = null;

function openDialog(kind, opener) {
  dialog?.close();
  const spec = FORMS[kind];
  const error = h("p", { class: "form-error", id: "account-error", role: "alert" });
  const inputs = {};
  const fields = spec.fields.map(([name, label, type, autocomplete, hint]) => {
    const id = `account-${name}`;
    inputs[name] = h("input", {
      id,
      name,
      type,
      autocomplete,
      required: true,
      maxlength: name === "username" ? 24 : 200,
      autocapitalize: "none",
      spellcheck: "false",
      "aria-describedby": hint ? `${id}-hint` : null,
    });
    return h(
      "div",
      { class: "field" },
      h("label", { for: id }, label),
      inputs[name],
      hint ? h("small", { id: `${id}-hint` }, hint) : null,
    );
  });
  const submit = h("button", { type: "submit", class: "primary" }, spec.submit);
  const form = h(
    "form",
    { novalidate: true, onsubmit: (e) => send(e) },
    h("h2", { id: "account-dialog-title" }, spec.title),
    h("p", { class: "muted" }, spec.intro),
    // password managers pair a new password with the account's name
    kind === "password"
      ? h("input", { type: "text", name: "username", autocomplete: "username", value: account().username, hidden: true, readonly: true })
      : null,
    fields,
    error,
    h(
      "div",
      { class: "form-buttons" },
      submit,
      h("button", { type: "button", class: "ghost", onclick: () => box.close() }, "Cancel"),
    ),
    spec.switchTo
      ? h(
          "p",
          { class: "account-switch" },
          `${spec.switchTo[0]} `,
          h("button", { type: "button", class: "link", onclick: () => openDialog(spec.switchTo[2], opener) }, spec.switchTo[1]),
        )
      : null,
  );
  const box = h("dialog", { class: "account-dialog", id: "account-dialog", "aria-labelledby": "account-dialog-title" }, form);
  box.addEventListener("close", () => {
    box.remove();
    if (dialog === box) dialog = null;
    // back to what opened it, or (signed in or out meanwhile: the bar was redrawn) to the bar
    if (!document.querySelector("dialog[open]")) (opener?.isConnected ? opener : bar.querySelector("button"))?.focus();
  });
  document.body.append(box);
  dialog = box;
  box.showModal();
  Object.values(inputs)[0].focus();

  function refuse(text, field) {
    error.textContent = text;
    for (const input of Object.values(inputs)) input.removeAttribute("aria-invalid");
    const input = [field].flat().map((f) => inputs[f]).find(Boolean);
    if (input) {
      input.setAttribute("aria-invalid", "true");
      input.focus();
      input.select();
    }
  }

  async function send(e) {
    e.preventDefault();
    const values = Object.fromEntries(Object.entries(inputs).map(([k, input]) => [k, input.value]));
    const empty = Object.entries(inputs).find(([, input]) => !input.value.trim());
    if (empty) {
      refuse(`Type your ${empty[1].labels[0].textContent.toLowerCase()} first.`, empty[0]);
      return;
    }
    submit.disabled = true;
    error.textContent = "";
    try {
      if (kind === "signin") {
        const a = await signIn(values.username.trim(), values.password);
        toast(`Signed in as ${a.username}.`, "good", 3000);
      } else if (kind === "signup") {
        const a = await signUp(values.username.trim(), values.password);
        const tables = a.claimed ? ` ${plural(a.claimed, "table")} of this device ${a.claimed === 1 ? "is" : "are"} now in it.` : "";
        toast(`Welcome, ${a.username}: your account is ready.${tables}`, "good", 5000);
      } else {
        await changePassword(values.current, values.new);
        toast("Password changed. Every other device is signed out.", "good", 4000);
      }
      box.close();
    } catch (err) {
      refuse(err.message, FIELD_OF[err.code]);
    } finally {
      submit.disabled = false;
    }
  }
}
