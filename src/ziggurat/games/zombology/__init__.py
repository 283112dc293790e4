"""Zombology: cure the zombie plague, and be influential in the cure (3-8 players)."""

from ziggurat.games.zombology.game import GAME, Zombology

__all__ = ["GAME", "Zombology"]
