// The table's state and its traffic, as boardgame.io splits a client from its transport: what the
// server says (the socket's welcome, table, state, chat and error messages; the lobby API's answers)
// comes in here and changes `state`; what the player does goes out through the actions below. The
// views (js/table/*.js) read `state` and the derived values, and call the actions: they never touch
// the socket or write the state. The controller tells the page through `hooks`:
//   changed()            the state changed: redraw
//   interrupt()          the board stops taking clicks (a move or a take-back is on its way, or the
//                        connection dropped): what was half-chosen on it is dropped
//   fresh(entries)       new log entries from the server (not a resync)
//   clock(clock)         a state message's turn clocks (null: none)
//   say(text, kind, ms)  a message for the player (a toast); `announce(text)` also for screen readers
//   status(text|null)    the connection's trouble, or null when it is back
//   chatHello(token) -> fields for the hello; chatReceive(messages)

import { api } from "../api.js";
import { friendly } from "../errors.js";
import { seats as savedSeats, setPlayerName } from "../storage.js";
import { account, onAccount } from "../account.js";
import { TableSocket } from "../socket.js";

const HOST_IDLE_MS = 60000; // the rulebook's 60 s, when the server doesn't say its own setting
const NEWCOMER = 1000; // a newcomer's rating as shown (docs/server.md, "Ratings")

export function tableController(tableId, games, renderers, hooks) {
  const saved = savedSeats.get(tableId);
  const st = {
    table: null,
    you: { role: "spectator", seat: null, host: false },
    msg: null, // the last state message
    log: [],
    fresh: [], // the log entries the last state message brought (none after a resync)
    ui: {}, // the renderer's own memory (selections, what was animated…)
    busy: false,
    level: saved?.level || "normal",
    lastActivity: Date.now(),
    gone: false,
    offline: false, // the socket is down: nothing to click, and you are not "Online"
    notice: null, // a lasting message about your seat (e.g. you were replaced as the idle host)
    offer: null, // the summary of this finished table's rematch, once there is one
    ratingChanges: null, // a finished rated table: how much each account's rating moved, by seat
    renderer: null, // the game's renderer, once the table is known
    gameInfo: null, // the game as GET /api/games describes it
    leaving: false,
    switching: false, // signing in or out: the seat changes by our own doing
  };

  const sock = new TableSocket(tableId, saved?.token || null, {
    hello: (token) => hooks.chatHello(token),
    welcome: (m) => {
      onTable(m);
      st.switching = false;
    },
    table: (m) => onTable(m),
    state: (m) => onState(m),
    chat: (m) => hooks.chatReceive(m.messages),
    error: (m, text) => {
      hooks.say(text, "error");
      hooks.changed();
    },
    status: (text) => {
      hooks.status(text);
      const offline = !!text;
      if (offline !== st.offline) {
        st.offline = offline;
        hooks.interrupt();
        hooks.changed();
      }
    },
    lostSeat: () => {
      savedSeats.forget(tableId);
      hooks.say("Your saved seat at this table is no longer valid; you are watching.", "info");
    },
    gone: () => {
      st.gone = true;
      savedSeats.forget(tableId);
      hooks.changed();
    },
  });

  // Signed in or out (here or in another tab): the socket says hello again, with this browser's token
  // for the table if it still has one, else as the account's seat (or as a spectator, signed out).
  const unsubscribe = onAccount(() => {
    st.switching = true;
    sock.reconnectAs(savedSeats.get(tableId)?.token || null);
    hooks.changed();
  });

  // --- what the server says ------------------------------------------------------------------------
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
      hooks.say(st.notice, "error", 10000);
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
    if (!st.renderer) {
      st.renderer = renderers[m.table.game] || renderers.generic;
      st.gameInfo = games.find((g) => g.id === m.table.game) || null;
    }
    if (savedSeats.get(tableId) && m.you.role !== "spectator") {
      savedSeats.put(tableId, { game: m.table.game, status: m.table.status });
    }
    if (statusChanged) st.ui = {};
    hooks.changed();
  }

  // The rematch's seats say whether one is still held for you, and who hosts it.
  async function loadOffer(id) {
    // (gone: an open rematch nobody touched for an hour was removed; "Play again" makes another)
    const offer = await api.table(id).catch((e) => (e.status === 404 ? { id, gone: true } : null));
    if (offer && st.table?.rematch === id) {
      st.offer = offer;
      hooks.changed();
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
    hooks.changed();
  }

  function onState(m) {
    if (m.resync || !st.msg) st.log = m.log.slice();
    else {
      const last = st.log.length ? st.log[st.log.length - 1].version : -1;
      st.log.push(...m.log.filter((e) => e.version > last));
    }
    if (!st.msg || st.msg.version !== m.version) st.lastActivity = Date.now();
    timeoutsNoticed(st.msg?.clock, m.clock);
    hooks.clock(m.clock || null);
    const fresh = m.resync ? [] : m.log;
    st.msg = m;
    st.fresh = fresh;
    hooks.changed();
    hooks.fresh(fresh);
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
      hooks.say(text, "info", 6000);
      hooks.announce(text);
    });
  }

  // --- what the player does ------------------------------------------------------------------------
  async function act(action) {
    if (st.busy) return;
    st.busy = true;
    hooks.interrupt();
    const answer = await sock.act(action);
    st.busy = false;
    if (answer.type === "error") {
      hooks.say(friendly(answer), "error");
    } else {
      st.ui.selected = null;
    }
    hooks.changed();
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
    hooks.interrupt();
    const answer = await sock.undo();
    st.busy = false;
    if (answer.type === "error") hooks.say(friendly(answer), "error");
    else st.ui.selected = null;
    hooks.changed();
  }

  async function lobbyCall(fn, okText) {
    try {
      const t = await fn();
      if (t && t.id) {
        st.table = t;
      }
      if (okText) hooks.say(okText, "good", 2500);
      hooks.changed();
      return t;
    } catch (e) {
      hooks.say(e.message, "error");
      return null;
    }
  }

  const token = () => sock.token;

  /** Sit at `seat` (undefined: any free one) under `name` (signed in: the username). */
  async function join(name, seat) {
    const a = account();
    if (!a.signed_in) setPlayerName(name);
    try {
      const r = await api.join(tableId, name, seat);
      // signed in, the seat is the account's: signing out forgets it in this browser
      const mark = a.signed_in ? { account: a.username } : {};
      savedSeats.put(tableId, { token: r.token, game: r.table.game, status: r.table.status, name, ...mark });
      sock.reconnectAs(r.token);
      hooks.say(`You sit at seat ${r.seat + 1}.`, "good", 2500);
    } catch (e) {
      hooks.say(e.message, "error");
    }
  }

  // (signed in, the account's seat needs no token)
  const canLeave = () => !!token() || account().signed_in;

  /** Leave your seat; true when the server let you go (the page then goes back to the lobby). */
  async function leave() {
    if (!canLeave()) return false;
    const running = st.table?.status === "running";
    st.leaving = true;
    const r = await lobbyCall(() => api.leave(tableId, token()));
    if (!r) st.leaving = false;
    if (r && !running) {
      savedSeats.forget(tableId);
      sock.reconnectAs(null);
    }
    return !!r;
  }

  function setLevel(level) {
    st.level = level;
    if (savedSeats.get(tableId)) savedSeats.put(tableId, { level });
  }

  async function fillWithBots() {
    for (const s of st.table.seats.filter((x) => x.kind === "empty" && !x.reserved)) {
      const r = await lobbyCall(() => api.addBot(tableId, s.seat, st.level, token()));
      if (!r) break;
    }
  }

  // --- derived ---------------------------------------------------------------------------------------
  function names() {
    return (st.table?.seats || []).map((s) => (s.kind === "empty" ? `Seat ${s.seat + 1}` : s.name));
  }

  function mySeat() {
    return st.you && st.you.role === "player" ? st.you.seat : null;
  }

  function legal() {
    return st.msg && !st.busy && !st.offline ? st.msg.legal || [] : [];
  }

  /** Whether the board waits on you now (there is a move of yours to make). */
  function myTurn() {
    return !!st.msg && !st.busy && legal().length > 0 && st.table?.status === "running";
  }

  /** What a renderer draws from (docs/web.md, "Files"). */
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
      fresh: st.fresh,
      result: m.result || m.view.result || null,
      ratingChanges: st.ratingChanges,
      version: m.version,
      ui: st.ui,
      busy: st.busy,
      act,
      rerender: () => hooks.changed(),
      // "Pass automatically when I can't react": the player's own setting, kept by the server.
      autoPass: st.you.role === "player" ? !!st.you.auto_pass : null,
      setAutoPass: (on) => sock.send({ type: "auto-pass", on }),
    };
  }

  /** The host keeps a player waiting past the limit: {name, ms} to offer kicking them, else null. */
  function idleHost() {
    const t = st.table;
    if (st.you.role !== "player" || st.you.host || t.host === null || t.status === "finished") return null;
    const waitingOnHost = t.status === "open" || (st.msg && st.msg.to_act.includes(t.host));
    if (!waitingOnHost) return null;
    const idle = Date.now() - st.lastActivity;
    const limit = t.host_idle_seconds ? 1000 * t.host_idle_seconds : HOST_IDLE_MS;
    if (idle < limit) return null;
    return { name: t.seats[t.host]?.name || "the host", ms: idle };
  }

  sock.connect();

  return {
    tableId,
    state: st,
    token,
    names,
    mySeat,
    legal,
    myTurn,
    ctx,
    canTakeBack,
    idleHost,
    // actions
    act,
    takeBack,
    join,
    canLeave,
    leave,
    setLevel,
    fillWithBots,
    start: () => lobbyCall(() => api.start(tableId, token())),
    addBot: (seat) => lobbyCall(() => api.addBot(tableId, seat, st.level, token())),
    removeSeat: (seat) => lobbyCall(() => api.removeSeat(tableId, seat, token())),
    kick: (seat) => lobbyCall(() => api.kick(tableId, seat, st.level, token()), "A bot takes over that seat."),
    kickHost: () => lobbyCall(() => api.kickHost(tableId, st.level, token()), "The host was replaced."),
    chatRequest: (msg) => sock.request(msg),
    close() {
      unsubscribe();
      sock.close();
    },
  };
}
