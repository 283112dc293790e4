"""Scenario expectations for Zombology (docs/games/zombology.md): compact checks on the whole state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ziggurat.engine.expect import per_seat, pile, same_cards
from ziggurat.games.zombology.cards import SUIT_INDEX
from ziggurat.games.zombology.scoring import points
from ziggurat.games.zombology.setup import state_to_json
from ziggurat.games.zombology.state import ZombologyState


def expect(st: ZombologyState, key: str, value: Any, seat_of: Callable[[Any], int]) -> list[str] | None:
    full = state_to_json(st)
    n = st.n
    errors: list[str] = []
    if key in ("hands", "collections"):
        for s, want in per_seat(value, seat_of, n).items():
            errors += same_cards(full[key][s], want, f"{key}[{s}]")
        return errors
    if key in ("centre", "box", "pending", "removed"):
        return same_cards(full[key], value, key)
    if key == "suits":
        return same_cards([u for u in full["gurus"]], value, key)
    if key == "gurus":  # {suit: seat or null (the central area)}
        for u, want in value.items():
            got = full["gurus"].get(u, "not in play")
            wanted = None if want is None else seat_of(want)
            if got != wanted:
                errors.append(f"the {u} Guru is with {got!r}, expected {wanted!r}")
        return errors
    if key == "chosen":  # {seat: card or null}: the hidden choices too
        for s, want in per_seat(value, seat_of, n).items():
            if full["chosen"][s] != want:
                errors.append(f"seat {s} chose {full['chosen'][s]!r}, expected {want!r}")
        return errors
    if key == "points":  # {seat: {suit: points}}
        for s, want in per_seat(value, seat_of, n).items():
            for u, p in want.items():
                got = points(st.collection[s], SUIT_INDEX[u])
                if got != p:
                    errors.append(f"seat {s} has {got} {u} points, expected {p}")
        return errors
    if key == "remembered":  # {observer: {holder: [cards]}}
        for o, rows in per_seat(value, seat_of, n).items():
            for t, want in per_seat(rows, seat_of, n).items():
                errors += same_cards(full["memory"][o][t], want, f"what seat {o} remembers of seat {t}")
        return errors
    if key in ("round", "phase"):
        return [] if full[key] == value else [f"{key} is {full[key]!r}, expected {value!r}"]
    if key == "decks":  # {deck: size} or {deck: [top cards...]}
        for d, want in value.items():
            errors += pile(full["decks"][d], want, f"{d} deck")
        return errors
    return None
