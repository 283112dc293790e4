"""Zenith (2009): stack triangles towards the summit; the last player able to place wins."""

from ziggurat.games.zenith.game import GAME, Zenith

__all__ = ["GAME", "Zenith"]
