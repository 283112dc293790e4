"""Uniformly random legal actions: the baseline, and the engine's conformance driver."""

from __future__ import annotations

import random
from typing import Any

from ziggurat.bots.base import Bot
from ziggurat.engine import Game


class RandomBot(Bot):
    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game[Any, Any], state: Any, seat: int) -> str:
        return self.rng.choice(game.legal(state, seat))
