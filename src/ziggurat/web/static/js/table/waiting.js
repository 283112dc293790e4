// The waiting room (#waiting-room), before the start: how many seats are empty, a rematch's held seats,
// the host's Start and "Fill with bots", a visitor's join form, a player's invite form, the idle host.

import { h, clear, toast } from "../dom.js";
import { playerName } from "../storage.js";
import { account, onAccount } from "../account.js";
import { hostIdleButton } from "./turn.js";

export function waitingRoom(box, ctl) {
  const st = ctl.state;
  let joinForm = null;
  // A player of an open table invites people by username (js/invite.js, imported when first shown);
  // one element for the page's life, so a redraw keeps what is typed in it.
  const invite = { el: h("div", { id: "invite", class: "invite-slot" }), box: null, loading: false };
  // Signed in or out: the join form shows who you are now.
  const unsubscribe = onAccount(() => joinForm && showJoinName(joinForm.querySelector("input")));

  /** Sit at `seat` (undefined: any free one) under the name typed in the join form. */
  function join(seat) {
    const input = joinForm?.querySelector("input");
    const a = account();
    const name = a.signed_in ? a.username : (input?.value || playerName() || "").trim();
    if (!name) {
      toast("Type your name first.", "error");
      input?.focus();
      return;
    }
    ctl.join(name, seat);
  }

  function render() {
    const t = st.table;
    clear(box);
    box.hidden = t.status !== "open";
    if (t.status !== "open") return;
    const empty = t.seats.filter((s) => s.kind === "empty" && !s.reserved).length;
    // a rematch's seats held for last game's players: only they may take them, and the start waits
    const pending = t.seats.filter((s) => s.kind === "empty" && s.reserved).map((s) => s.name);
    const isHost = st.you.role === "player" && st.you.host;
    const seatsText = empty
      ? `${empty === 1 ? "One seat is" : `${empty} seats are`} still empty. Share the link with friends, or the host fills seats with bots.`
      : pending.length ? null : "Every seat is taken. The host can start the game.";
    const panel = h(
      "div",
      { class: "panel waiting" },
      h("h2", {}, "Waiting for players"),
      st.renderer.picture ? h("img", { class: "waiting-pic", src: st.renderer.picture, alt: "" }) : null,
      seatsText ? h("p", {}, seatsText) : null,
      pending.length
        ? h("p", { class: "rematch-pending" }, `A rematch: waiting for ${pending.join(" and ")} to accept or decline.`)
        : null,
      h(
        "p",
        { class: "muted" },
        t.rematch_of
          ? "A rematch keeps this order: everyone moved one seat on, so someone else starts."
          : "Seats are shuffled at the start: the turn order is random.",
      ),
    );
    if (isHost) {
      panel.append(
        h(
          "button",
          {
            class: "primary big",
            disabled: empty > 0 || pending.length > 0,
            title: empty ? "Fill or remove the empty seats first" : pending.length ? "Waiting for answers to the rematch" : "",
            onclick: () => ctl.start(),
          },
          "Start the game",
        ),
      );
      if (empty) {
        panel.append(
          h("button", { class: "big", onclick: () => ctl.fillWithBots() }, `Fill ${empty === 1 ? "the empty seat" : "empty seats"} with bots`),
        );
      }
    } else if (st.you.role === "player") {
      panel.append(h("p", {}, "Waiting for the host to start the game."));
    } else {
      joinForm ||= newJoinForm(empty);
      // a rated table seats signed-in players only: a guest is told so before trying
      const guestAtRated = t.rated && !account().signed_in;
      joinForm.querySelector("button").disabled = empty === 0 || guestAtRated;
      panel.append(joinForm);
      if (guestAtRated) {
        panel.append(h("p", { class: "hint", id: "rated-join-hint" }, "A rated game: only signed-in players sit here. Sign in or sign up (at the top) to join."));
      }
    }
    if (st.you.role === "player") panel.append(inviteBox());
    if (st.notice) panel.prepend(h("p", { class: "notice", role: "alert" }, st.notice));
    const idle = hostIdleButton(ctl);
    if (idle) panel.append(h("p", { class: "idle-host" }, "The host seems to be away. ", idle));
    box.append(panel);
  }

  // One form for the page's life, so a redraw keeps what is typed in it.
  function newJoinForm(empty) {
    const input = h("input", {
      name: "name",
      maxlength: 24,
      required: true,
      value: playerName(),
      "aria-label": "Your name",
      placeholder: "Your name",
      autocomplete: "nickname",
    });
    showJoinName(input);
    return h(
      "form",
      {
        class: "join-form",
        onsubmit: (e) => {
          e.preventDefault();
          join(undefined);
        },
      },
      h("label", {}, "Your name ", input),
      h("button", { class: "primary", type: "submit", disabled: empty === 0 }, "Join this table"),
    );
  }

  function inviteBox() {
    const ctx = { tableId: ctl.tableId, token: ctl.token, table: () => st.table };
    if (invite.box) invite.box.update(ctx);
    else if (!invite.loading) {
      invite.loading = true;
      import("../invite.js").then(({ inviteForm }) => {
        invite.box = inviteForm(ctx);
        invite.el.append(invite.box.el);
      });
    }
    return invite.el;
  }

  // Signed in, the join form shows the username (the server seats you under it).
  function showJoinName(input) {
    const a = account();
    input.readOnly = a.signed_in;
    input.value = a.signed_in ? a.username : playerName();
  }

  return { render, join, stop: unsubscribe };
}
