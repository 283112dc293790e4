"""Scenario expectations for Faiths (docs/games/faiths.md): compact checks on the omniscient state."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ziggurat.engine.expect import counts_on, per_seat, pile, same_cards, seat_values
from ziggurat.games.faiths.outcome import pcs
from ziggurat.games.faiths.setup import state_to_json
from ziggurat.games.faiths.state import FaithsState


def expect(st: FaithsState, key: str, value: Any, seat_of: Callable[[Any], int]) -> list[str] | None:
    n = st.n
    errors: list[str] = []
    if key in ("territories", "pcs", "hand_counts", "bars", "religions"):
        full = state_to_json(st)
        actual: list[Any] = {
            "territories": [m.bit_count() for m in st.occupied],
            "pcs": pcs(st),
            "hand_counts": [sum(h) for h in st.hand],
            "bars": st.bars,
            "religions": full["religions"],
        }[key]
        return seat_values(key, actual, value, seat_of)
    if key == "chits":  # {territory: {seat: count}}: seats not named have none there
        return counts_on(state_to_json(st)["chits"], value, seat_of, n, "territory", "chits in")
    if key == "hands":
        hands = state_to_json(st)["hands"]
        for s, want in per_seat(value, seat_of, n).items():
            errors += same_cards(hands[s], want, f"hand of seat {s}")
        return errors
    if key == "deck":  # a size, or the top cards (top first)
        return pile(state_to_json(st)["deck"], value, "the deck")
    if key == "discard":  # the whole discard, any order
        discard = state_to_json(st)["discard"]
        return [] if Counter(discard) == Counter(value) else [f"the discard is {discard}, expected {value}"]
    if key in ("round", "phase", "turn", "winner"):
        got = state_to_json(st)[key]
        if key in ("turn", "winner") and value is not None:
            value = seat_of(value)
        if key == "winner" and got == -1:
            got = None
        return [] if got == value else [f"{key} is {got!r}, expected {value!r}"]
    return None
