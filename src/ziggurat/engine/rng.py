"""A tiny seeded generator carried inside game states.

SplitMix64: its whole state is one integer, so cloning a game state copies it for free and
`to_json` stores it exactly. All in-game randomness (shuffles) comes from here; Python's `random`
is only used outside the rules (bots, determinization callers).
"""

from __future__ import annotations

from typing import Any

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("s",)

    def __init__(self, seed: int = 0) -> None:
        self.s = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK

    @classmethod
    def from_state(cls, s: int) -> Rng:
        r = cls.__new__(cls)
        r.s = s & _MASK
        return r

    def copy(self) -> Rng:
        return Rng.from_state(self.s)

    def next(self) -> int:
        self.s = (self.s + 0x9E3779B97F4A7C15) & _MASK
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (bias below 2**-50 for any board-game n)."""
        return (self.next() * n) >> 64

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
