"""Zealous: prophets, followers, and starting over (rulebook v0.14.2)."""

from ziggurat.games.zealous.game import GAME, Zealous

__all__ = ["GAME", "Zealous"]
