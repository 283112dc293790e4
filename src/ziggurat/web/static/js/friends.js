// The lobby's friends and invitations, for a signed-in player (docs/server.md, "Friends"): the
// invitations received to open tables (Join, or Dismiss), and the friends list (add by username,
// remove; each name a link to the profile). Friends are followed one way, as on Board Game Arena: adding
// someone tells them nothing. Imported by lobby.js once someone is signed in, so a guest's lobby
// downloads none of it.

import { api } from "./api.js";
import { h, clear, toast, fieldError } from "./dom.js";
import { playerLink } from "./playerlink.js";
import { account } from "./account.js";

/**
 * opts: {gameName(id), join(table) -> Promise<boolean> (seats you, then opens the table),
 *        changed() (the friends list changed: the lobby's friends filter shows other tables)}
 * Returns {el, refresh(), invitations(), friends()}.
 */
export function lobbySocial(opts) {
  const invitesBox = h("div", { id: "invitations" });
  const invitesPanel = h(
    "section",
    { class: "panel invitations", "aria-labelledby": "h-invitations", hidden: true },
    h("h2", { id: "h-invitations" }, "Invitations"),
    invitesBox,
  );
  const list = h("div", { id: "friends-list" });
  const input = h("input", {
    id: "friend-name",
    name: "friend",
    maxlength: 24,
    required: true,
    autocomplete: "off",
    autocapitalize: "none",
    spellcheck: "false",
    "aria-describedby": "friend-error",
  });
  const error = h("p", { class: "form-error", id: "friend-error", role: "alert" });
  const addButton = h("button", { type: "submit" }, "Add");
  const form = h(
    "form",
    {
      class: "friend-form",
      onsubmit: (e) => {
        e.preventDefault();
        add(input.value.trim());
      },
    },
    h("label", { for: "friend-name" }, "Add a friend by username"),
    h("div", { class: "friend-row" }, input, addButton),
    error,
  );
  const friendsPanel = h(
    "section",
    { class: "panel friends", "aria-labelledby": "h-friends" },
    h("h2", { id: "h-friends" }, "Friends"),
    list,
    form,
  );
  const el = h("div", { class: "social", id: "social" }, invitesPanel, friendsPanel);
  let shown = 0; // a slow answer for the account signed in before must not overwrite the latest
  // The latest request whose answer may draw the friends list: a refresh asked for before an add or a
  // remove must not draw its older list over theirs when it comes back last.
  let listed = 0;
  let invited = 0; // the same for the invitations (the lobby's timer asks for them, Dismiss answers)

  const { refuse, clear: unrefuse } = fieldError(input, error);

  async function add(name) {
    if (!name) return refuse("Type the username of the player to add.");
    unrefuse();
    addButton.disabled = true;
    const mine = ++listed;
    try {
      const after = await api.addFriend(name);
      const added = after.find((f) => f.username.toLowerCase() === name.toLowerCase())?.username || name;
      toast(`${added} is one of your friends now.`, "good", 3000);
      input.value = "";
      if (mine === listed) drawFriends(after);
      opts.changed();
    } catch (e) {
      refuse(e.message);
    } finally {
      addButton.disabled = false;
    }
  }

  async function remove(name) {
    const mine = ++listed;
    try {
      const after = await api.removeFriend(name);
      if (mine === listed) drawFriends(after);
      toast(`${name} is no longer one of your friends.`, "info", 3000);
      opts.changed();
      input.focus();
    } catch (e) {
      toast(e.message, "error");
    }
  }

  function drawFriends(friends) {
    if (!friends.length) {
      clear(list).append(
        h(
          "p",
          { class: "muted" },
          "Follow players by username or from their profile: then you find the tables where they sit, and invite them in one click.",
        ),
      );
      return;
    }
    clear(list).append(
      h(
        "ul",
        { class: "friend-list" },
        friends.map((f) =>
          h(
            "li",
            { class: "friend", dataset: { friend: f.username } },
            playerLink(f.username),
            h(
              "button",
              { type: "button", class: "small ghost", "aria-label": `Remove ${f.username} from your friends`, onclick: () => remove(f.username) },
              "Remove",
            ),
          ),
        ),
      ),
    );
  }

  function invitationRow({ table: t, by }) {
    const free = t.seats.filter((s) => s.kind === "empty" && !s.reserved).length;
    const bits = [`${t.players} seats`, `${free} free`];
    if (t.rated) bits.push("rated");
    return h(
      "li",
      { class: "table-row invitation", dataset: { table: t.id } },
      h(
        "div",
        { class: "row-text" },
        h("strong", {}, by),
        ` invites you to a ${opts.gameName(t.game)} table`,
        h("span", { class: "muted" }, ` · ${bits.join(" · ")}`),
      ),
      h(
        "div",
        { class: "row-buttons" },
        h(
          "button",
          {
            class: "primary",
            "aria-label": `Join ${by}'s ${opts.gameName(t.game)} table ${t.id}`,
            onclick: async () => {
              if (await opts.join(t)) api.dismissInvitation(t.id).catch(() => {});
            },
          },
          "Join",
        ),
        h("a", { class: "button ghost", href: `#/table/${t.id}`, "aria-label": `Look at table ${t.id}` }, "Look"),
        h(
          "button",
          {
            class: "ghost",
            "aria-label": `Dismiss the invitation to table ${t.id}`,
            onclick: async () => {
              const mine = ++invited;
              try {
                const left = await api.dismissInvitation(t.id);
                if (mine === invited) drawInvitations(left);
              } catch (e) {
                toast(e.message, "error");
              }
            },
          },
          "Dismiss",
        ),
      ),
    );
  }

  let drawn = null; // what the invitations list shows: not redrawn (under the pointer) when unchanged
  function drawInvitations(all) {
    // (the server keeps an invitation while the table is open, even once you sit there: joined by its
    // link rather than from here)
    const me = account().username?.toLowerCase();
    const invitations = all.filter((i) => !i.table.seats.some((s) => s.signed_in && s.name.toLowerCase() === me));
    const sig = JSON.stringify(invitations.map((i) => [i.table.id, i.by, i.at, i.table.seats.map((s) => s.kind)]));
    if (sig === drawn) return;
    drawn = sig;
    invitesPanel.hidden = invitations.length === 0;
    const focused = invitesBox.contains(document.activeElement) ? document.activeElement.getAttribute("aria-label") : null;
    clear(invitesBox).append(h("ul", { class: "table-list" }, invitations.map(invitationRow)));
    if (focused) {
      const again = [...invitesBox.querySelectorAll("button, a")].find((b) => b.getAttribute("aria-label") === focused);
      (again || list.querySelector("a") || input).focus();
    }
  }

  /** Ask for the invitations again (the lobby does it on its timer). */
  async function invitations() {
    if (!account().signed_in) return;
    const mine = shown;
    const asked = ++invited;
    const got = await api.invitations().catch(() => null);
    if (got && mine === shown && asked === invited) drawInvitations(got);
  }

  /** Both lists again (after signing in as someone else, too). */
  async function refresh() {
    const mine = ++shown;
    const asked = ++listed;
    const askedInvitations = ++invited;
    if (!account().signed_in) return;
    error.textContent = "";
    const [friends, invites] = await Promise.all([api.friends().catch(() => []), api.invitations().catch(() => [])]);
    if (mine !== shown) return;
    if (asked === listed) drawFriends(friends);
    if (askedInvitations === invited) drawInvitations(invites);
  }

  return { el, refresh, invitations };
}
