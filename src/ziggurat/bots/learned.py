"""A learned value: every seat's chance of winning, as the softmax of a linear score of its features.

A game's heuristic may describe a position as a row of numbers per seat (`Heuristic.features`); the
weights, one list per player count, are fitted by `ziggurat train GAME` (bots/train.py) to the
outcomes of games between normal bots and shipped as a JSON file beside the game. Shared weights over
seats and a softmax make the model fair to every seat and blind to which seat is asking. Pure Python
at play time (the weights are a few dozen floats): the engine and the bots need no numpy.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any


class LinearValue:
    """One game's weights file: {"players": {"4": {"features": [names], "weights": [...], ...}}}."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._doc: dict[str, Any] | None = None
        self._weights: dict[int, tuple[float, ...] | None] = {}

    def document(self) -> dict[str, Any]:
        if self._doc is None:
            self._doc = json.loads(self.path.read_text()) if self.path.exists() else {}
        return self._doc

    def weights(self, n: int, names: tuple[str, ...]) -> tuple[float, ...] | None:
        """The weights for `n` players, or None when none were trained (the heuristic falls back).
        `names` are the features the heuristic computes: a file fitted to others is refused."""
        if n not in self._weights:
            entry = self.document().get("players", {}).get(str(n))
            if entry is not None and tuple(entry["features"]) != names:
                raise ValueError(f"{self.path}: fitted to other features; run `ziggurat train` again")
            self._weights[n] = tuple(entry["weights"]) if entry is not None else None
        return self._weights[n]


def chances(rows: list[list[float]], w: tuple[float, ...]) -> list[float]:
    """The softmax over seats of each row's weighted sum."""
    scores = [sum([x * y for x, y in zip(row, w, strict=True)]) for row in rows]
    top = max(scores)
    es = [math.exp(s - top) for s in scores]
    total = sum(es)
    return [e / total for e in es]
