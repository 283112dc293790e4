"""Helpers for the games' scenario expectations (each game's `expect` hook): the checks that read
the same in every game, written once. Each returns the list of failures, in words."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

SeatOf = Callable[[Any], int]


def per_seat(value: Any, seat_of: SeatOf, n: int) -> dict[int, Any]:
    """A scenario's per-seat value: a list with one entry per seat, or {seat name: entry}."""
    if isinstance(value, list):
        if len(value) != n:
            raise ValueError(f"expected a list of {n} values, one per seat")
        return dict(enumerate(value))
    return {seat_of(k): v for k, v in value.items()}


def seat_values(key: str, actual: Sequence[Any], value: Any, seat_of: SeatOf) -> list[str]:
    """Each seat named has the value wanted (`actual` holds one per seat)."""
    return [
        f"{key}[{s}] is {actual[s]!r}, expected {want!r}"
        for s, want in per_seat(value, seat_of, len(actual)).items()
        if actual[s] != want
    ]


def same_cards(got: Sequence[str], want: Sequence[str], what: str) -> list[str]:
    """The same cards, in any order."""
    return [] if sorted(got) == sorted(want) else [f"{what} is {sorted(got)}, expected {sorted(want)}"]


def pile(cards: Sequence[str], want: int | Sequence[str], what: str) -> list[str]:
    """A deck (top first) has `want` cards, or starts with the cards `want` lists."""
    if isinstance(want, int):
        return [] if len(cards) == want else [f"{what} has {len(cards)} cards, expected {want}"]
    top = list(cards[: len(want)])
    return [] if top == list(want) else [f"{what} starts {top}, expected {want}"]


def counts_on(
    rows: Mapping[str, list[int]], value: Mapping[str, Any], seat_of: SeatOf, n: int, place: str, pieces: str
) -> list[str]:
    """{place: {seat: count}} against the board's rows of counts per seat: seats not named have none
    there; places not named are not checked."""
    errors = []
    for where, want in value.items():
        if where not in rows:
            errors.append(f"unknown {place} {where!r}")
            continue
        wanted = [0] * n
        for s, k in per_seat(want, seat_of, n).items():
            wanted[s] = k
        if rows[where] != wanted:
            errors.append(f"{pieces} {where} are {rows[where]}, expected {wanted}")
    return errors
