"""Bots: players that choose from the same legal actions a person sees."""

from ziggurat.bots.base import Bot
from ziggurat.bots.random_bot import RandomBot

__all__ = ["Bot", "RandomBot", "make_bot"]


def make_bot(level: str, seed: int = 0) -> Bot:
    if level == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown bot level {level!r} (levels: random)")
