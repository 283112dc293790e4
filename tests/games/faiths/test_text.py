"""The log in words says each thing once: a card is named, never followed by its notation ("Add X PC
to YT") and again by the same notation spelt out, as a line in the browser once did."""

from __future__ import annotations

import random
import re

from ziggurat.games.faiths import GAME
from ziggurat.games.faiths.cards import CARDS

NOTATIONS = [c.text for c in CARDS if c.text and not c.text.startswith("Magnitude")]
# A card's effect ("Add X", "Remove X"…): at most once in a sentence.
EFFECT = re.compile(r"\b(Add|Remove|Replace|Move|Draw|Negate) X\b", re.IGNORECASE)


def test_random_games_log_lines_say_each_thing_once() -> None:
    names = ["Ada", "Bo", "Cy", "Di"]
    seen: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        st = GAME.new(4, {"max_rounds": 4, "homeland_bonus": True}, seed, record=True)
        for _ in range(3000):
            if GAME.result(st) is not None:
                break
            seat = GAME.to_act(st)[0]
            GAME.apply(st, seat, rng.choice(GAME.legal(st, seat)))
            for event in GAME.drain_events(st):
                line = GAME.describe(event, names)
                seen.add(event["type"])
                assert not [n for n in NOTATIONS if n in line], line
                assert len(EFFECT.findall(line)) <= 1, line
                assert " ," not in line and "  " not in line, line
    assert {"pair", "resolve", "add", "remove"} <= seen, seen
