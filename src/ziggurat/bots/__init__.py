"""Bots: players that choose from the same legal actions a person sees.

Levels: `random` (uniform), `normal` (one decision ahead with the game's knowledge: its heuristic,
heuristics/), `hard` (information-set MCTS over `determinize`, tuned by the heuristic, after its exact
search where the game has one). Every bot sees
only what its seat may see: its decisions come from `legal`, and from states it samples with
`determinize`, never from the real state's hidden parts.
"""

from ziggurat.bots.base import Bot
from ziggurat.bots.hard import HardBot
from ziggurat.bots.normal import NormalBot
from ziggurat.bots.random_bot import RandomBot

LEVELS = ("random", "normal", "hard")

__all__ = ["LEVELS", "Bot", "HardBot", "NormalBot", "RandomBot", "make_bot"]


def make_bot(level: str, seed: int = 0, iterations: int | None = None, seconds: float | None = None) -> Bot:
    """A bot of `level`. `iterations` / `seconds` bound the `hard` search (per-game defaults otherwise)."""
    if level == "random":
        return RandomBot(seed)
    if level == "normal":
        return NormalBot(seed)
    if level == "hard":
        return HardBot(seed, iterations, seconds)
    raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
