// The table's chat (docs/web.md, "Chat"): players and spectators write to everyone at the table; the
// server numbers the messages (seq), stores them with the table and sends them over the play websocket.
// A message is only ever text (h() makes text nodes: nothing in it is read as HTML). Each reader may
// mute an author for themselves (a player by seat, a spectator by name), remembered per table here.

import { h, clear, chooser } from "./dom.js";
import { swatch } from "./colors.js";
import { friendly } from "./errors.js";
import { chatMemory } from "./storage.js";
import { displayName } from "./account.js";

const MAX_LENGTH = 300; // the server's limit (chat-too-long)
const KEPT = 300; // messages kept on the page; older ones are dropped from the top
const NEAR_BOTTOM = 40; // px: a reader this close to the end is following, not reading back

const authorKey = (m) => (m.spectator ? `spectator:${m.name}` : `seat:${m.seat}`);

function clock(at) {
  const d = new Date(at * 1000);
  return {
    short: d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }),
    full: d.toLocaleString(),
    iso: d.toISOString(),
  };
}

/**
 * The chat panel. request(msg) sends a message and resolves with the error refusing it (or not);
 * isShown() says whether the reader can see the panel now (a phone shows the log or the chat);
 * onUnread(n) is told how many messages came that the reader hasn't seen.
 */
export function chatPanel({ tableId, request, isShown, onUnread }) {
  const memory = chatMemory.get(tableId);
  const muted = new Set(memory.muted);
  let read = memory.read; // the last seq the reader has seen (kept: a reload doesn't count old ones)
  let messages = [];
  let lastSeq = null; // the last seq received: a reconnect's hello asks only for what came after
  let view = { you: { role: "spectator", seat: null, host: false }, table: null, colours: [] };
  let looks = ""; // what the lines were drawn with (colours, seats' names, mutes): redrawn when it changes
  let spectatorName = "";
  const sending = new Set(); // texts sent and not yet seen back: a socket lost after that isn't a refusal

  const list = h("ol", { class: "chat-list" });
  const empty = h("p", { class: "chat-empty muted" }, "No messages yet.");
  const scroller = h(
    "div",
    { class: "chat-scroll", role: "log", tabindex: "0", "aria-label": "Chat messages" },
    empty,
    list,
  );
  const newer = h("button", { type: "button", class: "small chat-newer", hidden: true, onclick: () => toBottom() }, "↓ New messages");
  const mutedBar = h("div", { class: "chat-muted", hidden: true });
  const hostSwitch = h("input", { type: "checkbox", onchange: (e) => setSpectatorChat(e.target.checked) });
  const hostLabel = h("label", { class: "chat-host", hidden: true }, hostSwitch, " Spectators may chat");
  const note = h("p", { id: "chat-note", class: "chat-note muted", hidden: true });
  const error = h("p", { class: "chat-error", role: "alert", hidden: true });
  const input = h("input", {
    type: "text",
    name: "chat",
    maxlength: MAX_LENGTH,
    autocomplete: "off",
    enterkeyhint: "send",
    "aria-label": "Message to the table",
    "aria-describedby": "chat-note",
    placeholder: "Message to the table",
    oninput: () => showError(null),
  });
  const sendButton = h("button", { type: "submit", class: "small primary" }, "Send");
  const form = h(
    "form",
    {
      class: "chat-form",
      onsubmit: (e) => {
        e.preventDefault();
        submit();
      },
    },
    input,
    sendButton,
  );
  const el = h(
    "section",
    { id: "chat", class: "panel chat-panel", "aria-label": "Chat" },
    h("div", { class: "chat-head" }, h("h2", {}, "Chat"), hostLabel),
    h("div", { class: "chat-body" }, scroller, newer),
    mutedBar,
    form,
    error,
    note,
  );
  let following = true; // the reader is at the latest message (not reading back): keep them there
  scroller.addEventListener("scroll", () => {
    if (!scroller.clientHeight) return; // hidden behind its tab: nothing was scrolled
    following = atBottom();
    if (following) {
      newer.hidden = true;
      markRead();
    }
  });
  // the panel grows and shrinks with the window (and the players' panel): still at the latest
  new ResizeObserver(() => following && (scroller.scrollTop = scroller.scrollHeight)).observe(scroller);

  function atBottom() {
    return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < NEAR_BOTTOM;
  }

  function toBottom() {
    scroller.scrollTop = scroller.scrollHeight;
    following = true;
    newer.hidden = true;
    markRead();
  }

  function mine(m) {
    const you = view.you;
    if (m.spectator) return you.role !== "player" && m.name === (spectatorName || "Spectator");
    return you.role === "player" && m.seat === you.seat;
  }

  // The seat that wrote it, as the table stands now: seats are shuffled at the start, so a message
  // written before it is matched by its author's name.
  function seatOf(m) {
    if (m.spectator || !Number.isInteger(m.seat)) return null;
    const seats = view.table?.seats || [];
    if (seats[m.seat]?.name === m.name) return m.seat;
    const same = seats.filter((s) => s.kind === "human" && s.name === m.name);
    return same.length === 1 ? same[0].seat : null;
  }

  function line(m) {
    const seat = seatOf(m);
    const colour = seat !== null ? view.colours[seat] : null;
    const own = mine(m);
    const name = own
      ? h("span", { class: "chat-author" }, m.name)
      : h(
          "button",
          {
            type: "button",
            class: "chat-author",
            title: `Mute ${m.name} (for you only)`,
            "aria-haspopup": "menu",
            onclick: (e) => {
              e.stopPropagation(); // the document's click would close the menu at once
              chooser(e, m.name, [{ label: `Mute ${m.name} (only for you)`, onpick: () => mute(m) }]);
            },
          },
          m.name,
        );
    const when = clock(m.at);
    return h(
      "li",
      {
        class: ["chat-msg", m.spectator && "chat-spectator", own && "chat-mine"],
        dataset: { seq: m.seq, author: authorKey(m), seat: seat ?? "" },
        hidden: muted.has(authorKey(m)),
      },
      colour ? swatch(seat, colour, "swatch chat-mark") : null,
      name,
      m.spectator ? h("span", { class: "chat-role" }, " (spectator)") : null,
      h("time", { class: "chat-time", datetime: when.iso, title: when.full }, when.short),
      h("span", { class: "sr-only" }, ": "),
      h("span", { class: "chat-text" }, m.text),
    );
  }

  function drawAll() {
    clear(list).append(...messages.map(line));
    drawMuted();
    if (following) scroller.scrollTop = scroller.scrollHeight;
  }

  function visible(m) {
    return !muted.has(authorKey(m));
  }

  function drawMuted() {
    const authors = new Map();
    for (const m of messages) if (muted.has(authorKey(m))) authors.set(authorKey(m), m);
    for (const key of muted) if (!authors.has(key)) authors.set(key, null);
    const shown = [...authors].filter(([, m]) => m); // those with a message here: named
    mutedBar.hidden = !shown.length;
    empty.hidden = messages.some(visible);
    clear(mutedBar);
    if (!shown.length) return;
    mutedBar.append(
      h("span", { class: "muted" }, "Hidden for you: "),
      ...shown.map(([key, m]) =>
        h(
          "button",
          { type: "button", class: "small ghost", "aria-label": `Unmute ${m.name}`, onclick: () => unmute(key) },
          `${m.name}${m.spectator ? " (spectator)" : ""} ✕`,
        ),
      ),
    );
  }

  function remember() {
    chatMemory.put(tableId, { muted: [...muted], read });
  }

  function mute(m) {
    muted.add(authorKey(m));
    remember();
    drawAll();
    countUnread();
  }

  function unmute(key) {
    muted.delete(key);
    remember();
    drawAll();
    countUnread();
    input.focus();
  }

  function markRead() {
    if (lastSeq === null || !isShown() || (read !== null && read >= lastSeq)) return countUnread();
    read = lastSeq;
    remember();
    countUnread();
  }

  function countUnread() {
    const n = messages.filter((m) => (read === null || m.seq > read) && visible(m) && !mine(m)).length;
    onUnread?.(n);
  }

  function showError(text) {
    error.hidden = !text;
    error.textContent = text || "";
  }

  async function submit() {
    if (input.disabled) return;
    const text = input.value;
    if (!text.trim()) {
      showError(friendly({ code: "chat-empty", message: "Write something first." })); // as the server would
      input.focus();
      return;
    }
    // cleared at once (the message comes back to everyone, us included); put back if refused
    input.value = "";
    showError(null);
    const mark = { text };
    sending.add(mark);
    const answer = await request({ type: "chat", text });
    const delivered = !sending.has(mark);
    sending.delete(mark);
    if (answer.type === "error" && !(delivered && answer.code === "offline")) {
      if (!input.value) input.value = text;
      showError(friendly(answer));
    }
  }

  async function setSpectatorChat(on) {
    const answer = await request({ type: "spectator-chat", on });
    if (answer.type === "error") {
      hostSwitch.checked = !on;
      showError(friendly(answer));
    }
  }

  /** New messages from the server (the backlog after hello, or one message). */
  function receive(batch) {
    const fresh = (batch || []).filter((m) => Number.isInteger(m.seq) && (lastSeq === null || m.seq > lastSeq));
    if (!fresh.length) return;
    fresh.sort((a, b) => a.seq - b.seq);
    for (const m of fresh.filter(mine)) {
      const mark = [...sending].find((x) => x.text.trim() === m.text.trim());
      if (mark) sending.delete(mark);
    }
    const follow = following || fresh.some(mine);
    messages.push(...fresh);
    lastSeq = fresh[fresh.length - 1].seq;
    list.append(...fresh.map(line));
    if (messages.length > KEPT) {
      for (const m of messages.splice(0, messages.length - KEPT)) list.querySelector(`[data-seq="${m.seq}"]`)?.remove();
    }
    drawMuted();
    if (follow) toBottom(); // (marks them read, if the reader can see them)
    else {
      newer.hidden = !fresh.some((m) => visible(m) && !mine(m)) && newer.hidden;
      countUnread();
    }
  }

  /** On every redraw of the page: who you are, the table (host, spectator chat) and the seat colours. */
  function update({ you, table, colours }) {
    view = { you, table, colours: colours || [] };
    const names = (table?.seats || []).map((s) => s.name).join("|");
    const key = `${you.role}:${you.seat}:${(colours || []).join(",")}:${names}`;
    if (key !== looks) {
      looks = key;
      drawAll();
    }
    const isHost = you.role === "player" && you.host;
    const on = table?.spectator_chat !== false;
    hostLabel.hidden = !isHost;
    hostSwitch.checked = on;
    const off = you.role === "spectator" && !on;
    input.disabled = off;
    sendButton.disabled = off;
    note.hidden = !off && you.role !== "spectator";
    note.textContent = off
      ? "The host has turned spectator chat off."
      : you.role === "spectator"
        ? `You chat as ${spectatorName || "Spectator"}, marked as a spectator.`
        : "";
  }

  /** Fields of the hello: only the messages after the last one received; a spectator's name. */
  function hello(token) {
    const extra = {};
    if (lastSeq !== null) extra.chat = lastSeq;
    if (!token) {
      // as the server cleans a name (seating.clean_name), which refuses the hello if it can't
      const name = [...displayName().split(/\s+/).filter(Boolean).join(" ")].slice(0, 24).join("").trim();
      spectatorName = /\p{C}/u.test(name) ? "" : name;
      if (spectatorName) extra.name = spectatorName;
    } else {
      spectatorName = "";
    }
    return extra;
  }

  /** The reader opened the chat (a phone's tab): they see the latest. */
  function shown() {
    toBottom();
  }

  return { el, receive, update, hello, shown };
}
