"""Numeric observations: the `Encoder` shape. Each game's encoder is its own, built from its view JSON
alone, and found through the game's `info.observer` (rl/spec.py)."""

from ziggurat.rl.observe.base import Encoder

__all__ = ["Encoder"]
