"""High Card, a game from another package: Ziggurat finds it through its `ziggurat.games` entry point."""

from ziggurat_toygame.game import GAME, HighCard

__all__ = ["GAME", "HighCard"]
