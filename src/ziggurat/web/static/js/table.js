// The table page: the waiting room before the start (seats, bots, share link, start), then the game:
// whose turn, the board (drawn by the game's renderer), a fallback button for any legal action the board
// doesn't place, players, the log in words and the chat, and the final ranking.
//
// This module lays the page out and redraws it; the state and the traffic with the server are
// table/controller.js's, and each part of the page is a view of its own in table/ (header, turn,
// waiting room, game panel, log, focus): views draw from the controller's state and call its actions.

import { h, clear, toast, closeChooser } from "./dom.js";
import { renderSeats } from "./seats.js";
import { changeTracker } from "./changes.js";
import { chatPanel } from "./chat.js";
import { sideTabs } from "./sidetabs.js";
import { clockTicker, WARN_AT } from "./clock.js";
import { tableController } from "./table/controller.js";
import { tableHeader } from "./table/header.js";
import { turnBanner } from "./table/turn.js";
import { waitingRoom } from "./table/waiting.js";
import { gamePanel } from "./table/game.js";
import { gameLog } from "./table/log.js";
import { keepFocus } from "./table/focus.js";

export function tablePage(root, tableId, games, renderers) {
  const el = {
    head: h("header", { class: "table-head" }),
    banner: h("div", { class: "conn-banner", role: "status", hidden: true }),
    turn: h("div", { id: "turn", class: "turn-banner", role: "status", "aria-live": "polite" }),
    board: h("div", { id: "board", class: "board-area" }),
    other: h("div", { id: "other-actions", class: "other-actions" }),
    // phones: the hand is one tap away, however far down the board goes
    handTab: h("a", {
      class: "hand-tab",
      href: "#",
      hidden: true,
      onclick: (e) => {
        e.preventDefault();
        el.board.querySelector(".hand")?.scrollIntoView({ block: "center" });
      },
    }),
    result: h("div", { id: "result" }),
    waiting: h("div", { id: "waiting-room", class: "waiting-room" }),
    seats: h("div", { id: "seats" }),
    log: h("div", { id: "log", class: "log", tabindex: "0", "aria-label": "Game log" }),
    rules: h("details", { id: "rules", class: "rules" }),
    // Screen readers hear the other players' moves as they come (the new log lines not of this seat).
    announce: h("div", { id: "announce", class: "sr-only", role: "log", "aria-live": "polite", "aria-relevant": "additions", "aria-label": "Other players' moves" }),
  };
  // The board can take the focus (not by Tab) when the focused target is gone after a redraw, so
  // that the next Tab reaches the board's first target.
  el.board.setAttribute("tabindex", "-1");
  // (views made below; the controller's first message comes after this function returns)
  let log, chat, talk, header, turn, waiting, game, rules;
  let myTurn = false; // as last marked (the tab title says so)
  let renders = 0;
  let idleShown = false;

  // The turn clocks, ticking in the seat list (and the tab title when yours is low).
  const clocks = clockTicker({
    mySeat: () => ctl.mySeat(),
    onLow: (seat) => {
      if (seat !== ctl.mySeat()) return;
      const text = `${WARN_AT} seconds left: then a bot plays this move for you.`;
      toast(text, "error", 4000);
      log.say(text);
    },
    onTick: () => setTitle(),
  });

  const ctl = tableController(tableId, games, renderers, {
    changed: () => render(),
    interrupt: () => {
      closeChooser();
      markTurn();
    },
    fresh: (entries) => log.announce(entries),
    clock: (c) => clocks.update(c),
    say: (text, kind, ms) => toast(text, kind, ms),
    announce: (text) => log.say(text),
    status: (text) => {
      el.banner.hidden = !text;
      el.banner.textContent = text || "";
    },
    chatHello: (token) => chat.hello(token),
    chatReceive: (messages) => chat.receive(messages),
  });
  const st = ctl.state;

  log = gameLog(el, ctl);
  // what changed on the board since the viewer last looked (highlights, ghosts, slides)
  const follow = changeTracker(el.board);
  el.game = h(
    "section",
    { id: "game", class: "game", "aria-label": "Game", dataset: { myTurn: "false", render: "0", version: "-1" } },
    // for screen readers' heading list: the board's own headings (h3) sit under this one
    h("h2", { class: "sr-only" }, "The game"),
    el.turn,
    log.since,
    el.waiting,
    el.result,
    el.board,
    el.other,
  );
  // the chat, next to the log (tabs where the columns stack)
  chat = chatPanel({
    tableId,
    request: (msg) => ctl.chatRequest(msg),
    isShown: () => talk.shown("chat"),
    onUnread: (n) => talk.count("chat", talk.shown("chat") ? 0 : n),
  });
  talk = sideTabs(
    [
      { name: "log", label: "Log", panel: h("section", { class: "panel log-panel" }, h("h2", {}, "Game log"), el.log) },
      { name: "chat", label: "Chat", panel: chat.el },
    ],
    { onShow: (name) => name === "chat" && chat.shown() },
  );
  const page = h(
    "div",
    { class: "table-page" },
    el.head,
    el.banner,
    el.announce,
    h(
      "div",
      { class: "table-grid" },
      el.game,
      el.handTab,
      h("aside", { class: "side" }, h("section", { class: "panel players" }, h("h2", {}, "Players"), el.seats), talk.el, el.rules),
    ),
  );
  clear(root).append(page);
  header = tableHeader(el.head, ctl);
  turn = turnBanner(el.turn, ctl, markTurn);
  waiting = waitingRoom(el.waiting, ctl);
  game = gamePanel(el, ctl, markTurn);
  const focus = keepFocus(page, el.board, [el.board, el.other, el.turn]);

  // Every 5 s: the idle host's counter (and the button to kick them) shows up without a new message.
  const tick = setInterval(() => {
    if (!st.table || st.table.status === "finished") return;
    const saved = focus.capture();
    renderHeadAndTurn();
    // Redraw the waiting room only for the idle-host button (it counts seconds): a redraw would take
    // the focus from a visitor typing their name in the join form.
    if (st.table.status === "open") {
      const idle = !!ctl.idleHost();
      if (idle || idleShown) waiting.render();
      idleShown = idle;
    }
    focus.restore(saved);
  }, 5000);

  // Marks whether the board waits on you (for the styles, the tests and the tab title).
  function markTurn() {
    const mine = ctl.myTurn();
    el.game.dataset.myTurn = mine ? "true" : "false";
    el.game.dataset.busy = st.busy ? "true" : "false";
    el.game.dataset.offline = st.offline ? "true" : "false";
    myTurn = mine;
    setTitle();
    return mine;
  }

  function setTitle() {
    const title = `${clocks.title()}${myTurn ? "▶ Your turn · " : ""}${st.table ? st.table.name : "Table"} · Ziggurat`;
    if (document.title !== title) document.title = title;
  }

  function renderHeadAndTurn() {
    if (!st.table) return;
    header.render();
    turn.render(st.msg ? ctl.ctx() : null);
  }

  function renderSeatsPanel() {
    const c = st.msg ? ctl.ctx() : null; // (a finished game's too, and before the board is drawn)
    renderSeats(el.seats, {
      table: st.table,
      you: st.you,
      toAct: st.msg ? st.msg.to_act : [],
      clock: st.msg?.clock || null,
      offline: st.offline,
      colours: colours(c),
      summary: c && st.renderer.seatSummary ? (s) => st.renderer.seatSummary(c, s) : null,
      level: st.level,
      minPlayers: st.gameInfo?.min_players,
      onLevel: ctl.setLevel,
      addBot: ctl.addBot,
      removeSeat: ctl.removeSeat,
      kick: ctl.kick,
      sitHere: st.you.role === "spectator" && st.table.status === "open" ? (s) => waiting.join(s) : null,
    });
    clocks.paint();
  }

  // "How to play": the renderer's short rules, once the game is known.
  function renderRules() {
    if (rules === st.renderer) return;
    rules = st.renderer;
    el.rules.replaceChildren(h("summary", {}, `How to play ${st.table.name}`), ...(rules.rules || []).map((p) => h("p", {}, p)));
  }

  const colours = (c) => (c && st.renderer.colours ? st.renderer.colours(c) : []);

  function render() {
    focus.around(draw);
  }

  function draw() {
    if (st.gone && !st.table) {
      clear(el.game).append(
        h("div", { class: "panel" }, h("h2", {}, "No such table"), h("p", {}, "This table doesn't exist (any more). "), h("a", { href: "#/" }, "Back to the lobby")),
      );
      return;
    }
    if (!st.table) return;
    renderRules();
    const snap = follow.measure(); // where the board's things are drawn, before they are redrawn
    header.render();
    waiting.render();
    const c = game.render();
    turn.render(c);
    renderSeatsPanel();
    chat.update({ you: st.you, table: st.table, colours: colours(c) });
    log.render(c, colours(c), c ? markTurn() : false);
    el.game.dataset.version = st.msg ? String(st.msg.version) : "-1";
    el.game.dataset.status = st.table.status;
    // A running game fits the window (board, hand, prompt and steps without scrolling, on a laptop).
    page.classList.toggle("fit", st.table.status === "running" && !!c);
    // after the whole page is laid out, so that the board's things are measured where they stay
    if (c) follow.update(snap, { quiet: ownMove() });
    el.game.dataset.render = String(++renders);
    markTurn();
  }

  // The latest state came from your own move alone (an undo too): not news to you. An event of another
  // seat in it (the cards everyone played, turned up by your choice) is news.
  function ownMove() {
    const me = ctl.mySeat();
    const seatOf = (e, ev) => (Number.isInteger(ev.seat) ? ev.seat : e.seat);
    return me !== null && st.fresh.length > 0
      && st.fresh.every((e) => e.seat === me && (e.events || []).every((ev) => seatOf(e, ev) === me));
  }

  // Ctrl+Z (⌘Z) takes back, as the button does; never while typing in a field.
  const onKey = (e) => {
    if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === "z"
        && !/^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement?.tagName || "") && ctl.canTakeBack()) {
      e.preventDefault();
      ctl.takeBack();
    }
  };
  document.addEventListener("keydown", onKey);

  return () => {
    clearInterval(tick);
    clocks.stop();
    follow.stop();
    talk.stop();
    document.removeEventListener("keydown", onKey);
    waiting.stop();
    focus.stop();
    ctl.close();
    closeChooser();
  };
}
