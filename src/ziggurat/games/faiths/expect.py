"""Scenario expectations for Faiths (docs/games/faiths.md): compact checks on the omniscient state."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ziggurat.games.faiths.outcome import pcs
from ziggurat.games.faiths.setup import state_to_json
from ziggurat.games.faiths.state import FaithsState


def _per_seat(value: Any, seat_of: Callable[[Any], int], n: int) -> dict[int, Any]:
    if isinstance(value, list):
        if len(value) != n:
            raise ValueError(f"expected a list of {n} values, one per seat")
        return dict(enumerate(value))
    return {seat_of(k): v for k, v in value.items()}


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
        for s, want in _per_seat(value, seat_of, n).items():
            if actual[s] != want:
                errors.append(f"{key}[{s}] is {actual[s]!r}, expected {want!r}")
        return errors
    if key == "chits":  # {territory: {seat: count}}: seats not named have none there
        full = state_to_json(st)
        for tid, want in value.items():
            if tid not in full["chits"]:
                errors.append(f"unknown territory {tid!r}")
                continue
            wanted = [0] * n
            for s, k in _per_seat(want, seat_of, n).items():
                wanted[s] = k
            if full["chits"][tid] != wanted:
                errors.append(f"chits in {tid} are {full['chits'][tid]}, expected {wanted}")
        return errors
    if key == "hands":
        full = state_to_json(st)
        for s, want in _per_seat(value, seat_of, n).items():
            if Counter(full["hands"][s]) != Counter(want):
                errors.append(f"hand of seat {s} is {sorted(full['hands'][s])}, expected {sorted(want)}")
        return errors
    if key == "deck":  # a size, or the top cards (top first)
        cards = state_to_json(st)["deck"]
        if isinstance(value, int):
            return [] if len(cards) == value else [f"the deck has {len(cards)} cards, expected {value}"]
        top = cards[: len(value)]
        return [] if top == value else [f"the deck starts {top}, expected {value}"]
    if key == "discard":  # the whole discard, any order
        pile = state_to_json(st)["discard"]
        return [] if Counter(pile) == Counter(value) else [f"the discard is {pile}, expected {value}"]
    if key in ("round", "phase", "turn", "winner"):
        got = state_to_json(st)[key]
        if key in ("turn", "winner") and value is not None:
            value = seat_of(value)
        if key == "winner" and got == -1:
            got = None
        return [] if got == value else [f"{key} is {got!r}, expected {value!r}"]
    return None
