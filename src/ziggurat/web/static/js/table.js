// The table page: the waiting room before the start (seats, bots, share link, start), then the game:
// whose turn, the board (drawn by the game's renderer), a fallback button for any legal action the board
// doesn't place, players, the log in words and the chat, and the final ranking.

import { api } from "./api.js";
import { h, clear, toast, copyText, closeChooser } from "./dom.js";
import { friendly } from "./errors.js";
import { renderLog } from "./gamelog.js";
import { sinceSummary } from "./summary.js";
import { renderSeats } from "./seats.js";
import { seats as savedSeats, playerName, setPlayerName } from "./storage.js";
import { account, onAccount } from "./account.js";
import { accountBar } from "./accountbar.js";
import { TableSocket } from "./socket.js";
import { renderResult } from "./result.js";
import { rematchBox } from "./rematch.js";
import { actionLabel } from "./games/common.js";
import { changeTracker } from "./changes.js";
import { chatPanel } from "./chat.js";
import { sideTabs } from "./sidetabs.js";
import { clockTicker, clockText, WARN_AT } from "./clock.js";

const HOST_IDLE_MS = 60000; // the rulebook's 60 s, when the server doesn't say its own setting
const NEWCOMER = 1000; // a newcomer's rating as shown (docs/server.md, "Ratings")

export function tablePage(root, tableId, games, renderers) {
  const saved = savedSeats.get(tableId);
  const st = {
    table: null,
    you: { role: "spectator", seat: null, host: false },
    msg: null, // the last state message
    log: [],
    ui: {}, // the renderer's own memory (selections, what was animated…)
    busy: false,
    level: saved?.level || "normal",
    lastActivity: Date.now(),
    renders: 0,
    gone: false,
    offline: false, // the socket is down: nothing to click, and you are not "Online"
    notice: null, // a lasting message about your seat (e.g. you were replaced as the idle host)
    offer: null, // the summary of this finished table's rematch, once there is one
    ratingChanges: null, // a finished rated table: how much each account's rating moved, by seat
  };

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
  const since = sinceSummary({ log: el.log, announce: el.announce, focusAfter: el.board });
  // what changed on the board since the viewer last looked (highlights, ghosts, slides)
  const follow = changeTracker(el.board);
  el.game = h(
    "section",
    { id: "game", class: "game", "aria-label": "Game", dataset: { myTurn: "false", render: "0", version: "-1" } },
    // for screen readers' heading list: the board's own headings (h3) sit under this one
    h("h2", { class: "sr-only" }, "The game"),
    el.turn,
    since.el,
    el.waiting,
    el.result,
    el.board,
    el.other,
  );
  // the chat, next to the log (tabs where the columns stack); its socket is made below
  let sock = null;
  const chat = chatPanel({
    tableId,
    request: (msg) => sock.request(msg),
    isShown: () => talk.shown("chat"),
    onUnread: (n) => talk.count("chat", talk.shown("chat") ? 0 : n),
  });
  const talk = sideTabs(
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
      h(
        "aside",
        { class: "side" },
        h("section", { class: "panel players" }, h("h2", {}, "Players"), el.seats),
        talk.el,
        el.rules,
      ),
    ),
  );
  clear(root).append(page);

  let renderer = null;
  let gameInfo = null;
  let joinForm = null;
  // A player of an open table invites people by username (js/invite.js, imported when first shown);
  // one element for the page's life, so a redraw keeps what is typed in it.
  const invite = { el: h("div", { id: "invite", class: "invite-slot" }), box: null, loading: false };

  // The turn clocks, ticking in the seat list (and the tab title when yours is low).
  const clocks = clockTicker({
    mySeat: () => (st.you.role === "player" ? st.you.seat : null),
    onLow: (seat) => {
      if (seat !== mySeat() || st.you.role !== "player") return;
      const text = `${WARN_AT} seconds left: then a bot plays this move for you.`;
      toast(text, "error", 4000);
      el.announce.append(h("p", {}, text));
    },
    onTick: () => setTitle(),
  });

  sock = new TableSocket(tableId, saved?.token || null, {
    hello: (token) => chat.hello(token),
    welcome: (m) => {
      onTable(m);
      st.switching = false;
    },
    table: (m) => onTable(m),
    state: (m) => onState(m),
    chat: (m) => chat.receive(m.messages),
    error: (m, text) => {
      toast(text, "error");
      render();
    },
    status: (text) => {
      el.banner.hidden = !text;
      el.banner.textContent = text || "";
      const offline = !!text;
      if (offline !== st.offline) {
        st.offline = offline;
        closeChooser();
        render();
      }
    },
    lostSeat: () => {
      savedSeats.forget(tableId);
      toast("Your saved seat at this table is no longer valid; you are watching.", "info");
    },
    gone: () => {
      st.gone = true;
      savedSeats.forget(tableId);
      render();
    },
  });
  sock.connect();

  // Signed in or out (here or in another tab): the socket says hello again, with this browser's token
  // for the table if it still has one, else as the account's seat (or as a spectator, signed out).
  const unsubscribe = onAccount(() => {
    st.switching = true;
    sock.reconnectAs(savedSeats.get(tableId)?.token || null);
    if (joinForm) showJoinName(joinForm.querySelector("input"));
    render();
  });

  // Every 5 s: the idle host's counter (and the button to kick them) shows up without a new message.
  const tick = setInterval(() => {
    if (!st.table || st.table.status === "finished") return;
    const saved = captureFocus();
    renderHeadAndTurn();
    // Redraw the waiting room only for the idle-host button (it counts seconds): a redraw would take
    // the focus from a visitor typing their name in the join form.
    if (st.table.status === "open") {
      const idle = !!hostIdleButton();
      if (idle || st.idleShown) renderWaitingRoom();
      st.idleShown = idle;
    }
    restoreFocus(saved);
  }, 5000);

  function onTable(m) {
    const statusChanged = !st.table || st.table.status !== m.table.status;
    const was = st.you;
    if (st.table && was.role === "player" && m.you.role !== "player" && !st.leaving && !st.switching) {
      // Not our own doing (we didn't leave): the others kicked us as the idle host, or the host kicked us.
      const why = was.host ? "You were idle as the host, so another player replaced you" : "You were removed from your seat";
      st.notice =
        m.you.role === "watcher"
          ? `${why}: a bot plays your seat now and you are watching.`
          : `${why}: your seat is free again and you are watching. Join again to play.`;
      toast(st.notice, "error", 10000);
      if (m.you.role === "spectator") savedSeats.forget(tableId);
    } else if (m.you.role === "player") {
      st.notice = null;
    }
    st.table = m.table;
    st.you = m.you;
    if (m.table.rematch && st.offer?.id !== m.table.rematch) loadOffer(m.table.rematch);
    if (m.table.rated && m.table.status === "finished" && !st.ratingChanges) loadRatingChanges(m.table);
    // The server says how long the table has been idle (by its clock); count on from there.
    st.lastActivity = Date.now() - 1000 * (m.table.idle_seconds || 0);
    if (!renderer) {
      renderer = renderers[m.table.game] || renderers.generic;
      gameInfo = games.find((g) => g.id === m.table.game) || null;
      el.rules.replaceChildren(
        h("summary", {}, `How to play ${m.table.name}`),
        ...(renderer.rules || []).map((p) => h("p", {}, p)),
      );
    }
    if (savedSeats.get(tableId) && m.you.role !== "spectator") {
      savedSeats.put(tableId, { game: m.table.game, status: m.table.status });
    }
    if (statusChanged) st.ui = {};
    render();
  }

  // The rematch's seats say whether one is still held for you, and who hosts it.
  async function loadOffer(id) {
    // (gone: an open rematch nobody touched for an hour was removed; "Play again" makes another)
    const offer = await api.table(id).catch((e) => (e.status === 404 ? { id, gone: true } : null));
    if (offer && st.table?.rematch === id) {
      st.offer = offer;
      render();
    }
  }

  // How far each account's rating moved in this game: its profile's point for this table, against the
  // point before it (a newcomer's 1000 before the first). Exact even when the page opens after the end.
  async function loadRatingChanges(t) {
    st.ratingChanges = {};
    const accounts = t.seats.filter((s) => s.kind === "human" && s.signed_in);
    const found = await Promise.all(
      accounts.map(async (s) => {
        const profile = await api.player(s.name).catch(() => null);
        const points = profile?.history?.[t.game] || [];
        const i = points.findIndex((p) => p.table === t.id);
        return i < 0 ? null : [s.seat, points[i].rating - (i > 0 ? points[i - 1].rating : NEWCOMER)];
      }),
    );
    st.ratingChanges = Object.fromEntries(found.filter(Boolean));
    render();
  }

  function onState(m) {
    if (m.resync || !st.msg) st.log = m.log.slice();
    else {
      const last = st.log.length ? st.log[st.log.length - 1].version : -1;
      st.log.push(...m.log.filter((e) => e.version > last));
    }
    if (!st.msg || st.msg.version !== m.version) st.lastActivity = Date.now();
    timeoutsNoticed(st.msg?.clock, m.clock);
    clocks.update(m.clock || null);
    const fresh = m.resync ? [] : m.log;
    st.msg = m;
    st.fresh = fresh;
    render();
    announce(fresh);
  }

  // A clock that ran out: whoever it was, everyone is told a bot played that move for them.
  function timeoutsNoticed(before, now) {
    if (!before || !now) return;
    now.timeouts.forEach((n, seat) => {
      if (n <= (before.timeouts[seat] || 0)) return;
      const name = st.table?.seats[seat]?.name || `Seat ${seat + 1}`;
      const text =
        seat === mySeat() && st.you.role === "player"
          ? "Your time ran out: a bot played that move for you."
          : `${name}'s time ran out: a bot played that move for them.`;
      toast(text, "info", 6000);
      el.announce.append(h("p", {}, text));
    });
  }

  // The new log lines of the other players (and of nobody: a new round, a tally) into the live region;
  // the last few are kept, older ones dropped (a screen reader reads additions only).
  function announce(entries) {
    const me = mySeat();
    for (const e of entries) {
      (e.text || []).forEach((line, i) => {
        const ev = (e.events || [])[i];
        const seat = ev && Number.isInteger(ev.seat) ? ev.seat : e.seat;
        if (!line || (me !== null && seat === me)) return;
        el.announce.append(h("p", {}, line));
      });
    }
    while (el.announce.children.length > 12) el.announce.firstChild.remove();
  }

  // --- actions -----------------------------------------------------------------------------------
  async function act(action) {
    if (st.busy) return;
    st.busy = true;
    closeChooser();
    markTurn();
    const answer = await sock.act(action);
    st.busy = false;
    if (answer.type === "error") {
      toast(friendly(answer), "error");
    } else {
      st.ui.selected = null;
    }
    render();
  }

  // Take back a slip (the server decides whether it is fair: nothing hidden shown, nobody acted since).
  function lastStandingSeat() {
    const standing = [];
    for (const e of st.log) {
      if (!e.version) continue;
      if ((e.events || [])[0]?.type === "undo") standing.pop();
      else standing.push(e.seat);
    }
    return standing.length ? standing[standing.length - 1] : null;
  }

  function canTakeBack() {
    return st.you.role === "player" && st.table?.status === "running" && !st.offline && !st.busy
      && lastStandingSeat() === mySeat();
  }

  async function takeBack() {
    if (!canTakeBack()) return;
    st.busy = true;
    closeChooser();
    const answer = await sock.undo();
    st.busy = false;
    if (answer.type === "error") toast(friendly(answer), "error");
    else st.ui.selected = null;
    render();
  }

  function undoButton() {
    if (!canTakeBack()) return null;
    return h("button", {
      class: "btn small undo",
      type: "button",
      title: "Take back your last move (Ctrl+Z), while nobody has moved since and it showed nothing hidden",
      onclick: takeBack,
    }, "↶ Take back");
  }

  async function lobbyCall(fn, okText) {
    try {
      const t = await fn();
      if (t && t.id) {
        st.table = t;
      }
      if (okText) toast(okText, "good", 2500);
      render();
      return t;
    } catch (e) {
      toast(e.message, "error");
      return null;
    }
  }

  const token = () => sock.token;

  async function join(seat) {
    const input = joinForm?.querySelector("input");
    const a = account();
    const name = a.signed_in ? a.username : (input?.value || playerName() || "").trim();
    if (!name) {
      toast("Type your name first.", "error");
      input?.focus();
      return;
    }
    if (!a.signed_in) setPlayerName(name);
    try {
      const r = await api.join(tableId, name, seat);
      // signed in, the seat is the account's: signing out forgets it in this browser
      const mark = a.signed_in ? { account: a.username } : {};
      savedSeats.put(tableId, { token: r.token, game: r.table.game, status: r.table.status, name, ...mark });
      sock.reconnectAs(r.token);
      toast(`You sit at seat ${r.seat + 1}.`, "good", 2500);
    } catch (e) {
      toast(e.message, "error");
    }
  }

  async function leave() {
    if (!token() && !account().signed_in) return; // (signed in, the account's seat needs no token)
    const running = st.table?.status === "running";
    if (running && !confirm("Leave the game? The host may then hand your seat to a bot.")) return;
    st.leaving = true;
    const r = await lobbyCall(() => api.leave(tableId, token()));
    if (!r) st.leaving = false;
    if (r && !running) {
      savedSeats.forget(tableId);
      sock.reconnectAs(null);
    }
    if (r) location.hash = "#/";
  }

  function setLevel(level) {
    st.level = level;
    if (savedSeats.get(tableId)) savedSeats.put(tableId, { level });
  }

  // --- rendering ---------------------------------------------------------------------------------
  function names() {
    return (st.table?.seats || []).map((s) => (s.kind === "empty" ? `Seat ${s.seat + 1}` : s.name));
  }

  function mySeat() {
    return st.you && st.you.role === "player" ? st.you.seat : null;
  }

  function legal() {
    return st.msg && !st.busy && !st.offline ? st.msg.legal || [] : [];
  }

  function ctx() {
    const m = st.msg;
    return {
      view: m.view,
      legal: legal(),
      toAct: m.to_act,
      names: names(),
      seat: mySeat(),
      role: st.you.role,
      table: st.table,
      log: st.log,
      fresh: st.fresh || [],
      result: m.result || m.view.result || null,
      ratingChanges: st.ratingChanges,
      version: m.version,
      ui: st.ui,
      busy: st.busy,
      act,
      rerender: render,
      // "Pass automatically when I can't react": the player's own setting, kept by the server.
      autoPass: st.you.role === "player" ? !!st.you.auto_pass : null,
      setAutoPass: (on) => sock.send({ type: "auto-pass", on }),
    };
  }

  function markTurn() {
    const mine = !!st.msg && !st.busy && legal().length > 0 && st.table?.status === "running";
    el.game.dataset.myTurn = mine ? "true" : "false";
    el.game.dataset.busy = st.busy ? "true" : "false";
    el.game.dataset.offline = st.offline ? "true" : "false";
    st.myTurn = mine;
    setTitle();
    return mine;
  }

  function setTitle() {
    const title = `${clocks.title()}${st.myTurn ? "▶ Your turn · " : ""}${st.table ? st.table.name : "Table"} · Ziggurat`;
    if (document.title !== title) document.title = title;
  }

  function renderHead() {
    const t = st.table;
    const link = `${location.origin}/#/table/${tableId}`;
    const linkInput = h("input", { class: "share-input", value: link, readonly: true, "aria-label": "Share link" });
    const statusText = { open: "Waiting for players", running: "Playing", finished: "Finished" }[t.status];
    const role =
      st.you.role === "player"
        ? `You are seat ${st.you.seat + 1}${st.you.host ? " · host" : ""}`
        : st.you.role === "watcher"
          ? "Watching (a bot plays your seat)"
          : "Watching";
    clear(el.head).append(
      h("a", { href: "#/", class: "back", "aria-label": "Back to the lobby" }, "← Lobby"),
      h(
        "div",
        { class: "title-block" },
        h("h1", {}, t.name, " ", h("span", { class: "table-id" }, `table ${t.id}`)),
        h(
          "div",
          { class: "subtitle" },
          h("span", { class: ["pill", `pill-${t.status}`] }, statusText),
          " ",
          t.rated
            ? h("span", { class: "pill pill-rated", id: "table-rated", title: "The result moves the players' ratings" }, "Rated")
            : h("span", { class: "pill pill-friendly", id: "table-rated", title: "The result moves no rating" }, "Friendly"),
          " ",
          optionsText(t),
          " · ",
          h("span", { class: "role" }, role),
        ),
      ),
      h(
        "div",
        { class: "head-tools" },
        linkInput,
        h(
          "button",
          {
            class: "small",
            onclick: async () => toast((await copyText(link, linkInput)) ? "Link copied." : "Copy the link from the box.", "good", 2000),
          },
          "Copy link",
        ),
        st.you.role === "player" && t.status !== "finished"
          ? h("button", { class: "small ghost", onclick: leave }, "Leave")
          : null,
        accountBar(),
      ),
    );
  }

  function optionsText(t) {
    const parts = [`${t.players} players`];
    if (t.clock) parts.push(clockText(t.clock));
    const spec = gameInfo?.options || {};
    const changed = []; // a variant's rule changes, named; the printed ones are not mentioned
    for (const [k, v] of Object.entries(t.options || {})) {
      const s = spec[k];
      if (s?.variant) {
        if (s.type === "counts") for (const [id, n] of Object.entries(v || {})) changed.push(`${id.replace(/_/g, " ")} ×${n}`);
        else if (v !== s.default) changed.push(`${k.replace(/_/g, " ")} ${v}`);
        continue;
      }
      const label = renderer?.optionText ? renderer.optionText(k, v) : `${k}: ${v}`;
      if (label) parts.push(label);
    }
    if (changed.length) parts.push(`Variant: ${changed.join(", ")}`);
    return parts.join(" · ");
  }

  function renderSeatsPanel() {
    const c = st.msg ? ctx() : null;
    renderSeats(el.seats, {
      table: st.table,
      you: st.you,
      toAct: st.msg ? st.msg.to_act : [],
      clock: st.msg?.clock || null,
      offline: st.offline,
      colours: c && renderer.colours ? renderer.colours(c) : [],
      summary: c && renderer.seatSummary ? (s) => renderer.seatSummary(c, s) : null,
      level: st.level,
      minPlayers: gameInfo?.min_players,
      onLevel: setLevel,
      addBot: (s) => lobbyCall(() => api.addBot(tableId, s, st.level, token())),
      removeSeat: (s) => lobbyCall(() => api.removeSeat(tableId, s, token())),
      kick: (s) => lobbyCall(() => api.kick(tableId, s, st.level, token()), "A bot takes over that seat."),
      sitHere: st.you.role === "spectator" && st.table.status === "open" ? (s) => join(s) : null,
    });
    clocks.paint();
  }

  function hostIdleButton() {
    const t = st.table;
    if (st.you.role !== "player" || st.you.host || t.host === null || t.status === "finished") return null;
    const waitingOnHost = t.status === "open" || (st.msg && st.msg.to_act.includes(t.host));
    if (!waitingOnHost) return null;
    const idle = Date.now() - st.lastActivity;
    const limit = t.host_idle_seconds ? 1000 * t.host_idle_seconds : HOST_IDLE_MS;
    if (idle < limit) return null;
    const hostName = t.seats[t.host]?.name || "the host";
    return h(
      "button",
      {
        class: "small danger",
        onclick: () => lobbyCall(() => api.kickHost(tableId, st.level, token()), "The host was replaced."),
      },
      `Kick ${hostName} (idle for ${Math.round(idle / 1000)} s)`,
    );
  }

  function renderWaitingRoom() {
    const t = st.table;
    clear(el.waiting);
    el.waiting.hidden = t.status !== "open";
    if (t.status !== "open") return;
    const empty = t.seats.filter((s) => s.kind === "empty" && !s.reserved).length;
    // a rematch's seats held for last game's players: only they may take them, and the start waits
    const pending = t.seats.filter((s) => s.kind === "empty" && s.reserved).map((s) => s.name);
    const isHost = st.you.role === "player" && st.you.host;
    const seatsText = empty
      ? `${empty === 1 ? "One seat is" : `${empty} seats are`} still empty. Share the link with friends, or the host fills seats with bots.`
      : pending.length ? null : "Every seat is taken. The host can start the game.";
    const box = h(
      "div",
      { class: "panel waiting" },
      h("h2", {}, "Waiting for players"),
      renderer.picture ? h("img", { class: "waiting-pic", src: renderer.picture, alt: "" }) : null,
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
      box.append(
        h(
          "button",
          {
            class: "primary big",
            disabled: empty > 0 || pending.length > 0,
            title: empty ? "Fill or remove the empty seats first" : pending.length ? "Waiting for answers to the rematch" : "",
            onclick: () => lobbyCall(() => api.start(tableId, token())),
          },
          "Start the game",
        ),
      );
      if (empty) {
        box.append(
          h(
            "button",
            {
              class: "big",
              onclick: async () => {
                for (const s of st.table.seats.filter((x) => x.kind === "empty" && !x.reserved)) {
                  const r = await lobbyCall(() => api.addBot(tableId, s.seat, st.level, token()));
                  if (!r) break;
                }
              },
            },
            `Fill ${empty === 1 ? "the empty seat" : "empty seats"} with bots`,
          ),
        );
      }
    } else if (st.you.role === "player") {
      box.append(h("p", {}, "Waiting for the host to start the game."));
    } else {
      if (!joinForm) {
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
        joinForm = h(
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
      // a rated table seats signed-in players only: a guest is told so before trying
      const guestAtRated = t.rated && !account().signed_in;
      joinForm.querySelector("button").disabled = empty === 0 || guestAtRated;
      box.append(joinForm);
      if (guestAtRated) {
        box.append(h("p", { class: "hint", id: "rated-join-hint" }, "A rated game: only signed-in players sit here. Sign in or sign up (at the top) to join."));
      }
    }
    if (st.you.role === "player") box.append(inviteBox());
    if (st.notice) box.prepend(h("p", { class: "notice", role: "alert" }, st.notice));
    const idle = hostIdleButton();
    if (idle) box.append(h("p", { class: "idle-host" }, "The host seems to be away. ", idle));
    el.waiting.append(box);
  }

  function inviteBox() {
    const ctx = { tableId, token, table: () => st.table };
    if (invite.box) invite.box.update(ctx);
    else if (!invite.loading) {
      invite.loading = true;
      import("./invite.js").then(({ inviteForm }) => {
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

  function renderTurn(c) {
    const t = st.table;
    clear(el.turn);
    el.turn.className = "turn-banner";
    if (st.gone) {
      el.turn.append("This table doesn't exist (any more).");
      return;
    }
    if (t.status === "open") {
      el.turn.hidden = true;
      return;
    }
    el.turn.hidden = false;
    if (!c) {
      el.turn.append("Loading the game…");
      return;
    }
    const mine = markTurn();
    const info = renderer.prompt ? renderer.prompt(c, mine) : null;
    if (st.offline && !(c.result || t.status === "finished")) {
      el.turn.append(h("strong", {}, "Reconnecting… "), "Moves resume when the connection is back.");
    } else if (c.result || t.status === "finished") {
      el.turn.classList.add("over");
      el.turn.append(h("strong", {}, "Game over. "), info?.over || "See the final ranking below.");
    } else if (mine) {
      el.turn.classList.add("mine");
      el.turn.append(h("strong", {}, "Your turn. "), info?.text || "Choose one of the highlighted moves.");
    } else {
      const who = c.toAct.map((s) => c.names[s]).join(", ");
      const myWait = st.busy ? "Sending your move… " : "";
      el.turn.append(myWait, info?.waiting || (who ? `Waiting for ${who}…` : "Waiting…"));
      if (st.you.role === "watcher" && !st.notice) el.turn.append(h("span", { class: "muted" }, " A bot plays your seat now; you are watching."));
    }
    if (st.notice && t.status !== "finished") {
      el.turn.append(" ", h("span", { class: "notice" }, st.notice));
    }
    const undo = undoButton();
    if (undo) el.turn.append(" ", undo);
    const idle = hostIdleButton();
    if (idle) el.turn.append(" ", idle);
  }

  function renderGame() {
    // where each panned board (.pan, phones) was scrolled to, to keep it across redraws
    const pans = [...el.board.querySelectorAll(".pan")].map((p) => [p.scrollLeft, p.scrollTop]);
    clear(el.board);
    clear(el.other);
    clear(el.result);
    if (!st.msg || st.table.status === "open") return null;
    const c = ctx();
    let out;
    try {
      out = renderer.render(c);
    } catch (err) {
      console.error(err);
      out = { board: h("p", { class: "error" }, "This board could not be drawn; the moves are below."), handled: new Set() };
    }
    el.board.append(out.board);
    el.board.querySelectorAll(".pan").forEach((p, i) => {
      if (pans[i]) [p.scrollLeft, p.scrollTop] = pans[i];
      else if (p.scrollWidth > p.clientWidth) p.scrollLeft = (p.scrollWidth - p.clientWidth) / 2;
    });
    const rest = c.legal.filter((a) => !out.handled.has(a));
    if (rest.length) {
      el.other.append(
        h("h3", {}, out.handled.size ? "More moves" : "Your moves"),
        h(
          "div",
          { class: "action-buttons" },
          rest.map((a) =>
            h("button", { class: "action", dataset: { action: a }, onclick: () => act(a) }, actionLabel(renderer, a, c)),
          ),
        ),
      );
    }
    if (c.result) {
      el.result.append(renderResult(c, renderer));
      const again = st.table.status === "finished"
        ? rematchBox({ tableId, table: st.table, you: st.you, token: token(), signedIn: account().signed_in, offer: st.offer, rerender: render })
        : null;
      if (again) el.result.append(again);
    }
    const hand = el.board.querySelector(".hand");
    el.handTab.hidden = !hand || !!c.result;
    const cards = hand ? hand.querySelectorAll(".card").length : 0;
    el.handTab.textContent = cards ? `Your hand (${cards})` : "Your hand";
    el.handTab.dataset.mine = markTurn() ? "true" : "false";
    return c;
  }

  function renderHeadAndTurn() {
    if (!st.table) return;
    renderHead();
    renderTurn(st.msg ? ctx() : null);
  }

  // --- focus across redraws ------------------------------------------------------------------------
  // Every state redraws the page, which would drop the focus on <body>: the focused element is found
  // again by a stable key (its board target, action, label…) and focused; when it is gone (the target
  // just played), the board takes the focus, so that Tab reaches its next target.
  const FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";
  const TABBABLE = "a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex=\"-1\"])";

  function focusKey(e) {
    const d = e.dataset || {};
    const what = d.space || d.tile || d.territory || d.action || d.card || d.suit || e.id
      || e.getAttribute("aria-label") || e.getAttribute("name") || e.textContent.trim().slice(0, 60);
    return `${e.tagName}|${e.getAttribute("role") || ""}|${e.getAttribute("class") || ""}|${what}`;
  }

  function captureFocus() {
    const a = document.activeElement;
    if (!a || a === document.body || !page.contains(a)) return null;
    return { key: focusKey(a), inBoard: el.board.contains(a) || el.other.contains(a) || el.turn.contains(a), el: a };
  }

  function restoreFocus(saved) {
    if (!saved) return;
    const a = document.activeElement;
    if (a && a !== document.body && page.contains(a)) return; // still focused (not redrawn)
    if (page.contains(saved.el)) {
      saved.el.focus({ preventScroll: true });
      return;
    }
    const again = [...page.querySelectorAll(FOCUSABLE)].find((x) => focusKey(x) === saved.key);
    if (again) again.focus({ preventScroll: true });
    if (document.activeElement === again && again) return;
    if (saved.inBoard) el.board.focus({ preventScroll: true });
  }

  function render() {
    const saved = captureFocus();
    draw();
    scrollersFocusable();
    restoreFocus(saved);
  }

  // A part that scrolls (the fitted columns, a panned board) can be scrolled with the keyboard: when
  // nothing inside it takes the focus, it does itself (and stops when it no longer scrolls).
  function scrollersFocusable() {
    for (const e of page.querySelectorAll("*")) {
      const scrolls = (e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1)
        && /(auto|scroll)/.test(getComputedStyle(e).overflow);
      const added = e.dataset.scrollFocus === "1";
      if (scrolls && !added && !e.hasAttribute("tabindex") && !e.querySelector(TABBABLE)) {
        e.setAttribute("tabindex", "0");
        e.dataset.scrollFocus = "1";
      } else if (!scrolls && added) {
        e.removeAttribute("tabindex");
        delete e.dataset.scrollFocus;
      }
    }
  }
  const onResize = () => scrollersFocusable();
  window.addEventListener("resize", onResize);

  function draw() {
    if (st.gone && !st.table) {
      clear(el.game).append(
        h("div", { class: "panel" }, h("h2", {}, "No such table"), h("p", {}, "This table doesn't exist (any more). "), h("a", { href: "#/" }, "Back to the lobby")),
      );
      return;
    }
    if (!st.table) return;
    const snap = follow.measure(); // where the board's things are drawn, before they are redrawn
    renderHead();
    renderWaitingRoom();
    const c = renderGame();
    renderTurn(c);
    renderSeatsPanel();
    chat.update({ you: st.you, table: st.table, colours: c && renderer.colours ? renderer.colours(c) : [] });
    if (c) {
      const colours = renderer.colours ? renderer.colours(c) : [];
      if (el.log.dataset.count !== String(st.log.length)) {
        renderLog(el.log, st.log, c.names, colours);
        el.log.dataset.count = String(st.log.length);
      }
      since.update({ entries: st.log, seat: mySeat(), mine: markTurn(), colours });
    } else if (st.table.status === "open") {
      clear(el.log).append(h("p", { class: "muted" }, "The log starts when the game does."));
      el.log.dataset.count = "";
    }
    el.game.dataset.version = st.msg ? String(st.msg.version) : "-1";
    el.game.dataset.status = st.table.status;
    // A running game fits the window (board, hand, prompt and steps without scrolling, on a laptop).
    page.classList.toggle("fit", st.table.status === "running" && !!c);
    // after the whole page is laid out, so that the board's things are measured where they stay
    if (c) follow.update(snap, { quiet: ownMove() });
    el.game.dataset.render = String(++st.renders);
    markTurn();
  }

  // The latest state came from your own move alone (an undo too): not news to you. An event of another
  // seat in it (the cards everyone played, turned up by your choice) is news.
  function ownMove() {
    const me = mySeat();
    const fresh = st.fresh || [];
    const seatOf = (e, ev) => (Number.isInteger(ev.seat) ? ev.seat : e.seat);
    return me !== null && fresh.length > 0
      && fresh.every((e) => e.seat === me && (e.events || []).every((ev) => seatOf(e, ev) === me));
  }

  // Ctrl+Z (⌘Z) takes back, as the button does; never while typing in a field.
  const onKey = (e) => {
    if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === "z"
        && !/^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement?.tagName || "") && canTakeBack()) {
      e.preventDefault();
      takeBack();
    }
  };
  document.addEventListener("keydown", onKey);

  // Arrow keys move between the board's targets (Tab works too); Enter or Space chooses (dom.js clickable).
  el.board.addEventListener("keydown", (e) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (!step || e.altKey || e.ctrlKey || e.metaKey) return;
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
    const targets = [...el.board.querySelectorAll('[role="button"][tabindex="0"]')];
    if (!targets.length) return;
    const i = targets.indexOf(document.activeElement);
    const next = i < 0 ? (step > 0 ? 0 : targets.length - 1) : (i + step + targets.length) % targets.length;
    e.preventDefault();
    targets[next].focus();
  });

  return () => {
    clearInterval(tick);
    clocks.stop();
    follow.stop();
    talk.stop();
    document.removeEventListener("keydown", onKey);
    unsubscribe();
    window.removeEventListener("resize", onResize);
    sock.close();
    closeChooser();
  };
}
