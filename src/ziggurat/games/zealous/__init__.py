"""Zealous: prophets, followers, and starting over (rulebook v0.14.2)."""

from ziggurat.games.zealous.game import GAME, Zealous
from ziggurat.games.zealous.setup import ZealousOptions

__all__ = ["GAME", "Zealous", "ZealousOptions"]
