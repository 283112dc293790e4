// Faiths: the map with every religion's PC, your hand, pairing a Magnitude with an Event, choosing
// territories one PC at a time, and the Zealots & Fanatics reaction.

import { h, chooser, plural } from "../dom.js";
import { verbButtons } from "./common.js";
import { drawMap, niceName } from "./faiths-map.js";
import { colours, religionOf, scoreboard } from "./faiths-panels.js";

const DATA = await (await fetch(new URL("../../data/faiths.json", import.meta.url))).json();
const CARDS = Object.fromEntries(DATA.cards.map((c) => [c.id, c]));
const cardName = (id) => CARDS[id]?.name || niceName(id);

// The card notation in plain words.
const WORDS = [
  [/ATYAO/g, "a territory you already occupy"],
  [/\bAT\b/g, "a territory next to yours that you don't occupy yet"],
  [/\bYT\b/g, "any territory"],
  [/ & MXPCIST/g, ", then move up to X of your PC into a territory where it removed PC"],
  [/\bPC\b/g, "population chits"],
];
function plain(text) {
  let out = text;
  for (const [re, w] of WORDS) out = out.replace(re, w);
  return out;
}

function describe(a, c) {
  const [verb, x, y] = a.split(":");
  const t = x ? niceName(x) : "";
  const who = y !== undefined ? `${c.names[+y]}'s (${religionOf(c, +y)})` : "";
  switch (verb) {
    case "place":
      return `Place a PC in ${t}`;
    case "add":
      return `Add a PC to ${t}`;
    case "remove":
      return `Remove one of ${who} PC in ${t}`;
    case "replace":
      return `Replace one of ${who} PC in ${t} with yours`;
    case "from":
      return `Take one of your PC from ${t}`;
    case "to":
      return `Move it to ${t}`;
    case "into":
      return `Move your PC into ${t}`;
    case "pair":
      return `Play ${cardName(y)} with ${cardName(x)} (X = ${CARDS[x]?.value})`;
    case "opponent":
      return `Against ${c.names[+x]} (${religionOf(c, +x)})`;
    case "negate":
      return `Negate it with Zealots & Fanatics and ${cardName(x)}`;
    case "discard":
      return `Discard ${cardName(x)}`;
    case "religion":
      return `Take ${niceName(x)} (homeland ${niceName(DATA.homelands[x] || "")})`;
    case "bonus":
      return "Use the homeland bonus (+1)";
    case "no_bonus":
      return "No bonus";
    case "pass":
      return "Let it stand";
    case "end":
      return "End my Event phase";
    case "done":
      return "Done";
    default:
      return null;
  }
}

/** Your options now, each kind of legal action named (the phase's own prompt can't know, say, that
 * you may only let a card stand, or which of add / remove / replace / move this event does). */
function promptFor(c) {
  const v = c.view;
  const p = v.pending;
  const verbs = new Set(c.legal.map((a) => a.split(":")[0]));
  const ev = p ? cardName(p.event) : "the event";
  const left = p && p.left ? ` (${p.left} left)` : "";
  const parts = [];
  const say = (verb, text) => verbs.has(verb) && parts.push(text);
  say("religion", "choose your religion");
  say("place", `Growth: place a PC in or next to your territories${v.growth ? ` (${v.growth.left} left)` : ""}`);
  say("pair", "play a pair (a Magnitude card and an Event card)");
  say("end", "end your Event phase");
  say("opponent", `name the opponent of ${ev}`);
  say("bonus", `use the homeland bonus (+1) on ${ev}, or no bonus`);
  say("negate", `negate ${ev} with Zealots & Fanatics and a Magnitude card`);
  say("pass", verbs.has("negate") ? "let it stand" : `let it stand (you can't negate ${ev})`);
  say("add", `${ev}: add a PC to a highlighted territory${left}`);
  say("remove", `${ev}: remove an opposing PC from a highlighted territory${left}`);
  say("replace", `${ev}: replace an opposing PC in a highlighted territory with yours${left}`);
  const into = v.phase === "gather" && p?.into ? ` into ${niceName(p.into)}` : "";
  say("from", `${ev}: choose one of your PC to move${into}${left}`);
  say("to", `move the PC${p?.from ? ` from ${niceName(p.from)}` : ""} to a highlighted territory`);
  say("into", `${ev}: choose the territory to move your PC into`);
  say("done", "Done");
  say("discard", v.phase === "heresy" ? `Heresy: discard a card${left}` : "discard down to 7 cards");
  if (!parts.length) return "Choose a highlighted move.";
  const text = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")}, or ${parts.at(-1)}`;
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

function cardEl(c, id, { cls, onclick, note }) {
  const info = CARDS[id] || { name: id, kind: "event", text: "" };
  const isMag = info.kind === "magnitude";
  // said once, in plain words: the card's notation and its plain form read as the same line twice
  const text = isMag ? `Magnitude: X = ${info.value}. Pair it with an Event card.` : `${plain(info.text)}.`;
  return h(
    "button",
    {
      class: ["card", isMag ? "faiths-magnitude" : "faiths-event", cls],
      dataset: { card: id },
      "aria-label": `${info.name}: ${text}`,
      onclick,
    },
    h("span", { class: "card-deck" }, isMag ? "Magnitude" : "Event"),
    h("span", { class: "card-name" }, info.name, isMag ? h("span", { class: "mag-x" }, ` ${info.value}`) : null),
    h("span", { class: "card-text" }, isMag ? "" : plain(info.text)),
    note ? h("span", { class: "card-timing" }, note) : null,
    h("span", { class: "card-tip", role: "tooltip" }, text),
  );
}

function handSection(c, handled) {
  const v = c.view;
  if (c.seat === null || !v.hand) return null;
  const pairs = c.legal.filter((a) => a.startsWith("pair:"));
  const discards = new Set(c.legal.filter((a) => a.startsWith("discard:")).map((a) => a.split(":")[1]));
  for (const a of pairs) handled.add(a);
  for (const id of discards) handled.add(`discard:${id}`);
  const sel = c.ui.selected || null; // a card id: the first half of a pair
  const partners = new Set();
  if (sel) for (const a of pairs) {
    const [, m, e] = a.split(":");
    if (m === sel) partners.add(e);
    if (e === sel) partners.add(m);
  }
  const inPair = new Set(pairs.flatMap((a) => a.split(":").slice(1)));
  const seenSel = { done: false };
  const cards = v.hand.map((id) => {
    const isSel = id === sel && !seenSel.done;
    if (isSel) seenSel.done = true;
    let cls = "";
    let note = null;
    let onclick = () => c.act(`discard:${id}`);
    if (discards.has(id)) {
      cls = "target";
      note = "Click to discard";
    } else if (pairs.length) {
      if (isSel) {
        cls = "selected";
        note = "Selected: now pick its partner";
        onclick = () => {
          c.ui.selected = null;
          c.rerender();
        };
      } else if (sel && partners.has(id)) {
        cls = "target";
        note = "Pair with the selected card";
        const isMag = CARDS[id]?.kind === "magnitude";
        onclick = () => c.act(isMag ? `pair:${id}:${sel}` : `pair:${sel}:${id}`);
      } else if (!sel && inPair.has(id)) {
        cls = "target";
        note = CARDS[id]?.kind === "magnitude" ? "Pick, then an Event" : "Pick, then a Magnitude";
        onclick = () => {
          c.ui.selected = id;
          c.rerender();
        };
      } else {
        cls = "unplayable";
        onclick = () => {
          c.ui.selected = null;
          c.rerender();
        };
      }
    } else {
      onclick = () => {};
    }
    return cardEl(c, id, { cls, onclick, note });
  });
  let hint = "";
  if (pairs.length) hint = sel ? `Now choose the card to pair with ${cardName(sel)}.` : "Play a pair: pick a Magnitude card (X) and an Event card (what X does).";
  else if (discards.size) hint = v.phase === "heresy" ? "Heresy: choose a card to discard." : "Over 7 cards: choose a card to discard.";
  return h(
    "section",
    { class: "hand", "aria-label": "Your hand" },
    h("h3", {}, "Your hand ", h("span", { class: "muted" }, `(${plural(v.hand.length, "card")}) ${hint}`)),
    cards.length ? h("div", { class: "cards" }, cards) : h("p", { class: "muted" }, "No cards."),
  );
}

function pendingPanel(c, handled) {
  const v = c.view;
  const p = v.pending;
  const parts = [];
  if (p) {
    const by = c.names[v.turn];
    const info = CARDS[p.event];
    parts.push(
      h(
        "p",
        { class: "pair-line" },
        h("strong", {}, `${by} plays ${cardName(p.event)}`),
        ` with ${cardName(p.magnitude)}: X = ${p.x}${p.bonus ? " (homeland bonus +1)" : ""}. `,
        info ? h("span", { class: "muted" }, `${plain(info.text)}.`) : null,
        p.opponent !== null ? ` Opponent: ${c.names[p.opponent]}.` : "",
        p.left !== undefined && v.phase !== "react" ? ` ${p.left} left.` : "",
      ),
    );
  }
  if (v.reaction) {
    const r = v.reaction;
    const negs = r.negations;
    parts.push(
      h(
        "div",
        { class: "reaction", role: "alert" },
        h("strong", {}, "Zealots & Fanatics? "),
        negs ? `${plural(negs, "negation")} so far (played by ${c.names[r.by]}). ` : "",
        c.legal.some((a) => a.startsWith("negate:"))
          ? "You hold Zealots & Fanatics: you may negate this card by playing it with a Magnitude card, or let it stand."
          : c.legal.includes("pass")
            ? "You hold no Zealots & Fanatics with a Magnitude card: let it stand."
            : `${c.names[r.asked]} is asked whether to negate it…`,
      ),
    );
  }
  const opp = c.legal.filter((a) => a.startsWith("opponent:"));
  const neg = c.legal.filter((a) => a.startsWith("negate:"));
  const rel = c.legal.filter((a) => a.startsWith("religion:"));
  const choices = [...rel, ...opp, ...neg];
  for (const a of choices) handled.add(a);
  const buttons = choices.map((a) => h("button", { class: "action target", dataset: { action: a }, onclick: () => c.act(a) }, describe(a, c)));
  const verbs = verbButtons(c, handled, [
    ["bonus", "Use the homeland bonus (+1)"],
    ["no_bonus", "No bonus"],
    ["pass", "Let it stand"],
    ["done", "Done"],
    ["end", "End my Event phase"],
  ]);
  if (!parts.length && !buttons.length && !verbs) return null;
  return h("section", { class: "faiths-pending" }, parts, buttons.length ? h("div", { class: "verb-buttons" }, buttons) : null, verbs);
}

/** What your Mysticism showed you (only you see it): the top of the deck and an opponent's hand. */
function knownPanel(c) {
  const k = c.view.known;
  if (!k) return null;
  const lines = [];
  if (k.deck_top.length) lines.push(h("p", {}, "Top of the deck: ", k.deck_top.map(cardName).join(", "), "."));
  k.hands.forEach((cards, s) => {
    if (cards && s !== c.seat) lines.push(h("p", {}, `${c.names[s]} holds: ${cards.length ? cards.map(cardName).join(", ") : "nothing"}.`));
  });
  return lines.length ? h("section", { class: "round-summary", "aria-label": "What Mysticism showed you" }, h("h3", {}, "Seen with Mysticism"), lines) : null;
}

/** A player's switch: the server then lets a card stand for them, after a random pause, whenever they
 * are asked about it and can't react (holding the pair or not looks the same to everyone else). */
function autoPassToggle(c) {
  if (c.autoPass === null || c.autoPass === undefined || c.result) return null;
  return h(
    "label",
    { class: "auto-pass muted" },
    h("input", { type: "checkbox", checked: c.autoPass, onchange: (e) => c.setAutoPass(e.target.checked) }),
    " Let cards stand for me when I can't react",
  );
}

function render(c) {
  const v = c.view;
  const handled = new Set();
  const actions = {};
  for (const a of c.legal) {
    const [verb, t] = a.split(":");
    if (["place", "add", "remove", "replace", "from", "to", "into"].includes(verb)) {
      (actions[t] ||= []).push(a);
      handled.add(a);
    }
  }
  const targets = new Set([...(v.pending?.targets || []), ...(v.growth?.targets || [])]);
  const map = drawMap({
    view: v,
    names: c.names,
    colours: colours(c),
    borders: DATA.borders,
    actions,
    pendingTargets: targets,
    mySeat: c.seat,
    describe: (a) => describe(a, c),
    onTerritory: (t, acts, e) => {
      if (acts.length === 1) c.act(acts[0]);
      else chooser(e, niceName(t), acts.map((a) => ({ label: describe(a, c), onpick: () => c.act(a) })));
    },
  });
  const header = h(
    "div",
    { class: "game-header" },
    h("span", { class: "round" }, `Round ${v.round} of at most ${v.max_rounds}`),
    h("span", { class: "length" }, `First religion to occupy 14 of the 26 territories wins. It is ${c.names[v.turn]}'s turn (${religionOf(c, v.turn)}), phase: ${v.phase}.`),
  );
  const growth = v.growth ? h("p", { class: "growth" }, `Growth: ${plural(v.growth.left, "PC")} left to place, in or next to ${c.names[v.turn]}'s territories.`) : null;
  const side = h(
    "div",
    { class: "faiths-side" },
    scoreboard(c),
    h("p", { class: "muted decks" }, `Deck: ${plural(v.deck, "card")}. Discard: ${v.discard.length} (last: ${v.discard.length ? cardName(v.discard.at(-1)) : "none"}).`),
    v.options?.homeland_bonus ? h("p", { class: "muted" }, "Homeland bonus is on: once per turn, +1 to an event involving your homeland.") : null,
    knownPanel(c),
    autoPassToggle(c),
  );
  return {
    board: h(
      "div",
      { class: "faiths" },
      header,
      pendingPanel(c, handled),
      growth,
      h("div", { class: "faiths-main" }, h("div", { class: "map-box pan" }, map), side),
      handSection(c, handled),
    ),
    handled,
  };
}

// This game's own error codes (docs/games/faiths.md) in words: errors.js learns them as the renderer loads.
const ERRORS = {
  "reaction-only": "Zealots & Fanatics is only played as a reaction, to negate a card just played.",
};

export default {
  id: "faiths",
  errors: ERRORS,
  picture: "/static/img/faiths.svg",
  scoreLabel: "Territories",
  defaultPlayers: 4,
  options: {
    homeland_bonus: { label: "Homeland bonus", help: "Once per turn, +1 to an event that involves your homeland." },
    max_rounds: { label: "Round cap", min: 1, max: 100, help: "After this many rounds the most territories wins (then the most PC)." },
    zealots_copies: { label: "Copies of Zealots & Fanatics", min: 1, max: 4, help: "With 2 or more, a negation can itself be negated." },
    religions: {
      label: "Religions",
      choices: [
        ["random", "Dealt at random"],
        ["choose", "Chosen in seat order"],
      ],
    },
  },
  optionText: (k, v) =>
    ({
      homeland_bonus: v ? "homeland bonus" : "",
      max_rounds: `at most ${v} rounds`,
      zealots_copies: v > 1 ? `${v}× Zealots & Fanatics` : "",
      religions: v === "choose" ? "religions chosen" : "",
    })[k] ?? `${k}: ${v}`,
  rules: [
    "Each player is a religion that starts with 10 population chits (PC) in its homeland (★). The first religion to occupy 14 of the 26 territories wins at once.",
    "Your turn: draw 3 cards; Growth turns up cards until a Magnitude card appears and you place that many PC in or next to your territories; then play any number of pairs — a Magnitude card (X) with an Event card (what X does) — and end; discard down to 7.",
    "AT: a territory next to yours that you don't occupy. ATYAO: a territory you already occupy. YT: any territory. A territory holds at most 10 PC.",
    "Zealots & Fanatics is played out of turn with a Magnitude card, to negate a pair just announced.",
  ],
  colours,
  render,
  label: describe,
  prompt: (c) => ({
    text: promptFor(c),
    waiting: `Waiting for ${c.toAct.map((s) => c.names[s]).join(", ")} — ${c.view.prompt ? c.view.prompt.toLowerCase() : ""}…`,
  }),
  seatSummary: (c, s) =>
    `${religionOf(c, s)} · ${plural(c.view.territories[s], "territory", "territories")} · ${c.view.pcs[s]} PC · ${plural(c.view.hand_counts[s], "card")}`,
  rankExtra: { title: "PC on the board", cell: (c, s) => String(c.result?.detail?.pcs?.[s] ?? c.view.pcs[s]) },
  resultNote: (c) => {
    const d = c.result.detail || {};
    if (d.reason === "territories") return `${c.names[c.result.winners[0]]} occupies 14 territories and wins at once.`;
    return `The round cap was reached: the most territories wins, then the most PC on the board.`;
  },
};
