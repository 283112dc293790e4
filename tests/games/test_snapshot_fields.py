"""A snapshot restores every field of a state, not only what its JSON shows again: the server restores
a table from its snapshot and plays on, so a field the JSON drops (or writes for some values only)
changes the rest of the game while `from_json(to_json(st))` still agrees with itself. Mutation
testing found such gaps: a Zealous frame's seat or tile 0 (tests/games/zealous/
test_mutants_frames.py), a Zombology Overrun's target and Guru's Insight's seat. Every game is played
at random and snapshotted at every decision; the values a lossy snapshot would drop are counted, so
that a change of the games that stopped meeting them shows here."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from ziggurat.engine import Game, Rng, registry
from ziggurat.engine.cloning import slots_of
from ziggurat.games.zombology.state import INSIGHT

ENGINE_ONLY = {"events", "cache"}  # the drained events and the legal actions' cache are not state


def fields(x: Any) -> Any:
    """Every field of `x`, recursively: its slots (its bases' too), lists, tuples and dicts."""
    if isinstance(x, Rng):
        return ("rng", x.to_json())
    if isinstance(x, list | tuple):
        return [fields(v) for v in x]
    if isinstance(x, dict):
        return {k: fields(v) for k, v in x.items()}
    slots = slots_of(type(x))
    if not slots:
        return x
    return {s: fields(getattr(x, s)) for s in slots if s not in ENGINE_ONLY and hasattr(x, s)}


def play_and_snapshot(name: str, players: int, seeds: range, seen: Counter[str]) -> None:
    game: Game[Any, Any] = registry.get(name)
    for seed in seeds:
        rng = random.Random(seed)
        st = game.new(players, None, seed)
        while game.result(st) is None:
            back = game.from_json(game.to_json(st))
            assert fields(back) == fields(st), (seed, game.to_json(st))
            note(name, st, seen)
            for s in game.each_to_act(st):
                game.apply(st, s, rng.choice(game.legal(st, s)))
        assert fields(game.from_json(game.to_json(st))) == fields(st)


def note(name: str, st: Any, seen: Counter[str]) -> None:
    """Counts the states whose snapshot a lossy writer would get wrong."""
    if name == "zombology":
        # (card 0, Overrun-1, is never a target: the lowest Overrun resolves before any other)
        seen["a target"] += st.ask is not None and st.ask[3] >= 0
        seen["an insight"] += st.phase == INSIGHT
    elif name == "faiths":
        seen["a pending event"] += getattr(st, "pending", None) is not None
    elif name == "zealous":
        seen["a frame"] += bool(st.stack)


CASES = {  # game: (players, seeds, what must have been met)
    "zealous": (4, range(6), ("a frame",)),
    "faiths": (4, range(4), ("a pending event",)),
    "zombology": (5, range(30), ("a target", "an insight")),
    "zenith": (3, range(10), ()),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_restored_state_has_every_field_it_had(name: str) -> None:
    players, seeds, met = CASES[name]
    seen: Counter[str] = Counter()
    play_and_snapshot(name, players, seeds, seen)
    assert all(seen[m] for m in met), seen
