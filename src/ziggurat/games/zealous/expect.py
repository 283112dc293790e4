"""Scenario expectations for Zealous (docs/scenarios.md): compact checks on the omniscient state."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ziggurat.engine.expect import counts_on, per_seat, pile, same_cards, seat_values
from ziggurat.games.zealous.setup import state_to_json
from ziggurat.games.zealous.state import ZealousState


def expect(st: ZealousState, key: str, value: Any, seat_of: Callable[[Any], int]) -> list[str] | None:
    full = state_to_json(st)
    n = st.n
    errors: list[str] = []
    if key in ("scores", "supply", "prophets"):
        return seat_values(key, full[key] if key != "supply" else st.supply, value, seat_of)
    if key == "sanctuaries":  # the tiles of each seat, in any order
        wanted = {s: sorted(want) for s, want in per_seat(value, seat_of, n).items()}
        return seat_values(key, [sorted(ts) for ts in full[key]], wanted, lambda s: int(s))
    if key == "followers":  # {tile: {seat: count}}: seats not named must have none there
        return counts_on(full["followers"], value, seat_of, n, "tile", "followers on")
    if key == "hands":
        for s, want in per_seat(value, seat_of, n).items():
            errors += same_cards(full["hands"][s], want, f"hand of seat {s}")
        return errors
    if key in ("round", "phase", "turn", "famine", "card_played"):
        got = full[key]
        if key == "famine":
            got, value = sorted(got), sorted(value)
        if key == "turn":
            value = seat_of(value)
        return [] if got == value else [f"{key} is {got!r}, expected {value!r}"]
    if key == "decks":  # {deck: size} or {deck: [top cards...]}
        for d, want in value.items():
            errors += pile(full["decks"][d], want, f"{d} deck")
        return errors
    if key == "discards":
        for d, want in value.items():
            if Counter(full["discards"][d]) != Counter(want):
                errors.append(f"{d} discard pile is {full['discards'][d]}, expected {want}")
        return errors
    return None
