"""Numeric observations: the `Encoder` shape. Each game's encoder is its own, found through the game's
`info.observer` (rl/spec.py): it encodes a seat's view JSON (the reference) and, for speed, reads the
same entries straight from the engine state (`Encoder.encode_state`, tested equal to the view's)."""

from ziggurat.rl.observe.base import Encoder

__all__ = ["Encoder"]
