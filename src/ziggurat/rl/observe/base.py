"""The shape every observation encoder has: a fixed layout, and `encode(view)` into it.

Encoders read only the JSON of `Game.view(state, seat)` — never a state — so an observation holds
exactly what that seat may see. Seats keep their absolute numbers (`seat` says which one is you), as
the action vocabularies do (`follower:<tile>:<seat>`, `remove:<t>:<seat>`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from ziggurat.engine import Json
from ziggurat.rl.layout import Layout, Segment, Vector, Writer


class Encoder(ABC):
    def __init__(self, players: int, options: Any) -> None:
        self.players = players
        self.layout = Layout()
        self.me = self.seats("seat", "your seat, one-hot")
        self.build(options)
        self.winners = self.seats("winners", "the result's winners")

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

    def seats(self, name: str, doc: str) -> Segment:
        """A segment with one entry per seat."""
        return self.layout.add(name, self.players, doc)


def index_of(names: tuple[str, ...] | list[str]) -> dict[str, int]:
    return {x: i for i, x in enumerate(names)}
