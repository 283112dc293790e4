// Zealous: the ring board, your hand, the step you are in (card → move → place), scores, the end of
// round (tally and proliferation) and the final ranking with its tie-break.

import { h, chooser, plural } from "../dom.js";
import { verbButtons, lastEvent } from "./common.js";
import { drawBoard, kind, tileName, distance } from "./zealous-board.js";
import { inSetup, whereProphet, colours, scoreboard, roundSummary, infoPanel } from "./zealous-panels.js";

const DATA = await (await fetch(new URL("../../data/zealous.json", import.meta.url))).json();
export const CARDS = Object.fromEntries(DATA.cards.map((c) => [c.id, c]));
const DECK_NAME = { miracle: "Miracle", judgment: "Judgment", divine: "Divine Intervention" };
const TIMING = { before: "Step 1, before you move", as: "As your move (step 2)", after: "After you move, before placing" };
const LENGTH = {
  beginner: "Beginner: ends at the end of the round in which someone reaches 50 points",
  intermediate: "Intermediate: ends at the end of the round in which someone reaches 75 points",
  advanced: "Advanced: ends after round 10",
};

const cardName = (id) => CARDS[id]?.name || id;

/** Every playable option of this step in words, so none lights up unmentioned (an after-move Exile…). */
function alsoPlayable(c) {
  const playable = c.legal.filter((a) => a.startsWith("play:")).map((a) => cardName(a.slice(5)));
  if (!playable.length || c.ui.skipCard === c.version) return "";
  const names = [...new Set(playable)];
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
  return ` You may also play ${list} from your hand.`;
}

function cardButton(card, { playable, onclick, cls, label }) {
  const info = CARDS[card];
  const text = info ? info.text : "";
  const tip = h("span", { class: "card-tip", role: "tooltip" }, text);
  return h(
    "button",
    {
      class: ["card", `deck-${info?.deck}`, playable ? "playable" : "unplayable", cls],
      dataset: { card },
      "aria-label": label || `${info?.name || card} (${DECK_NAME[info?.deck] || ""}): ${text}${playable ? "" : " — not playable now"}`,
      onclick,
      // a long press (touch) or right click shows the whole text without playing the card
      oncontextmenu: (e) => {
        e.preventDefault();
        e.currentTarget.classList.toggle("show-tip");
      },
      onmouseleave: (e) => e.currentTarget.classList.remove("show-tip"),
    },
    h("span", { class: "card-deck" }, DECK_NAME[info?.deck] || ""),
    h("span", { class: "card-name" }, info?.name || card),
    h("span", { class: "card-text" }, text),
    h("span", { class: "card-timing" }, TIMING[info?.timing] || ""),
    playable ? null : h("span", { class: "card-flag" }, "not playable now"),
    tip,
  );
}

function stepBar(c, handled) {
  const v = c.view;
  const mine = c.legal.length > 0;
  const step = c.ui.skipCard && v.step === "card" ? "move" : v.step;
  const steps = [
    ["card", "1 · Play a card"],
    ["move", "2 · Move your prophet"],
    ["place", "3 · Place a follower"],
  ];
  const inTurn = ["card", "move", "place", "resolve"].includes(step);
  const current = step === "resolve" ? (v.phase === "place" ? "place" : "card") : step;
  const bar = h(
    "ol",
    { class: "steps", "aria-label": "Turn steps" },
    steps.map(([id, label]) =>
      h("li", { class: ["step", inTurn && id === current && "current"], "aria-current": inTurn && id === current ? "step" : null }, label),
    ),
  );
  const buttons = [];
  if (mine && step === "card" && !c.ui.skipCard) {
    buttons.push(
      h(
        "button",
        {
          class: "action ghost",
          onclick: () => {
            c.ui.skipCard = c.version;
            c.rerender();
          },
        },
        "Skip the card",
      ),
    );
  }
  const verbs = verbButtons(c, handled, [
    ["stay", "Stay (don't move)"],
    ["skip", "Skip placing (end turn)"],
    ["done", "Done"],
  ]);
  return h("div", { class: "step-bar" }, bar, buttons, verbs);
}

function promptFor(c) {
  const v = c.view;
  const step = c.ui.skipCard === c.version && v.step === "card" ? "move" : v.step;
  const top = v.pending[v.pending.length - 1];
  switch (step) {
    case "setup":
      return "Choose a free Birth Site (highlighted) for your prophet to start on.";
    case "rebirth":
      return "Your prophet died. Choose a free Birth Site (highlighted) to be reborn on; then play your turn as normal.";
    case "card": {
      const playable = [...new Set(c.legal.filter((a) => a.startsWith("play:")).map((a) => cardName(a.slice(5))))];
      const which = playable.length ? ` (${playable.join(", ")})` : "";
      return `Step 1: play a card from your hand${which} (optional), or go straight to step 2 — move your prophet to a highlighted tile, or Stay.`;
    }
    case "move":
      return `Step 2: move your prophet to a highlighted connected tile (a Miracle or Judgment tile draws a card), or Stay.${alsoPlayable(c)}`;
    case "place":
      return `Step 3: place a follower on a highlighted tile next to your prophet, or Skip placing to end your turn.${alsoPlayable(c)}`;
    case "resolve":
      return top ? `${cardName(top.card)}: ${top.prompt || "choose"}.` : "Finish the card you played.";
    case "proliferation":
      return "You are short of followers: choose which highlighted tile gets your proliferation.";
    default:
      return "Choose one of the highlighted moves.";
  }
}

function waitingFor(c) {
  const v = c.view;
  const who = c.toAct.map((s) => c.names[s]).join(", ");
  const what = {
    setup: "to choose a Birth Site",
    rebirth: "to be reborn",
    card: "(step 1: card)",
    move: "(step 2: move)",
    place: "(step 3: place)",
    resolve: v.pending.length ? `(resolving ${cardName(v.pending[v.pending.length - 1].card)})` : "",
    proliferation: "to choose where to proliferate",
  }[v.step];
  return `Waiting for ${who} ${what || ""}…`;
}

function render(c) {
  const v = c.view;
  const handled = new Set();
  const col = colours(c);
  const tileActions = {};
  const followerActions = {};
  for (const a of c.legal) {
    const [verb, tile, seat] = a.split(":");
    if (["move", "place", "birth", "tile"].includes(verb)) {
      (tileActions[tile] ||= []).push(a);
      handled.add(a);
    } else if (verb === "follower") {
      followerActions[`${tile}:${seat}`] = a;
      handled.add(a);
    }
  }
  // after "Skip the card", the hand is set aside until the next version
  if (c.ui.skipCard !== undefined && c.ui.skipCard !== c.version) c.ui.skipCard = undefined;

  const prol = lastEvent(c.log, ["proliferate"]);
  let proliferated = null;
  let age = 0;
  if (prol) {
    c.ui.prolSeen ||= {};
    const key = prol.entry.version;
    c.ui.prolSeen[key] ||= Date.now();
    age = Date.now() - c.ui.prolSeen[key];
    if (age < 9000) proliferated = prol.event.added;
  }

  const board = drawBoard({
    view: v,
    names: c.names,
    colours: col,
    mySeat: c.seat,
    tileActions,
    followerActions,
    proliferated,
    proliferatedAge: age,
    onTile: (tile, actions, e) => {
      if (actions.length === 1) c.act(actions[0]);
      else
        chooser(
          e,
          tileName(tile),
          actions.map((a) => ({ label: label(a, c), onpick: () => c.act(a) })),
        );
    },
    onFollower: (a) => c.act(a),
  });

  const info = h(
    "button",
    {
      class: "info-button",
      "aria-label": "What each tile does",
      "aria-expanded": c.ui.info ? "true" : "false",
      onclick: () => {
        c.ui.info = !c.ui.info;
        c.rerender();
      },
    },
    "i",
  );

  const header = h(
    "div",
    { class: "game-header" },
    h("span", { class: "round" }, inSetup(v) ? "Set-up: prophets choose their Birth Sites" : `Round ${v.round}${v.max_rounds ? ` of ${v.max_rounds}` : ""}`),
    h("span", { class: "length" }, LENGTH[v.length] || v.length),
  );

  // .pan: on a phone the board is drawn large enough to read and pans inside its box
  const boardBox = h("div", { class: "board-box" }, h("div", { class: "pan" }, board), info, c.ui.info ? infoPanel(c) : null);

  // hand
  let handBox = null;
  if (c.seat !== null && v.hand) {
    const playable = new Set(c.legal.filter((a) => a.startsWith("play:")).map((a) => a.slice(5)));
    for (const id of playable) handled.add(`play:${id}`);
    const setAside = c.ui.skipCard === c.version;
    const cards = v.hand.map((id) =>
      cardButton(id, {
        playable: playable.has(id) && !setAside,
        onclick: () => c.act(`play:${id}`),
      }),
    );
    handBox = h(
      "section",
      { class: "hand", "aria-label": "Your hand" },
      h("h3", {}, "Your hand ", h("span", { class: "muted" }, v.hand.length ? `(${plural(v.hand.length, "card")} · hover or long-press a card to read it all)` : "")),
      cards.length
        ? h("div", { class: "cards" }, cards)
        : h("p", { class: "muted" }, "No cards yet. Move your prophet onto a Miracle (✦) or Judgment (⚖) tile to draw one."),
    );
  }
  // drawn Miracles (Vision, Salvation)
  let drawnBox = null;
  const top = v.pending[v.pending.length - 1];
  const cardActions = c.legal.filter((a) => a.startsWith("card:"));
  if (top && top.drawn && top.drawn.length) {
    drawnBox = h(
      "section",
      { class: "drawn", "aria-label": "Drawn Miracles" },
      h("h3", {}, `Drawn by ${cardName(top.card)}: choose one to play now`),
      h(
        "div",
        { class: "cards" },
        top.drawn.map((id) => {
          const a = `card:${id}`;
          const ok = cardActions.includes(a);
          if (ok) handled.add(a);
          return cardButton(id, { playable: ok, cls: ok ? "target" : "", onclick: () => c.act(a) });
        }),
      ),
    );
  }

  const bar = stepBar(c, handled);
  const side = h(
    "div",
    { class: "zealous-side" },
    scoreboard(c),
    roundSummary(c),
    h(
      "p",
      { class: "muted decks" },
      `Decks: Miracle ${v.decks.miracle}, Judgment ${v.decks.judgment}, Divine ${v.decks.divine}. `,
      (() => {
        const last = ["miracle", "judgment", "divine"].map((d) => v.discards[d].at(-1)).filter(Boolean);
        return last.length ? `Last played: ${last.map(cardName).join(", ")}.` : "";
      })(),
    ),
  );

  return {
    board: h(
      "div",
      { class: "zealous" },
      header,
      c.seat !== null && c.result === null ? bar : null,
      h("div", { class: "zealous-main" }, boardBox, side),
      drawnBox,
      handBox,
    ),
    handled,
  };
}

function label(a, c) {
  const [verb, x, y] = a.split(":");
  switch (verb) {
    case "play":
      return `Play ${cardName(x)}`;
    case "card":
      return `Play the drawn ${cardName(x)}`;
    case "move":
      return `Move to ${tileName(x)}`;
    case "place":
      return `Place a follower on ${tileName(x)}`;
    case "birth":
      return `Stand on ${tileName(x)}`;
    case "tile":
      return `Choose ${tileName(x)}`;
    case "follower":
      return `${c.names[+y] || `Seat ${+y + 1}`}'s follower on ${x}`;
    case "stay":
      return "Stay";
    case "skip":
      return "Skip placing";
    case "done":
      return "Done";
    default:
      return null;
  }
}

export default {
  id: "zealous",
  picture: "/static/img/zealous.svg",
  scoreLabel: "Points",
  defaultPlayers: 3,
  options: {
    length: {
      label: "Game length",
      choices: [
        ["beginner", "Beginner — first to 50 points"],
        ["intermediate", "Intermediate — first to 75 points"],
        ["advanced", "Advanced — 10 rounds"],
      ],
      help: "The game ends at the end of a round.",
    },
    // A designer's variants (the lobby folds them away); each default is the printed rule.
    points_to_win: { label: "Points to win", help: "0: as the game length says." },
    last_round: { label: "Last round", help: "0: as the game length says (advanced: 10)." },
    holy_city_points: { label: "Points per follower in the Holy City" },
    followers: { label: "Followers per player" },
    head_start: { label: "Head start", help: "Starting points for every player after you: the first of four starts with 3 × this." },
    birth_order: {
      label: "Who chooses a Birth Site first",
      choices: [
        ["seat", "The first player (printed)"],
        ["reversed", "The last player"],
      ],
    },
    first_player: {
      label: "Who opens each round",
      choices: [
        ["fixed", "The first player, every round (printed)"],
        ["rotating", "One seat on, each round"],
      ],
    },
  },
  optionText: (k, v) => (k === "length" ? `${v[0].toUpperCase()}${v.slice(1)} length` : `${k}: ${v}`),
  rules: [
    "You are a prophet. Each turn has three optional steps, in order: 1 · play one card, 2 · move your prophet to a connected tile (or stay), 3 · place a follower on a tile connected to your prophet's tile.",
    "Moving onto a Miracle (✦) or Judgment (⚖) tile draws that card. Moving onto another prophet kills it: it keeps its followers and points, draws a Divine Intervention, and is reborn on a Birth Site next turn.",
    "You may not place on your prophet's own tile, where an opponent's prophet stands, or (with 3–4 players) on a Birth Site.",
    "At the end of each round every follower scores 1 point (2 in the Holy City); then every tile where one religion has more than half the followers gains one more of its followers.",
    "Highest score wins; a tie goes to the prophet closest to the Holy City.",
  ],
  colours,
  render,
  label,
  prompt: (c, mine) => ({ text: promptFor(c), waiting: waitingFor(c), over: "See the final ranking below." }),
  seatSummary: (c, s) => {
    const v = c.view;
    const at = whereProphet(v, s);
    return `${plural(v.scores[s], "point")} · ${plural(v.supply[s], "follower")} in supply · prophet ${at || "not placed yet"}`;
  },
  rankExtra: {
    title: "Prophet (tie-break)",
    cell: (c, s) => {
      const p = c.view.prophets[s];
      return p ? `${p}: ${plural(distance(p), "step")} from the Holy City` : "off the board";
    },
  },
  resultNote: (c) => {
    const r = c.result;
    const best = Math.max(...r.scores);
    const tied = r.scores.map((x, s) => [x, s]).filter(([x]) => x === best).map(([, s]) => s);
    if (tied.length < 2) return `${c.names[r.winners[0]]} has the most points.`;
    const names = tied.map((s) => c.names[s]).join(" and ");
    if (r.winners.length > 1) return `${names} tie on ${best} points and their prophets are equally close to the Holy City: they share the victory.`;
    return `${names} tie on ${best} points; the tie goes to the prophet closest to the Holy City: ${c.names[r.winners[0]]}.`;
  },
};

export { kind };
