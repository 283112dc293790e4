// The replay viewer (#/replay/ID, #/replay/ID/VERSION): a finished game move by move on the game's own
// board, read-only. The server sends pages of versions (GET /api/tables/ID/replay, docs/server.md): the
// view after each one, everything shown (each seat's private part beside the board: the game is over)
// or one seat's own view; the page after the one shown is fetched ahead. First / back / next / last, a
// slider, play at a chosen speed, arrow keys; the log beside it, each line a link to its move; the
// address follows the version shown, so it can be shared.

import { api } from "./api.js";
import { h, clear } from "./dom.js";
import { renderResult } from "./result.js";
import { swatch } from "./colors.js";
import { actionLabel, title } from "./games/common.js";
import { accountBar } from "./accountbar.js";
import { seatName } from "./playerlink.js";

const PAGE = 20; // versions per page fetched
const SPEEDS = [["0.5", "0.5×"], ["1", "1×"], ["2", "2×"], ["4", "4×"]];
const STEP_MS = 1200; // one move at 1×

let styled = false;
function loadStyle() {
  if (styled) return;
  styled = true;
  document.head.append(h("link", { rel: "stylesheet", href: new URL("../css/replay.css", import.meta.url).href }));
}

export function replayPage(root, tableId, games, renderers, startVersion) {
  loadStyle();
  const st = {
    meta: null, // the first page's answer: table, names, result, last
    log: [], // every version's entry in words (the whole game, fetched with the first page)
    steps: new Map(), // version -> the step (view, to_act, text...) of the pages fetched so far
    pages: new Map(), // page start -> its request, fetched or under way
    seat: null, // the seat followed; null: everything shown
    version: startVersion ?? 0,
    playing: null, // the timer while playing
    speed: 1,
    ui: {}, // the renderer's own memory
    gone: false,
  };
  let renderer = null;
  let colours = [];

  const el = {
    title: h("h1", {}, "Replay"),
    status: h("p", { id: "replay-status", class: "replay-status", role: "status", "aria-live": "polite" }),
    board: h("div", { id: "board", class: "board-area replay-board" }),
    hands: h("div", { id: "replay-hands", class: "replay-hands" }),
    result: h("div", { id: "result" }),
    players: h("ul", { id: "replay-players", class: "replay-players" }),
    log: h("div", { id: "log", class: "log replay-log", tabindex: "0", "aria-label": "Game log: each line goes to its move" }),
    slider: h("input", { id: "replay-slider", type: "range", min: 0, max: 0, value: 0, step: 1, "aria-label": "Move" }),
    where: h("span", { id: "replay-where", class: "replay-where" }),
    play: h("button", { id: "replay-play", class: "primary", type: "button", "aria-label": "Play" }, "▶ Play"),
    speed: h(
      "select",
      { id: "replay-speed", "aria-label": "Speed" },
      SPEEDS.map(([v, label]) => h("option", { value: v, selected: v === "1" }, label)),
    ),
    seat: h("select", { id: "replay-seat", "aria-label": "Whose view" }),
  };
  const button = (id, label, text, onclick) =>
    h("button", { id, type: "button", "aria-label": label, title: label, onclick }, text);
  const controls = h(
    "div",
    { class: "replay-controls", role: "group", "aria-label": "Replay controls" },
    button("replay-first", "First move", "|◀", () => go(0)),
    button("replay-back", "Previous move", "◀", () => go(st.version - 1)),
    el.play,
    button("replay-next", "Next move", "▶", () => go(st.version + 1)),
    button("replay-last", "Last move", "▶|", () => go(st.meta ? st.meta.last : 0)),
    el.where,
    h("label", { class: "replay-speed" }, "Speed ", el.speed),
    h("label", { class: "replay-seat" }, "Show ", el.seat),
  );
  el.game = h(
    "section",
    { id: "replay", class: "game replay", "aria-label": "Replay", dataset: { version: "-1", last: "-1" } },
    h("h2", { class: "sr-only" }, "The game"),
    controls,
    h("div", { class: "replay-slider" }, el.slider),
    el.status,
    el.board,
    el.hands,
    el.result,
  );
  clear(root).append(
    h(
      "div",
      { class: "table-page replay-page" },
      h(
        "header",
        { class: "table-head" },
        el.title,
        h("a", { href: "#/" }, "Lobby"),
        h("a", { href: `#/table/${tableId}`, id: "replay-table-link" }, "The table"),
        accountBar(),
      ),
      h(
        "div",
        { class: "table-grid" },
        el.game,
        h(
          "aside",
          { class: "side" },
          h("section", { class: "panel players" }, h("h2", {}, "Players"), el.players),
          h("section", { class: "panel log-panel" }, h("h2", {}, "Game log"), el.log),
        ),
      ),
    ),
  );

  el.slider.addEventListener("input", () => go(Number(el.slider.value), { fromSlider: true }));
  el.play.addEventListener("click", () => (st.playing ? pause() : play()));
  el.speed.addEventListener("change", () => {
    st.speed = Number(el.speed.value) || 1;
    if (st.playing) {
      pause();
      play();
    }
  });
  el.seat.addEventListener("change", () => {
    st.seat = el.seat.value === "" ? null : Number(el.seat.value);
    st.steps.clear();
    st.pages.clear();
    start(st.version);
  });
  el.log.addEventListener("click", (e) => {
    const a = e.target.closest("a[data-version]");
    if (!a) return;
    e.preventDefault(); // (the link is there to be copied; a click stays on this page)
    go(Number(a.dataset.version));
  });

  // --- pages ------------------------------------------------------------------------------------
  function fetchPage(first, withLog = false) {
    const key = `${st.seat}:${first}`;
    if (st.pages.has(key) && !withLog) return st.pages.get(key);
    const seat = st.seat;
    const p = api.replay(tableId, { from: first, count: PAGE, seat, log: withLog }).then((page) => {
      if (seat !== st.seat) return page; // (the viewer changed whose view meanwhile)
      for (const s of page.steps) st.steps.set(s.version, s);
      return page;
    });
    p.catch(() => st.pages.delete(key)); // tried again next time
    st.pages.set(key, p);
    return p;
  }

  const pageOf = (v) => Math.floor(v / PAGE) * PAGE;

  async function ensure(v) {
    if (!st.steps.has(v)) await fetchPage(pageOf(v));
    const ahead = pageOf(v) + PAGE; // the next page, before it's needed
    if (st.meta && ahead <= st.meta.last) fetchPage(ahead).catch(() => {});
  }

  async function start(v) {
    try {
      const page = await fetchPage(pageOf(Math.max(0, v)), true);
      st.meta = page;
      st.log = page.log || [];
      setUp();
      await show(Math.min(Math.max(0, v), page.last));
    } catch (e) {
      fail(e);
    }
  }

  function fail(e) {
    pause();
    st.gone = true;
    const finished = e.code !== "not-finished";
    clear(el.game).append(
      h(
        "div",
        { class: "panel" },
        h("h2", {}, finished ? "No replay" : "Not over yet"),
        h("p", { class: "error" }, e.message),
        h("p", {}, h("a", { href: `#/table/${tableId}` }, finished ? "The table" : "Watch the game"), " · ", h("a", { href: "#/" }, "Back to the lobby")),
      ),
    );
  }

  // --- drawing ----------------------------------------------------------------------------------
  function setUp() {
    const m = st.meta;
    renderer = renderers[m.table.game] || renderers.generic;
    el.title.textContent = `Replay: ${m.table.name}`;
    document.title = `Replay · ${m.table.name} · Ziggurat`;
    el.slider.max = String(m.last);
    el.game.dataset.last = String(m.last);
    const chosen = st.seat === null ? "" : String(st.seat);
    clear(el.seat).append(
      h("option", { value: "", selected: chosen === "" }, "Everything (every hand)"),
      ...m.names.map((name, s) => h("option", { value: String(s), selected: chosen === String(s) }, `${name}'s view`)),
    );
  }

  function ctx(step) {
    const m = st.meta;
    return {
      view: step.view,
      legal: [], // read-only: nothing to click
      toAct: step.to_act,
      names: m.names,
      seat: st.seat,
      role: "spectator",
      table: m.table,
      log: st.log.slice(0, step.version + 1),
      fresh: [],
      result: step.view.result || null,
      version: step.version,
      ui: st.ui,
      busy: false,
      replaying: true,
      act: () => {},
      rerender: () => draw(),
      autoPass: null,
      setAutoPass: () => {},
    };
  }

  function words(entry, c) {
    const lines = (entry.text || []).filter(Boolean);
    if (lines.length) return lines;
    if (!entry.version) return ["The game is set up."];
    let what = entry.action;
    try {
      what = actionLabel(renderer, entry.action, c);
    } catch {
      /* the action as it is */
    }
    return [`${st.meta.names[entry.seat]}: ${what}`];
  }

  // The renderers title the seat's own hand "Your hand" (at a table it is yours): here it is theirs.
  function ownHand(name) {
    for (const hand of el.board.querySelectorAll(".hand")) {
      hand.setAttribute("aria-label", `${name}'s hand`);
      const title = hand.querySelector("h3")?.firstChild;
      if (title?.nodeType === Node.TEXT_NODE) title.textContent = title.textContent.replace(/^Your /, `${name}'s `);
    }
  }

  function draw() {
    const step = st.steps.get(st.version);
    if (!step || st.gone) return;
    const c = ctx(step);
    colours = renderer.colours ? renderer.colours(c) : [];
    clear(el.board);
    try {
      el.board.append(renderer.render(c).board);
      if (st.seat !== null) ownHand(st.meta.names[st.seat]);
    } catch (err) {
      console.error(err);
      el.board.append(h("p", { class: "error" }, "This board could not be drawn."));
    }
    drawHands(step);
    clear(el.result);
    if (c.result && step.version === st.meta.last) el.result.append(renderResult({ ...c, seat: null }, renderer));
    drawPlayers(step);
    el.slider.value = String(step.version);
    el.where.textContent = step.version ? `Move ${step.version} of ${st.meta.last}` : `Set-up · ${st.meta.last} moves`;
    el.game.dataset.version = String(step.version);
    el.game.dataset.seat = st.seat === null ? "" : String(st.seat);
    for (const [id, off] of [["replay-first", step.version === 0], ["replay-back", step.version === 0], ["replay-next", step.version === st.meta.last], ["replay-last", step.version === st.meta.last]]) {
      document.getElementById(id).disabled = off;
    }
    const entry = st.log[step.version] || step;
    el.status.textContent = `${step.version ? `Move ${step.version}` : "Set-up"}: ${words(entry, c).join(" ")}`;
    drawLog(c);
  }

  // Everything shown: each seat's private part (its hand, its secret choice...) in words.
  function drawHands(step) {
    clear(el.hands);
    const parts = step.view.private;
    const game = games.find((g) => g.id === st.meta.table.game);
    if (!parts || (game && !game.hidden_information)) return; // (nothing was ever hidden)
    const rows = parts.map((part, s) => {
      const bits = Object.entries(part).map(([k, v]) => h("div", {}, h("span", { class: "muted" }, `${title(k)}: `), plain(v)));
      return h("li", { dataset: { seat: s } }, swatch(s, colours[s]), h("strong", {}, st.meta.names[s]), bits.length ? bits : h("div", { class: "muted" }, "Nothing hidden."));
    });
    el.hands.append(h("section", { class: "panel", "aria-label": "Every hand" }, h("h3", {}, "Every hand (the game is over: nothing is secret)"), h("ul", { class: "replay-hand-list" }, rows)));
  }

  function plain(v) {
    if (v === null || v === undefined) return "—";
    if (Array.isArray(v)) return v.length ? v.map(plain).join(", ") : "none";
    if (typeof v === "object") return Object.entries(v).map(([k, x]) => `${title(k)}: ${plain(x)}`).join("; ");
    return typeof v === "string" ? title(v) : String(v);
  }

  function drawPlayers(step) {
    clear(el.players).append(
      ...st.meta.names.map((name, s) =>
        h(
          "li",
          { class: ["seat", step.to_act.includes(s) && "asked"], dataset: { seat: s } },
          swatch(s, colours[s], "swatch seat-swatch"),
          // an account's name opens its profile
          st.meta.table?.seats?.[s] ? seatName({ ...st.meta.table.seats[s], name }) : name,
          step.to_act.includes(s) ? h("span", { class: "muted" }, " · to play") : null,
          st.seat === s ? h("span", { class: "muted" }, " · followed") : null,
        ),
      ),
    );
  }

  function drawLog(c) {
    if (el.log.dataset.seat !== String(st.seat) || !el.log.firstChild) {
      el.log.dataset.seat = String(st.seat);
      clear(el.log).append(
        h(
          "ol",
          { class: "log-list" },
          st.log.map((e) =>
            h(
              "li",
              { class: "log-line", dataset: { version: e.version, seat: Number.isInteger(e.seat) ? e.seat : "" } },
              h("a", { href: `#/replay/${tableId}/${e.version}`, dataset: { version: e.version } }, h("span", { class: "log-num" }, e.version ? `${e.version}.` : "·"), " ", words(e, c).join(" ")),
            ),
          ),
        ),
      );
    }
    const old = el.log.querySelector(".log-line.current");
    if (old) {
      old.classList.remove("current");
      old.querySelector("a").removeAttribute("aria-current");
    }
    const line = el.log.querySelector(`.log-line[data-version="${st.version}"]`);
    if (line) {
      line.classList.add("current");
      line.querySelector("a").setAttribute("aria-current", "step");
      const top = line.offsetTop - el.log.offsetTop;
      if (top < el.log.scrollTop || top + line.offsetHeight > el.log.scrollTop + el.log.clientHeight) {
        el.log.scrollTop = top - el.log.clientHeight / 2;
      }
    }
  }

  // --- moving -----------------------------------------------------------------------------------
  let asked = 0;
  async function show(v) {
    const mine = ++asked;
    st.version = v;
    try {
      await ensure(v);
    } catch (e) {
      if (mine === asked) fail(e);
      return;
    }
    if (mine !== asked || st.gone) return; // (a later step was asked meanwhile)
    // The address names the move (a link to it), without a new route: the page stays.
    history.replaceState(null, "", `#/replay/${tableId}/${v}`);
    draw();
  }

  function go(v, { fromSlider = false } = {}) {
    if (!st.meta) return;
    const to = Math.min(Math.max(0, v), st.meta.last);
    if (!fromSlider && st.playing && to !== st.version + 1) pause();
    if (to !== st.version || !st.steps.has(to)) show(to);
  }

  function play() {
    if (!st.meta) return;
    if (st.version >= st.meta.last) go(0);
    el.play.textContent = "‖ Pause";
    el.play.setAttribute("aria-label", "Pause");
    const tick = async () => {
      if (st.version >= st.meta.last) return pause();
      await show(st.version + 1);
      if (st.playing) st.playing = setTimeout(tick, STEP_MS / st.speed);
    };
    st.playing = setTimeout(tick, STEP_MS / st.speed);
  }

  function pause() {
    if (st.playing) clearTimeout(st.playing);
    st.playing = null;
    el.play.textContent = "▶ Play";
    el.play.setAttribute("aria-label", "Play");
  }

  // Arrow keys step (Home and End go to either end), unless a field or the slider has them.
  const onKey = (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement?.tagName || "")) return;
    const to = { ArrowRight: st.version + 1, ArrowLeft: st.version - 1, Home: 0, End: st.meta?.last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };
  document.addEventListener("keydown", onKey);

  start(st.version);
  return () => {
    pause();
    st.gone = true;
    document.removeEventListener("keydown", onKey);
  };
}
