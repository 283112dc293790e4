// "Invite a player", in an open table's waiting room: a player of the table (seat token or account)
// invites someone by username, and the invitation shows in that player's lobby while the table is open
// (docs/server.md, "Friends"). Signed in, your friends who don't sit here yet are offered as quick picks.
// Imported by table.js when a player first sees the waiting room; one form for the page's life.

import { api } from "./api.js";
import { h, clear, toast, fieldError } from "./dom.js";
import { account } from "./account.js";

const key = (name) => name.normalize("NFKC").toLowerCase();

/** ctx: {tableId, token(), table()}; returns {el, update(ctx)}. */
export function inviteForm(ctx) {
  let current = ctx;
  let friends = []; // the friends' usernames
  let friendsOf = null; // whose friends they are (the account they were asked for)
  const invited = new Set(); // keys of the usernames invited from this page
  const input = h("input", {
    id: "invite-name",
    name: "invite",
    maxlength: 24,
    required: true,
    autocomplete: "off",
    autocapitalize: "none",
    spellcheck: "false",
    list: "invite-friends",
    "aria-describedby": "invite-error",
  });
  const error = h("p", { class: "form-error", id: "invite-error", role: "alert" });
  const picks = h("div", { class: "invite-picks", id: "invite-picks" });
  const options = h("datalist", { id: "invite-friends" });
  const button = h("button", { type: "submit" }, "Invite");
  const form = h(
    "form",
    {
      class: "invite-form",
      "aria-labelledby": "invite-title",
      onsubmit: (e) => {
        e.preventDefault();
        send(input.value.trim());
      },
    },
    h("h3", { id: "invite-title" }, "Invite a player"),
    h(
      "div",
      { class: "invite-row" },
      h("label", { for: "invite-name" }, "Username"),
      input,
      button,
    ),
    error,
    picks,
    options,
  );

  function seated(name) {
    return (current.table()?.seats || []).some((s) => s.kind === "human" && s.signed_in && key(s.name) === key(name));
  }

  const { refuse, clear: unrefuse } = fieldError(input, error);

  async function send(name) {
    if (!name) return refuse("Type the username of the player to invite.");
    unrefuse();
    button.disabled = true;
    try {
      const r = await api.invite(current.tableId, name, current.token());
      invited.add(key(r.invited));
      toast(`${r.invited} is invited: the invitation shows in their lobby.`, "good", 4000);
      input.value = "";
      draw();
    } catch (e) {
      // (the server names who already sits here; errors.js's sentence is about your own seat)
      refuse(e.code === "invitee-seated" && e.serverMessage ? e.serverMessage : e.message);
    } finally {
      button.disabled = false;
    }
  }

  function draw() {
    const free = friends.filter((f) => !seated(f));
    clear(options).append(...free.map((f) => h("option", { value: f })));
    clear(picks);
    if (!free.length) return;
    picks.append(
      h("span", { class: "muted", id: "invite-picks-label" }, "Your friends: "),
      h(
        "ul",
        { class: "invite-pick-list", "aria-labelledby": "invite-picks-label" },
        free.map((f) =>
          h(
            "li",
            {},
            invited.has(key(f))
              ? h("span", { class: "invited" }, `${f} ✓ invited`)
              : h("button", { type: "button", class: "small", onclick: () => send(f), "aria-label": `Invite ${f}` }, f),
          ),
        ),
      ),
    );
  }

  async function loadFriends() {
    const a = account();
    friendsOf = a.signed_in ? a.username : "";
    const got = a.signed_in ? await api.friends().catch(() => []) : [];
    if (friendsOf !== (account().signed_in ? account().username : "")) return; // signed in or out meanwhile
    friends = got.map((f) => f.username);
    draw();
  }
  loadFriends();

  return {
    el: form,
    update(next) {
      current = next;
      const a = account();
      if (friendsOf !== (a.signed_in ? a.username : "")) loadFriends();
      else draw();
    },
  };
}
