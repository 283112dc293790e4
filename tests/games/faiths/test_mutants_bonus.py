"""The Homeland bonus is the player's choice: taking it adds one to the card's magnitude and spends the
bonus for the turn; declining changes nothing. (Mutation testing found declining unchecked: a
"no_bonus" that granted the bonus survived every test, the rulebook scenarios included.)"""

from __future__ import annotations

import random

from ziggurat.games.faiths import GAME
from ziggurat.games.faiths.state import FaithsState


def offered() -> tuple[FaithsState, int]:
    """A game with the Homeland bonus on, at the first decision that offers it."""
    rng = random.Random(1)
    st = GAME.new(4, {"homeland_bonus": True}, 7, record=True)
    while True:
        assert GAME.result(st) is None, "the bonus was never offered"
        (s,) = GAME.to_act(st)
        legal = GAME.legal(st, s)
        if "bonus" in legal:
            assert "no_bonus" in legal
            GAME.drain_events(st)
            return st, s
        GAME.apply(st, s, rng.choice(legal))


def test_declining_the_homeland_bonus_changes_nothing_and_taking_it_adds_one() -> None:
    declined, s = offered()
    taken, _ = offered()  # the same game again (a clone records no events)
    assert declined.pending is not None and taken.pending is not None
    x = declined.pending.x
    GAME.apply(declined, s, "no_bonus")
    assert not [e for e in GAME.drain_events(declined) if e["type"] == "bonus"]
    assert declined.bonus_used is False and declined.pending is not None
    assert declined.pending.x == x and not declined.pending.bonus
    GAME.apply(taken, s, "bonus")
    assert [e for e in GAME.drain_events(taken) if e["type"] == "bonus"] == [
        {"type": "bonus", "seat": s, "x": x + 1}
    ]
    assert taken.bonus_used is True and taken.pending is not None and taken.pending.x == x + 1
