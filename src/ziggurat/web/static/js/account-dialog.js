// The account's forms in a modal <dialog> (opened from js/accountbar.js): sign in, sign up, change
// password. Labelled fields with the autocomplete password managers look for; Enter submits; Escape
// closes (the dialog's own cancel); the focus goes back to the button that opened it, or to the bar
// when that button is gone (signed in or out meanwhile). A refusal shows in the dialog, in errors.js's
// words (api.js), on the field it is about.

import { h, toast, plural } from "./dom.js";
import { account, signIn, signUp, changePassword } from "./account.js";

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

/** Open the form `kind` (signin, signup, password); `bar` takes the focus back if `opener` is gone. */
export function openDialog(kind, opener, bar) {
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
          h("button", { type: "button", class: "link", onclick: () => openDialog(spec.switchTo[2], opener, bar) }, spec.switchTo[1]),
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
