"""Scenario expectations for Zealous (docs/scenarios.md): compact checks on the omniscient state."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ziggurat.games.zealous.setup import state_to_json
from ziggurat.games.zealous.state import ZealousState


def _per_seat(value: Any, seat_of: Callable[[Any], int], n: int) -> dict[int, Any]:
    if isinstance(value, list):
        if len(value) != n:
            raise ValueError(f"expected a list of {n} values, one per seat")
        return dict(enumerate(value))
    return {seat_of(k): v for k, v in value.items()}


def expect(st: ZealousState, key: str, value: Any, seat_of: Callable[[Any], int]) -> list[str] | None:
    full = state_to_json(st)
    n = st.n
    errors: list[str] = []
    if key in ("scores", "supply", "prophets", "sanctuaries"):
        actual: list[Any] = full[key] if key != "supply" else st.supply[:]
        for s, want in _per_seat(value, seat_of, n).items():
            got = actual[s]
            if key == "sanctuaries":
                got, want = sorted(actual[s]), sorted(want)
            if got != want:
                errors.append(f"{key}[{s}] is {got!r}, expected {want!r}")
        return errors
    if key == "followers":
        # {tile: {seat: count}}: seats not named must have none there.
        for tile, want in value.items():
            if tile not in full["followers"]:
                errors.append(f"unknown tile {tile!r}")
                continue
            row = full["followers"][tile]
            wanted = [0] * n
            for s, k in _per_seat(want, seat_of, n).items():
                wanted[s] = k
            if row != wanted:
                errors.append(f"followers on {tile} are {row}, expected {wanted}")
        return errors
    if key == "hands":
        for s, want in _per_seat(value, seat_of, n).items():
            if Counter(full["hands"][s]) != Counter(want):
                errors.append(f"hand of seat {s} is {sorted(full['hands'][s])}, expected {sorted(want)}")
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
            cards = full["decks"][d]
            if isinstance(want, int):
                if len(cards) != want:
                    errors.append(f"{d} deck has {len(cards)} cards, expected {want}")
            elif cards[: len(want)] != want:
                errors.append(f"{d} deck starts {cards[: len(want)]}, expected {want}")
        return errors
    if key == "discards":
        for d, want in value.items():
            if Counter(full["discards"][d]) != Counter(want):
                errors.append(f"{d} discard pile is {full['discards'][d]}, expected {want}")
        return errors
    return None
