"""Faiths' refusals, by code and in words: Zealots & Fanatics paired as an event, and a card not in
hand when pairing, negating or discarding. The client words a refusal by its code, so a wrong code is
a wrong message. (Mutation testing found these checked only as "one of the known codes".)"""

from __future__ import annotations

import random
from collections.abc import Callable

from tests.games.refusals import refused
from ziggurat.games.faiths import GAME
from ziggurat.games.faiths.cards import CARDS
from ziggurat.games.faiths.state import FaithsState


def first(asked: Callable[[list[str]], bool]) -> tuple[FaithsState, int]:
    """The first decision of a random 4-player game whose legal actions satisfy `asked`."""
    rng = random.Random(0)
    st = GAME.new(4, {}, 0)
    while GAME.result(st) is None:
        (s,) = GAME.to_act(st)
        legal = GAME.legal(st, s)
        if asked(legal):
            return st, s
        GAME.apply(st, s, rng.choice(legal))
    raise AssertionError("never asked")


def not_held(st: FaithsState, s: int, candidates: list[str]) -> str:
    """A card of `candidates` that seat `s` does not hold."""
    return next(c for c in candidates if not st.hand[s][[k.id for k in CARDS].index(c)])


def test_zealots_are_no_event_and_a_pair_names_the_card_not_held() -> None:
    st = GAME.new(
        4, {}, 0, {"hands": {"0": ["crusade", "scriptures", "zealots_fanatics"]}, "phase": "events"}
    )
    assert refused(GAME, st, 0, "pair:scriptures:zealots_fanatics") == (
        "reaction-only",
        "Zealots & Fanatics is only played as a reaction, to negate a card just played.",
    )
    assert refused(GAME, st, 0, "pair:scriptures:jihad") == ("card-not-in-hand", "You don't hold Jihad.")
    assert refused(GAME, st, 0, "pair:traditions:crusade") == (
        "card-not-in-hand",
        "You don't hold Traditions.",
    )
    # a discard isn't asked while events are played: the general refusal, not a word about the hand
    assert refused(GAME, st, 0, "discard:crusade")[0] == "illegal-action"


def test_a_negation_needs_zealots_and_the_magnitude_in_hand() -> None:
    st, s = first(lambda legal: any(a.startswith("negate:") for a in legal))
    other = not_held(st, s, ["prayers_rituals", "traditions", "scriptures", "theology", "faith_belief"])
    name = CARDS[[k.id for k in CARDS].index(other)].name
    assert refused(GAME, st, s, f"negate:{other}") == ("card-not-in-hand", f"You don't hold {name}.")
    assert refused(GAME, st, s, f"discard:{other}")[0] == "illegal-action"  # (no discarding in a reaction)


def test_a_discard_names_the_card_not_held() -> None:
    st, s = first(lambda legal: any(a.startswith("discard:") for a in legal))
    other = not_held(st, s, [k.id for k in CARDS])
    name = CARDS[[k.id for k in CARDS].index(other)].name
    assert refused(GAME, st, s, f"discard:{other}") == ("card-not-in-hand", f"You don't hold {name}.")
