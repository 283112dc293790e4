"""Per-game knowledge for the bots, one module per game (`<game id>.py` exporting HEURISTIC).

A game without a module gets the generic `Heuristic` (random playouts), so every registered game has
every bot level from the day it is registered.
"""

from __future__ import annotations

import importlib
from typing import Any

from ziggurat.bots.heuristics.base import Heuristic
from ziggurat.engine import Game

_CACHE: dict[str, Heuristic] = {}
GENERIC = Heuristic()


def heuristic_for(game: Game[Any, Any]) -> Heuristic:
    gid = game.info.id
    h = _CACHE.get(gid)
    if h is None:
        try:
            module = importlib.import_module(f"{__name__}.{gid}")
        except ModuleNotFoundError as e:
            if e.name != f"{__name__}.{gid}":
                raise
            h = GENERIC
        else:
            h = module.HEURISTIC
            assert isinstance(h, Heuristic)
        _CACHE[gid] = h
    return h


__all__ = ["GENERIC", "Heuristic", "heuristic_for"]
