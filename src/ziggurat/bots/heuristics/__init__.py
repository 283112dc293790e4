"""What the bots know about a game: its `Heuristic`, found where the game's `info.heuristic` says
("module:attribute", imported on first use, as Gymnasium's entry points are).

A game that declares none gets the generic `Heuristic` (random playouts), so every registered game has
every bot level from the day it is registered.
"""

from __future__ import annotations

import pkgutil
from typing import Any

from ziggurat.bots.heuristics.base import Heuristic
from ziggurat.bots.heuristics.tuning import Tuning
from ziggurat.engine import Game

_CACHE: dict[str, Heuristic] = {}
GENERIC = Heuristic()


def heuristic_for(game: Game[Any, Any]) -> Heuristic:
    gid = game.info.id
    h = _CACHE.get(gid)
    if h is None:
        ref = game.info.heuristic
        h = pkgutil.resolve_name(ref) if ref else GENERIC
        if not isinstance(h, Heuristic):
            raise TypeError(f"{gid}: info.heuristic {ref!r} is not a Heuristic")
        _CACHE[gid] = h
    return h


__all__ = ["GENERIC", "Heuristic", "Tuning", "heuristic_for"]
