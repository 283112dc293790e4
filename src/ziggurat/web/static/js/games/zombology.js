// Zombology: your hand, everyone's collection by therapy, the failed cards in the centre, the Gurus,
// the secret choice (who has chosen), the resolution step by step from the log, the cure and winners.

import { h, plural } from "../dom.js";
import { seatColour, swatch } from "../colors.js";
import { verbButtons, offered } from "./common.js";

const SUIT_NAMES = {
  crystals: "Healing Crystals",
  magnets: "Magnets",
  tea: "A Nice Cup of Tea",
  vegan: "Vegan Diet",
  homeopathy: "Homeopathy",
  aromatherapy: "Aromatherapy",
};
const SUIT_ORDER = Object.keys(SUIT_NAMES);
const THERAPY = ["", "Theoretical Framework", "Petri Dish Proof", "Works in Mice", "Works in Monkeys", "Human Trial", "Cured!"];
const SPECIAL = {
  overrun: ["Overrun", "When it resolves, discards another player's card played this round (an Army Perimeter in that player's collection can stop it)."],
  payrise: ["Pay Rise", "When it resolves, claims a Guru you don't own, from the centre or another player."],
  army: ["Army Perimeter", "Joins your collection. Later, discard it to stop an Overrun aimed at your card."],
};

export function parseCard(id) {
  const parts = id.split("-");
  if (parts.length === 3) return { suit: parts[0], value: +parts[1], copy: +parts[2], therapy: true };
  return { kind: parts[0], copy: +parts[1], therapy: false };
}

export function cardName(id) {
  const c = parseCard(id);
  if (c.therapy) return `${SUIT_NAMES[c.suit] || c.suit} ${c.value} (${THERAPY[c.value]})`;
  return SPECIAL[c.kind] ? `${SPECIAL[c.kind][0]} ${c.copy}` : id;
}

function cardText(id) {
  const c = parseCard(id);
  if (!c.therapy) return SPECIAL[c.kind]?.[1] || "";
  if (c.value === 1) return "Always succeeds: joins your collection.";
  const cure = c.value === 6 ? " A success cures the therapy and ends the game." : "";
  return `Succeeds if some collection holds a ${SUIT_NAMES[c.suit]} card of value ${c.value - 1} or more (${c.value - 2 || "nothing"} with its Guru); else it fails to the centre.${cure}`;
}

function colours(c) {
  return Array.from({ length: c.view.players }, (_, s) => seatColour(s));
}

function card(id, { cls, onclick, note } = {}) {
  const c = parseCard(id);
  const text = cardText(id);
  return h(
    "button",
    {
      class: ["card", "zb-card", c.therapy ? `suit-${c.suit}` : "zb-special", c.value === 6 && "zb-cured", cls],
      dataset: { card: id },
      "aria-label": `${cardName(id)}: ${text}`,
      onclick: onclick || (() => {}),
    },
    h("span", { class: "card-deck" }, c.therapy ? SUIT_NAMES[c.suit] : "Special"),
    c.therapy ? h("span", { class: "zb-value" }, String(c.value)) : null,
    h("span", { class: "card-name" }, c.therapy ? THERAPY[c.value] : SPECIAL[c.kind]?.[0] || id),
    note ? h("span", { class: "card-timing" }, note) : null,
    h("span", { class: "card-tip", role: "tooltip" }, text),
  );
}

/** follow: the card's data-key/sig/at (js/changes.js), e.g. {at: "centre"}: followed from there. */
function mini(id, { target, clickable, selected, onclick, title, follow } = {}) {
  const c = parseCard(id);
  const label = c.therapy ? String(c.value) : { overrun: "O", payrise: "P", army: "A" }[c.kind] || "?";
  const attrs = {
    class: ["mini", c.therapy ? `suit-${c.suit}` : "zb-special", target && !selected && "target", selected && "selected"],
    title: title || cardName(id),
    "aria-label": title || cardName(id),
    dataset: follow ? { card: id, key: `card:${id}`, ...follow } : { card: id },
  };
  return target || clickable ? h("button", { ...attrs, onclick }, label) : h("span", attrs, label);
}

function collectionView(c, seat) {
  const v = c.view;
  const cards = v.collections[seat];
  const bySuit = {};
  const others = [];
  for (const id of cards) {
    const p = parseCard(id);
    if (p.therapy) (bySuit[p.suit] ||= []).push(id);
    else others.push(id);
  }
  const rows = v.suits
    .filter((u) => bySuit[u])
    .map((u) =>
      h(
        "div",
        { class: "zb-therapy" },
        h("span", {}, `${SUIT_NAMES[u]}:`),
        bySuit[u].map((id) => mini(id, { follow: { at: `collection:${seat}` } })),
        h("strong", {}, `= ${v.points[seat][u]}`),
        v.gurus[u] === seat ? h("span", { class: "muted" }, " (Guru)") : null,
      ),
    );
  if (others.length) rows.push(h("div", { class: "zb-therapy" }, "Also: ", others.map((id) => mini(id, { follow: { at: `collection:${seat}` } }))));
  return rows.length ? rows : [h("div", { class: "muted" }, "Nothing collected yet.")];
}

function playersView(c, handled) {
  const v = c.view;
  const col = colours(c);
  const targets = offered(c, handled, "target");
  return h(
    "div",
    { class: "zb-players" },
    Array.from({ length: v.players }, (_, s) => {
      const chosen = v.chosen[s];
      let status = null;
      if (v.phase === "choose") {
        status = chosen
          ? h("span", { class: "zb-chosen yes" }, chosen === "none" ? "no card" : `chosen (${chosen} back)`)
          : h("span", { class: "zb-chosen no" }, "still choosing…");
      }
      const played = v.played[s];
      // one played card a seat: a new one this round is news (the same card may be in a collection too)
      const playedKey = { key: `played:${s}`, sig: played };
      const hc = v.hand_counts[s];
      return h(
        "section",
        { class: ["zb-player", c.toAct.includes(s) && "acting"], "aria-label": `${c.names[s]}'s collection`, dataset: { seat: s } },
        h("h3", { class: "zb-player-name" }, swatch(s, col[s]), c.names[s], s === c.seat ? " (you)" : "", status),
        h("div", { class: "muted" }, `Holds ${hc.epidemic} Epidemic + ${hc.apocalypse} Apocalypse`),
        collectionView(c, s),
        v.remembered && s !== c.seat && v.remembered[s]?.length
          ? h("div", { class: "zb-therapy muted" }, "You know they hold: ", v.remembered[s].map((id) => mini(id)))
          : null,
        played
          ? h(
              "div",
              { class: "zb-therapy" },
              "Played this round: ",
              targets.has(played)
                ? mini(played, { target: true, onclick: () => c.act(targets.get(played)), title: `Overrun ${c.names[s]}'s ${cardName(played)}`, follow: playedKey })
                : mini(played, { follow: playedKey }),
              h("span", { class: "muted" }, ` ${cardName(played)}${v.pending.includes(played) ? " (not resolved yet)" : ""}`),
            )
          : null,
      );
    }),
  );
}

function centreView(c, handled) {
  const v = c.view;
  const swaps = c.legal.filter((a) => a.startsWith("swap:"));
  const takeable = new Set(swaps.map((a) => a.split(":")[2]));
  const sel = c.ui.take;
  const bySuit = {};
  for (const id of v.centre) (bySuit[parseCard(id).suit] ||= []).push(id);
  const rows = SUIT_ORDER.filter((u) => bySuit[u]).map((u) =>
    h(
      "div",
      { class: "zb-therapy" },
      h("span", {}, `${SUIT_NAMES[u]}:`),
      bySuit[u].map((id) =>
        takeable.has(id)
          ? mini(id, {
              target: !sel,
              clickable: true,
              selected: sel === id,
              onclick: () => {
                c.ui.take = c.ui.take === id ? null : id;
                c.rerender();
              },
              title: `Take the failed ${cardName(id)}`,
              follow: { at: "centre" },
            })
          : mini(id, { follow: { at: "centre" } }),
      ),
    ),
  );
  for (const a of swaps) handled.add(a);
  return h(
    "section",
    { class: "zb-centre", "aria-label": "Failed cards in the centre" },
    h("h3", {}, "Central area: failed cards"),
    rows.length ? rows : h("p", { class: "muted" }, "No failed cards yet."),
    swaps.length ? h("p", { class: "hint" }, sel ? `Now pick the Therapy card from your hand to give for ${cardName(sel)}.` : "Guru's Insight: pick a failed card to take (highlighted), then a Therapy card from your hand to give — or make no swap.") : null,
  );
}

function gurusView(c, handled) {
  const claims = offered(c, handled, "guru");
  const v = c.view;
  const col = colours(c);
  return h(
    "section",
    { class: "zb-gurus", "aria-label": "Gurus" },
    h("h3", {}, "Gurus"),
    h("p", { class: "muted small-text" }, "Intuition: the owner's cards of that therapy need one value less."),
    v.suits.map((u) => {
      const owner = v.gurus[u];
      const inner = [
        owner !== null ? swatch(owner, col[owner]) : h("span", { class: "swatch", style: "background:#fff" }),
        `${SUIT_NAMES[u]}: ${owner === null ? "in the centre" : c.names[owner]}`,
      ];
      const dataset = { key: `guru:${u}`, sig: owner ?? "" };
      return claims.has(u)
        ? h("button", { class: "guru action target", dataset, onclick: () => c.act(claims.get(u)) }, "Claim ", ...inner)
        : h("span", { class: "guru", dataset }, ...inner);
    }),
    v.removed.length ? h("p", { class: "muted" }, `Not in this game: ${v.removed.map((u) => SUIT_NAMES[u]).join(", ")}.`) : null,
  );
}

const STEP_TYPES = ["overrun", "overrun_hit", "counter", "payrise", "army", "therapy"];

/** The last round's resolution, step by step, from the log (each step appears in turn). */
function resolutionView(c) {
  let start = -1;
  for (let i = c.log.length - 1; i >= 0 && start < 0; i--) {
    if ((c.log[i].events || []).some((e) => e.type === "reveal")) start = i;
  }
  if (start < 0) return null;
  const steps = [];
  for (let i = start; i < c.log.length; i++) {
    const e = c.log[i];
    (e.events || []).forEach((ev, j) => {
      if (ev.type === "reveal" && i !== start) return;
      if (ev.type === "reveal" || STEP_TYPES.includes(ev.type) || ev.type === "end") {
        const good = (ev.type === "therapy" && ev.success) || ev.type === "army" || ev.type === "counter";
        const bad = (ev.type === "therapy" && !ev.success) || ev.type === "overrun_hit";
        steps.push({ text: e.text[j], key: `${e.version}.${j}`, good, bad });
      }
    });
  }
  c.ui.resSeen ||= {};
  const key = c.log[start].version;
  c.ui.resSeen[key] ||= Date.now();
  const elapsed = Date.now() - c.ui.resSeen[key];
  const round = c.view.phase === "resolve" || c.view.phase === "over" ? c.view.round : c.view.round - 1;
  return h(
    "section",
    { class: "zb-resolution", "aria-label": "Resolution" },
    h("h3", {}, `Resolution, round ${round}`),
    h(
      "ol",
      {},
      steps.map((st, i) =>
        h(
          "li",
          {
            class: [st.good && "good", st.bad && "bad", i * 700 <= elapsed && "shown", "res-step"],
            style: i * 700 > elapsed ? `animation: res-show 0.3s ${i * 700 - elapsed}ms forwards` : null,
          },
          st.text,
        ),
      ),
    ),
  );
}

function handView(c, handled) {
  const v = c.view;
  if (c.seat === null || !v.hand) return null;
  const choose = new Set(c.legal.filter((a) => a.startsWith("choose:")).map((a) => a.slice(7)));
  for (const id of choose) handled.add(`choose:${id}`);
  const take = c.ui.take;
  const gives = new Map(
    c.legal
      .filter((a) => a.startsWith("swap:") && a.split(":")[2] === take)
      .map((a) => [a.split(":")[1], a]),
  );
  const cards = v.hand.map((id) => {
    if (choose.has(id)) return card(id, { cls: "target", onclick: () => c.act(`choose:${id}`), note: "Play this face down" });
    if (take && gives.has(id)) return card(id, { cls: "target", onclick: () => c.act(gives.get(id)), note: `Give it for ${cardName(take)}` });
    return card(id, {});
  });
  let hint = "";
  if (choose.size) hint = "Choose the card you play this round, face down. Everyone chooses at the same time.";
  else if (v.choice) hint = "";
  return h(
    "section",
    { class: "hand", "aria-label": "Your hand" },
    h("h3", {}, "Your hand ", h("span", { class: "muted" }, `(${plural(v.hand.length, "card")}) ${hint}`)),
    v.choice ? h("p", {}, "Your face-down card this round: ", h("strong", {}, cardName(v.choice)), ". Waiting for the others to choose.") : null,
    cards.length ? h("div", { class: "cards" }, cards) : h("p", { class: "muted" }, "No cards."),
  );
}

function askView(c, handled) {
  const v = c.view;
  const a = v.ask;
  const lines = [];
  if (a && a.kind === "counter" && a.seat === c.seat) {
    lines.push(h("p", {}, `${cardName(a.card)} targets your ${cardName(a.target)}. Discard an Army Perimeter from your collection to stop it?`));
  } else if (a && a.kind === "target" && a.seat === c.seat) {
    lines.push(h("p", {}, `Your ${cardName(a.card)} resolves: click the played card it discards (highlighted under the players).`));
  } else if (a && a.kind === "guru" && a.seat === c.seat) {
    lines.push(h("p", {}, `Your ${cardName(a.card)} resolves: claim a Guru (highlighted).`));
  } else if (a && a.kind === "insight" && a.seat === c.seat) {
    lines.push(h("p", {}, `Guru's Insight (${SUIT_NAMES[a.guru]}): you may swap a Therapy card from your hand for a failed ${SUIT_NAMES[a.guru]} card in the centre.`));
  }
  const verbs = verbButtons(c, handled, [
    ["counter", "Discard an Army Perimeter: stop the Overrun"],
    ["allow", "Let the Overrun discard my card"],
    ["pass", "Make no swap"],
  ]);
  if (!lines.length && !verbs) return null;
  return h("section", { class: "faiths-pending" }, lines, verbs);
}

function render(c) {
  const v = c.view;
  const handled = new Set();
  if (c.ui.take && !c.legal.some((a) => a.startsWith("swap:") && a.split(":")[2] === c.ui.take)) c.ui.take = null;
  const phaseText = {
    insight: "Guru's Insight: Guru owners may swap for a failed card.",
    choose: "The secret choice: everyone picks a card face down, at the same time.",
    resolve: "Resolution: Overruns, Pay Rises, Army Perimeters, then Therapy cards by value.",
    over: "The game is over.",
  }[v.phase];
  const header = h(
    "div",
    { class: "game-header" },
    h("span", { class: "round" }, `Round ${v.round} of ${v.max_rounds}`),
    h("span", { class: "length" }, phaseText),
  );
  const side = h(
    "div",
    { class: "zombology-side" },
    gurusView(c, handled),
    centreView(c, handled),
    h("p", { class: "muted decks" }, `Decks: Epidemic ${v.decks.epidemic}, Apocalypse ${v.decks.apocalypse}. Discarded: ${v.box.length}.`),
  );
  const main = h("div", {}, askView(c, handled), resolutionView(c), playersView(c, handled));
  const board = h("div", { class: "zombology" }, header, h("div", { class: "zombology-main" }, main, side), handView(c, handled));
  return { board, handled };
}

// The fallback buttons' words, by verb.
const LABELS = {
  choose: (x) => `Play ${cardName(x)}`,
  swap: (x, y) => `Give ${cardName(x)}, take ${cardName(y)}`,
  target: (x) => `Overrun ${cardName(x)}`,
  guru: (x) => `Claim the ${SUIT_NAMES[x]} Guru`,
  counter: () => "Discard an Army Perimeter",
  allow: () => "Allow the Overrun",
  pass: () => "Make no swap",
};

function label(a) {
  const [verb, x, y] = a.split(":");
  return LABELS[verb]?.(x, y) ?? null;
}

// This game's own error codes (docs/games/zombology.md) in words: errors.js learns them as the renderer loads.
const ERRORS = {
  "already-chosen": "You have already chosen your card this round.",
  "not-a-therapy": "Only Therapy cards can be swapped.",
  "wrong-suit": "That Guru can only take a failed card of its own therapy.",
  "just-swapped": "Another player swapped that card into the centre this round; it can't be taken yet.",
  "not-in-centre": "That card isn't among the failed cards in the centre.",
  "bad-target": "An Overrun must target another player's card that hasn't resolved yet.",
  "guru-owned": "You already own that Guru.",
  "guru-not-in-play": "That therapy isn't in this game.",
};

export default {
  id: "zombology",
  errors: ERRORS,
  picture: "/static/img/zombology.svg",
  scoreLabel: "Points in a cure",
  defaultPlayers: 4,
  options: {},
  rules: [
    "Everyone researches cures for the zombie plague. Each round, everyone secretly plays one card face down at the same time; then the cards resolve in order: Overruns, Pay Rises, Army Perimeters, then Therapy cards by value.",
    "A Therapy card of value v succeeds only if some collection already holds a card of its therapy worth v−1 or more (v−2 for the owner of that therapy's Guru). A failed card goes to the centre.",
    "A Cured! (6) that succeeds ends the game: everyone with 7 or more points in a cured therapy wins. If nothing is cured after 8 rounds, everybody loses.",
    "After each round hands pass to the left and everyone draws an Apocalypse card.",
  ],
  colours,
  render,
  label,
  prompt: (c) => {
    const v = c.view;
    const others = c.toAct.filter((s) => s !== c.seat).map((s) => c.names[s]);
    if (v.phase === "choose") {
      return {
        text: "Choose the card you play this round (highlighted in your hand). It stays face down until everyone has chosen.",
        waiting: others.length ? `Waiting for ${others.join(", ")} to choose (secretly)…` : "Revealing…",
      };
    }
    const a = v.ask;
    const text = a
      ? { insight: "Guru's Insight: swap for a failed card, or make no swap.", target: "Choose the card your Overrun discards.", guru: "Choose the Guru your Pay Rise claims.", counter: "An Overrun targets your card: discard an Army Perimeter to stop it, or allow it." }[a.kind]
      : "Choose a highlighted move.";
    return { text, waiting: `Waiting for ${c.toAct.map((s) => c.names[s]).join(", ")}…` };
  },
  seatSummary: (c, s) => {
    const ch = c.view.chosen[s];
    return c.view.phase === "choose" ? (ch ? "has chosen" : "still choosing") : null;
  },
  resultNote: (c) => {
    const d = c.result.detail || {};
    const cured = (d.cured || []).map((u) => SUIT_NAMES[u]);
    if (!cured.length) return "No therapy was cured: humanity is wiped out, and everybody loses.";
    if (!c.result.winners.length) return `Cured: ${cured.join(", ")} — but nobody has 7 points in a cured therapy.`;
    return `Cured: ${cured.join(", ")}. Saviours of mankind (7+ points in a cured therapy): ${c.result.winners.map((s) => c.names[s]).join(", ")}.`;
  },
};
