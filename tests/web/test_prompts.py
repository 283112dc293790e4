"""The prompt names every playable option of the step: at each of my decisions in a real game against
bots, every kind of action the server lists as legal (the state message's `legal`) is named in the turn
banner, so nothing playable is found only by scrolling or hovering. Also: a Faiths card's text is said
once, not in its notation and then again in plain words."""

from __future__ import annotations

import asyncio
import json
import random
import re
from typing import Any

import pytest
from playwright.async_api import Locator, Page, WebSocket

from .conftest import Pages
from .driver import MY_TURN_OR_OVER, Pick, create_table, fill_with_bots_and_start, is_over, step

# Per game: each verb of an action (the text before the first ':') and the words that name it.
NAMES: dict[str, dict[str, str]] = {
    "zealous": {
        "birth": r"Birth Site",
        "play": r"\bplay\b",
        "move": r"\bmove\b",
        "stay": r"\bstay\b",
        "place": r"\bplace\b",
        "skip": r"\bskip\b",
        "tile": r"\b(tile|follower|where)\b",  # a card's choice on the board: what is chosen there
        "follower": r"\bfollower\b",
        "card": r"\bdrawn\b",
        "done": r"\bdone\b",
    },
    "faiths": {
        "religion": r"\breligion\b",
        "place": r"\bplace\b",
        "pair": r"\bpair\b",
        "end": r"\bend\b",
        "opponent": r"\bopponent\b",
        "bonus": r"\bbonus\b",
        "no_bonus": r"\bbonus\b",
        "negate": r"\bnegate\b",
        "pass": r"\blet it stand\b",
        "add": r"\badd\b",
        "remove": r"\bremove\b",
        "replace": r"\breplace\b",
        "from": r"\bmove\b",
        "to": r"\bmove",
        "into": r"\binto\b",
        "done": r"\bdone\b",
        "discard": r"\bdiscard\b",
    },
    "zombology": {
        "choose": r"\bchoose\b",
        "swap": r"\bswap\b",
        "pass": r"\bno swap\b",
        "target": r"\bOverrun\b",
        "guru": r"\bGuru\b",
        "counter": r"\bArmy Perimeter\b",
        "allow": r"\ballow\b",
    },
    "zenith": {"place": r"\bplace\b"},
}

TABLES: dict[str, tuple[int, dict[str, str]]] = {
    "zealous": (3, {"length": "beginner"}),
    "faiths": (4, {"max_rounds": "3"}),
    "zombology": (3, {}),
    "zenith": (3, {"board": "pikes"}),
}

DECISIONS = 40

CLICKABLE = "#game .target, #game .verb-buttons button, #other-actions button"


class Legal:
    """The legal actions of each version, as the server sends them to this page."""

    def __init__(self, page: Page) -> None:
        self.at: dict[int, list[str]] = {}
        page.on("websocket", self._socket)

    def _socket(self, ws: WebSocket) -> None:
        ws.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        m = json.loads(payload)
        if m.get("type") == "state":
            self.at[m["version"]] = m["legal"]

    async def of(self, version: int) -> list[str]:
        for _ in range(100):
            if version in self.at:
                return self.at[version]
            await asyncio.sleep(0.05)
        raise AssertionError(f"no state message of version {version}")


def unnamed(game: str, legal: list[str], prompt: str) -> list[str]:
    """The verbs of the legal actions that the prompt doesn't name."""
    verbs = sorted({a.split(":")[0] for a in legal})
    return [v for v in verbs if not re.search(NAMES[game][v], prompt, re.IGNORECASE)]


def random_pick(rng: random.Random) -> Pick:
    """Any one of the things a person could click now (a chooser's items first, when one is open)."""

    async def pick(page: Page) -> Locator | None:
        chooser = page.locator(".chooser-item")
        loc = chooser if await chooser.count() else page.locator(CLICKABLE)
        n = await loc.count()
        return loc.nth(rng.randrange(n)) if n else None

    return pick


@pytest.mark.parametrize("game", sorted(TABLES))
async def test_the_prompt_names_every_kind_of_legal_action(pages: Pages, game: str) -> None:
    seats, options = TABLES[game]
    page = await pages.new()
    legal = Legal(page)
    await create_table(page, game, seats, **options)
    await fill_with_bots_and_start(page, "random")
    rng = random.Random(game)
    missing: list[tuple[str, list[str], list[str]]] = []
    seen: set[str] = set()
    for _ in range(DECISIONS):
        await page.wait_for_selector(MY_TURN_OR_OVER)
        if await is_over(page):
            break
        version, prompt, mine = await page.evaluate(
            """() => [Number(document.querySelector('#game').dataset.version),
                      document.querySelector('#turn').innerText,
                      document.querySelector('#game').dataset.myTurn === 'true']"""
        )
        if mine:
            actions = await legal.of(version)
            seen.update(a.split(":")[0] for a in actions)
            gaps = unnamed(game, actions, prompt)
            if gaps:
                missing.append((prompt, gaps, actions[:6]))
        if not await step(page, random_pick(rng)):
            break
    assert not missing, "\n".join(
        f"{gaps} unnamed in {prompt!r} ({actions})" for prompt, gaps, actions in missing
    )
    assert seen, "no decision of mine was checked"


# Decisions a few dozen random moves may not reach: (view, legal) for the renderer's prompt alone.
PENDING = {"event": "crusade", "magnitude": "scriptures", "x": 3, "opponent": None, "bonus": False, "left": 2}
CASES: dict[str, list[tuple[dict[str, Any], list[str]]]] = {
    "zealous": [
        ({"step": "setup", "pending": []}, ["birth:be1", "birth:bm2"]),
        ({"step": "rebirth", "pending": []}, ["birth:be1", "birth:bm2"]),
        ({"step": "card", "pending": [], "round": 2}, ["play:exile", "move:e1", "stay"]),
        ({"step": "move", "pending": [], "round": 2}, ["play:exile", "move:e1", "stay"]),
        ({"step": "place", "pending": [], "round": 2}, ["play:exile", "place:e1", "skip"]),
        ({"step": "proliferation", "pending": []}, ["tile:e1", "tile:m2"]),
        (
            {
                "step": "resolve",
                "pending": [{"card": "pilgrimage", "prompt": "Choose a second follower to move, or done"}],
            },
            ["tile:e1", "done"],
        ),
        (
            {
                "step": "resolve",
                "pending": [{"card": "samson", "prompt": "Choose a second follower to remove, or done"}],
            },
            ["follower:e1:1", "done"],
        ),
        (
            {
                "step": "resolve",
                "pending": [{"card": "vision", "prompt": "Choose the drawn Miracle to play now"}],
            },
            ["card:flood", "card:famine"],
        ),
    ],
    "faiths": [
        ({"phase": "choose"}, ["religion:islam", "religion:shinto"]),
        ({"phase": "growth", "growth": {"left": 2}}, ["place:iran", "place:egypt"]),
        ({"phase": "events"}, ["pair:theology:spread", "end"]),
        ({"phase": "opponent", "pending": PENDING}, ["opponent:1", "opponent:2"]),
        ({"phase": "bonus", "pending": PENDING}, ["bonus", "no_bonus"]),
        ({"phase": "react", "pending": PENDING}, ["negate:theology", "pass"]),
        ({"phase": "react", "pending": PENDING}, ["pass"]),
        ({"phase": "effect", "pending": PENDING}, ["add:iran", "done"]),
        ({"phase": "effect", "pending": PENDING}, ["remove:iran:1", "done"]),
        ({"phase": "effect", "pending": PENDING}, ["replace:iran:1"]),
        ({"phase": "effect", "pending": PENDING}, ["from:iran", "from:egypt", "done"]),
        ({"phase": "to", "pending": {**PENDING, "from": "iran"}}, ["to:egypt", "to:arabia"]),
        ({"phase": "into", "pending": PENDING}, ["into:iran", "into:egypt"]),
        ({"phase": "gather", "pending": {**PENDING, "into": "iran"}}, ["from:egypt", "done"]),
        ({"phase": "heresy", "pending": PENDING}, ["discard:spread", "discard:theology"]),
        ({"phase": "end"}, ["discard:spread", "discard:theology"]),
    ],
    "zombology": [
        ({"phase": "choose"}, ["choose:tea-1-1", "choose:army-1"]),
        (
            {"phase": "insight", "ask": {"kind": "insight", "seat": 0, "guru": "tea"}},
            ["swap:tea-2-1:tea-3-1", "pass"],
        ),
        ({"phase": "resolve", "ask": {"kind": "target", "seat": 0, "card": "overrun-1"}}, ["target:tea-3-1"]),
        (
            {"phase": "resolve", "ask": {"kind": "guru", "seat": 0, "card": "payrise-1"}},
            ["guru:tea", "guru:vegan"],
        ),
        (
            {"phase": "resolve", "ask": {"kind": "counter", "seat": 0, "card": "overrun-1"}},
            ["counter", "allow"],
        ),
    ],
    "zenith": [({"colour": "green"}, ["place:0.0.0", "place:1.0.0"])],
}


@pytest.mark.parametrize("game", sorted(CASES))
async def test_the_prompt_names_every_kind_of_action_of_rare_decisions(pages: Pages, game: str) -> None:
    page = await pages.new()
    await page.wait_for_selector(".game-card")
    prompts = await page.evaluate(
        """async ([game, cases]) => {
          const m = await import(`/static/js/games/${game}.js`);
          const names = ['Ada', 'Bo', 'Cy'];
          return cases.map(([view, legal]) => m.default.prompt(
            {view, legal, toAct: [0], seat: 0, names, ui: {}, version: 3, log: []}, true).text);
        }""",
        [game, CASES[game]],
    )
    gaps = [(p, unnamed(game, legal, p)) for p, (_, legal) in zip(prompts, CASES[game], strict=True)]
    assert not [g for g in gaps if g[1]], gaps


# Words of a card's effect ("Add X", "Remove X"…): a line says each once.
EFFECT = re.compile(r"\b(Add|Remove|Replace|Move|Draw|Negate) X\b", re.IGNORECASE)


async def test_a_faiths_pair_says_its_card_text_once(pages: Pages) -> None:
    page = await pages.new()
    await page.wait_for_selector(".game-card")
    lines = await page.evaluate(
        """async () => {
          const m = await import('/static/js/games/faiths.js');
          const religions = ['islam', 'judaism', 'shinto'];
          const view = {
            religions, homelands: ['arabia', 'south_israel', 'japan'], chits: {arabia: [10, 0, 0]},
            round: 1, max_rounds: 3, turn: 0, phase: 'effect', prompt: 'Choose where the event acts',
            territories: [1, 1, 1], pcs: [10, 10, 10], hand_counts: [3, 3, 3], bars: [0, 0, 0],
            deck: 20, discard: ['colonization'], options: {}, growth: null, reaction: null,
            hand: ['spread', 'theology', 'crusade'], known: {deck_top: [], hands: [null, null, null]},
            pending: {event: 'colonization', magnitude: 'scriptures', x: 3, opponent: null, bonus: false,
                      left: 3, targets: ['arabia'], from: null, into: null, removed: []},
          };
          const c = {view, legal: ['add:arabia', 'done'], toAct: [0], names: ['Ada', 'Bo', 'Cy'], seat: 0,
                     ui: {}, log: [], fresh: [], result: null, version: 9, act: () => {}, rerender: () => {}};
          const out = m.default.render(c).board;
          // the line under the pair, and each card as a screen reader says it
          return [...out.querySelectorAll('.pair-line')].map((e) => e.textContent)
            .concat([...out.querySelectorAll('.card')].map((e) => e.getAttribute('aria-label')));
        }"""
    )
    assert any("Colonization" in line for line in lines), lines
    twice = [line for line in lines if len(EFFECT.findall(line)) > 1]
    assert not twice, twice
    assert not [line for line in lines if " ," in line], lines
