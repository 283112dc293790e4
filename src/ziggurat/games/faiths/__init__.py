"""Faiths: major religions spread over Asia and the Middle East (seed rules + rulings page)."""

from ziggurat.games.faiths.game import GAME, Faiths

__all__ = ["GAME", "Faiths"]
