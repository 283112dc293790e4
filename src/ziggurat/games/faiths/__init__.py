"""Faiths: major religions spread over Asia and the Middle East (seed rules + rulings page)."""

from ziggurat.engine import register
from ziggurat.games.faiths.game import GAME, Faiths
from ziggurat.games.faiths.setup import FaithsOptions

register(GAME)

__all__ = ["GAME", "Faiths", "FaithsOptions"]
