"""The base of every game's state: the fields the engine itself reads (`GameState`), and a `clone`
generated from the kinds of the game's own fields, named where the class is declared:

    class ZealousState(State, lists=("followers", ...), nested=("hand", ...), copied=("rng",)):
        __slots__ = (...)

Fields not named are shared by the clone (ints, strings, tuples, frozen values); the engine's
`events` are not carried over and its cache and result are shared (replaced, never changed in place).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Self, cast

from ziggurat.engine.cloning import cloner
from ziggurat.engine.game import Action, Json, Result


class State:
    __slots__ = ("cache", "events", "n", "result")

    n: int  # players; seats 0..n-1
    events: list[Json] | None  # what happened since the last drain, when recording
    cache: tuple[int, list[Action]] | None  # (seat, legal actions) for the current decision
    result: Result | None  # None while the game runs

    def __init_subclass__(cls, **kinds: Iterable[str]) -> None:
        super().__init_subclass__()
        _CLONES[cls] = cloner(cls, dropped=("events",), **kinds)

    def clone(self) -> Self:
        """An independent copy, cheap enough for tree search (events are not copied)."""
        return cast(Self, _CLONES[type(self)](self))


_CLONES: dict[type, Callable[[Any], Any]] = {}  # each state class's generated copy function
