"""Faiths: major religions spread over Asia and the Middle East (seed rules + rulings page)."""

from ziggurat.games.faiths.game import GAME, Faiths
from ziggurat.games.faiths.setup import FaithsOptions

__all__ = ["GAME", "Faiths", "FaithsOptions"]
