"""The shape every observation encoder has: a fixed layout, and two ways to fill it.

`encode(view)` reads only the JSON of `Game.view(state, seat)`, so an observation holds exactly what
that seat may see: it is the reference. `encode_state(state, seat)` reads the engine state directly
(the view's JSON is what costs most in an environment's step): a game's encoder offers it by
implementing `numerators`, which must read exactly what the seat's view shows and nothing else (no
other seat's hand, no deck order, no secret choice). The tests hold both paths to identical tensors on
thousands of random positions of every game, and to unchanged observations when everything hidden is
redealt. An encoder without `numerators` (a game from another package, say) is still served: the
adapters then encode the view.

Seats keep their absolute numbers (`seat` says which one is you), as the action vocabularies do
(`follower:<tile>:<seat>`, `remove:<t>:<seat>`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

import numpy as np

from ziggurat.engine import Json
from ziggurat.rl.layout import Layout, Segment, Vector, Writer
from ziggurat.rl.observe.numerators import multi_hot, one_hots


class Encoder(ABC):
    saturate = False  # may a numerator exceed its scale under these options? (then clip at 1)

    def __init__(self, players: int, options: Any) -> None:
        self.players = players
        self.layout = Layout()
        # Does this encoder read states? Its `build` may say no for options it cannot read them under.
        self.reads_state = type(self).numerators is not Encoder.numerators
        self.me = self.seats("seat", "your seat, one-hot")
        self.build(options)
        self.winners = self.seats("winners", "the result's winners")
        self.scale = self.layout.scales()
        self.unit = bool((self.scale == 1.0).all())  # every entry a one-hot or a set: no division
        self.seat_hots = one_hots(players)  # by seat; [players] (or [-1]): nobody's

    @property
    def size(self) -> int:
        return self.layout.size

    @abstractmethod
    def build(self, options: Any) -> None:
        """Declare the game's segments (self.layout.add), keeping them as attributes for `fill`. Every
        encoding starts with the seat's own number (`me`) and ends with the result's `winners`."""

    @abstractmethod
    def fill(self, view: Json, w: Writer) -> None:
        """Write the game's part of one view; `w` starts zeroed (`encode` writes `me` and `winners`)."""

    def encode(self, view: Json | None, out: Vector | None = None) -> Vector:
        """The view as a vector in [0, 1]; all zeros for None (before the deal)."""
        if out is None:
            out = self.layout.zeros()
        w = Writer(out)
        if view is not None:
            w.one(self.me, view.get("seat"))
            self.fill(view, w)
            if view["result"]:
                w.many(self.winners, view["result"]["winners"])
        return out

    def numerators(self, state: Any, seat: int | None, out: list[bytes]) -> None:
        """The state path: append the game's segments (between `me` and `winners`), in layout order,
        as the numerators of their entries, one byte each (observe/numerators.py), reading only what
        `seat`'s view (a spectator's for None) shows. Optional: without it, `encode_state` encodes
        the view."""
        raise NotImplementedError

    def numerator_bytes(self, state: Any, seat: int | None) -> bytes:
        """The whole observation's numerators, one byte per entry, read from the state (what
        `encode_state` divides by the scales; `VectorEnv` divides many games' at once). Needs
        `numerators`."""
        hots = self.seat_hots
        parts = [hots[-1 if seat is None else seat]]
        self.numerators(state, seat, parts)
        result = state.result
        parts.append(hots[-1] if result is None else multi_hot(self.players, result.winners))
        return b"".join(parts)

    def encode_state(self, state: Any, seat: int | None, out: Vector | None = None) -> Vector:
        """What `encode(game.view(state, seat))` gives, read from the state. Needs `numerators`."""
        numerators = np.frombuffer(self.numerator_bytes(state, seat), np.uint8)
        if out is None:
            out = numerators.astype(np.float32)
            if not self.unit:
                out /= self.scale  # (float32 division, correctly rounded: what float32(x / s) is)
        else:
            np.divide(numerators, self.scale, out=out)
        if self.saturate:
            np.minimum(out, 1.0, out=out)
        return out

    def seats(self, name: str, doc: str, scale: float = 1.0) -> Segment:
        """A segment with one entry per seat."""
        return self.layout.add(name, self.players, doc, scale)


def index_of(names: tuple[str, ...] | list[str]) -> dict[str, int]:
    return {x: i for i, x in enumerate(names)}
