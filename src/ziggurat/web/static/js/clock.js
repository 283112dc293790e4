// Turn clocks (docs/server.md "Turn clocks"): the time control chosen when creating a table, its words,
// and the clocks ticking at a table. The server says how much each seat had left when it sent the
// state; the page counts down from the moment it got it (never from the two machines' clocks).

import { h } from "./dom.js";

const MIN = 60;
const HOUR = 3600;
const DAY = 86400;
export const WARN_AT = 10; // seconds: the clock turns red, the tab title says so, a screen reader hears it

// The presets of the create form: [value, label, time control or null].
const PRESETS = [
  ["none", "No clock", null],
  ["fast", "Real-time · fast: 3 min + 10 s per turn", { mode: "realtime", bank: 3 * MIN, increment: 10 }],
  ["normal", "Real-time · normal: 6 min + 20 s per turn", { mode: "realtime", bank: 6 * MIN, increment: 20 }],
  ["slow", "Real-time · relaxed: 12 min + 30 s per turn", { mode: "realtime", bank: 12 * MIN, increment: 30 }],
  ["turn12", "Turn-based: 12 hours per move", { mode: "turn", bank: 12 * HOUR, increment: 0 }],
  ["turn24", "Turn-based: 24 hours per move", { mode: "turn", bank: DAY, increment: 0 }],
  ["turn72", "Turn-based: 3 days per move", { mode: "turn", bank: 3 * DAY, increment: 0 }],
  ["custom", "Custom…", null],
];

/** "5:07", "0:09", "2 h 05 min", "3 days 4 h" */
export function formatLeft(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 2 * DAY) return `${Math.floor(s / DAY)} days ${Math.floor((s % DAY) / HOUR)} h`;
  if (s >= HOUR) return `${Math.floor(s / HOUR)} h ${String(Math.floor((s % HOUR) / MIN)).padStart(2, "0")} min`;
  return `${Math.floor(s / MIN)}:${String(s % MIN).padStart(2, "0")}`;
}

function span(seconds) {
  if (seconds >= DAY && seconds % DAY === 0) return `${seconds / DAY} day${seconds === DAY ? "" : "s"}`;
  if (seconds >= HOUR && seconds % HOUR === 0) return `${seconds / HOUR} h`;
  if (seconds >= MIN && seconds % MIN === 0) return `${seconds / MIN} min`;
  return `${+seconds.toFixed(2)} s`;
}

/** The time control in a few words, for the lobby and the table's heading ("" without a clock). */
export function clockText(clock) {
  if (!clock) return "";
  if (clock.mode === "turn") return `Turn-based: ${span(clock.bank)} per move`;
  return `Real-time: ${span(clock.bank)}${clock.increment ? ` + ${span(clock.increment)} per turn` : ""}`;
}

/** The create form's time control: a select of presets, and fields for a custom one. */
export function clockField() {
  const number = (id, value, attrs) => h("input", { id, type: "number", value, min: 0, step: "any", ...attrs });
  const mode = h(
    "select",
    { id: "clock-mode", "aria-label": "Custom clock: kind" },
    h("option", { value: "realtime" }, "Real-time (a time bank each)"),
    h("option", { value: "turn" }, "Turn-based (a time per move)"),
  );
  const minutes = number("clock-minutes", 5, { "aria-label": "Minutes (bank, or per move)" });
  const increment = number("clock-increment", 10, { "aria-label": "Seconds added per turn" });
  const custom = h(
    "div",
    { class: "clock-custom", hidden: true },
    mode,
    h("label", {}, minutes, " minutes"),
    h("label", { class: "clock-inc" }, "+ ", increment, " s per turn"),
  );
  const select = h(
    "select",
    {
      id: "opt-clock",
      name: "clock",
      onchange: () => {
        custom.hidden = select.value !== "custom";
      },
    },
    PRESETS.map(([v, label]) => h("option", { value: v }, label)),
  );
  mode.addEventListener("change", () => {
    custom.querySelector(".clock-inc").hidden = mode.value === "turn";
  });
  const el = h(
    "div",
    { class: "field" },
    h("label", { for: "opt-clock" }, "Clock"),
    select,
    custom,
    h("small", {}, "When a player's time runs out, a bot plays that move for them; after three, the host may replace them."),
  );
  const value = () => {
    if (select.value !== "custom") return PRESETS.find(([v]) => v === select.value)[2];
    const bank = parseFloat(minutes.value) * MIN;
    return mode.value === "turn"
      ? { mode: "turn", bank, increment: 0 }
      : { mode: "realtime", bank, increment: parseFloat(increment.value) || 0 };
  };
  return { el, value };
}

/**
 * The clocks at a table. `update(clock)` with each state's `clock` (null: none); elements with
 * data-clock-seat="N" anywhere in the page show seat N's time, ticking. `onLow(seat)` is called once per
 * decision when a running clock passes WARN_AT; `title()` is the prefix for the tab title.
 */
export function clockTicker({ mySeat, onLow, onTick }) {
  let clock = null;
  let got = 0;
  let warned = new Set();
  const timer = setInterval(tick, 250);

  function left(seat) {
    if (!clock) return null;
    const base = clock.left[seat];
    return clock.running[seat] ? Math.max(0, base - (performance.now() - got) / 1000) : base;
  }

  function tick() {
    if (!clock) return;
    for (const node of document.querySelectorAll("[data-clock-seat]")) {
      const seat = +node.dataset.clockSeat;
      const l = left(seat);
      if (l === null || l === undefined) continue;
      const text = formatLeft(l);
      if (node.textContent !== text) node.textContent = text;
      const low = clock.running[seat] && l <= WARN_AT;
      node.classList.toggle("clock-low", low);
      node.classList.toggle("clock-running", !!clock.running[seat]);
    }
    clock.running.forEach((running, seat) => {
      if (running && left(seat) <= WARN_AT && !warned.has(seat)) {
        warned.add(seat);
        onLow?.(seat);
      }
    });
    onTick?.();
  }

  return {
    update(c) {
      // A clock that was refilled or stopped may warn again at its next decision.
      if (c && clock) warned = new Set([...warned].filter((s) => c.running[s] && c.left[s] <= WARN_AT));
      clock = c;
      got = performance.now();
      tick();
    },
    left,
    paint: tick,
    running: (seat) => !!clock?.running[seat],
    timeouts: (seat) => clock?.timeouts[seat] || 0,
    /** "⏰ 0:09 · " while your own clock is low, else "". */
    title() {
      const me = mySeat();
      if (me === null || !clock?.running[me]) return "";
      const l = left(me);
      return l <= WARN_AT ? `⏰ ${formatLeft(l)} · ` : "";
    },
    stop: () => clearInterval(timer),
  };
}
