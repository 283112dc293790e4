"""The one interface every bot level implements."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from ziggurat.engine import Game


class Bot(ABC):
    level: str

    @abstractmethod
    def choose(self, game: Game[Any, Any], state: Any, seat: int) -> str:
        """The action this bot takes for `seat` now (one of game.legal(state, seat))."""
