"""The seeded generator carried inside game states: all in-game randomness (shuffles, draws).

Its whole state is one integer, so cloning a game state copies it for free and `to_json` stores it
exactly (as decimal text when it is beyond what a double holds: `engine.jsonint`). The seed picks one
of two streams:

- a seed below 2**64: SplitMix64. Fast and reproducible from a small number, for the command line,
  the arena, scenarios, tests and the bots' determinizations. Not secret: from a few outputs anyone
  can find the seed and predict every later shuffle.
- a seed of 2**64 or more (`secret_seed()`: 128 random bits from `secrets`): a keyed stream, output i
  being BLAKE2b keyed with the seed over the counter i. Its outputs give nothing of the key away, so
  a player who sees every card dealt so far still can't predict the next one. Servers use these.
  The state is then `seed << 64 | counter`: still one integer, still exact to clone and replay.

Python's `random` is only used outside the rules (bots, determinization callers).
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from ziggurat.engine.errors import InputError
from ziggurat.engine.jsonint import dump_int, load_int

_MASK = (1 << 64) - 1
_KEYED = 1 << 64  # states (and seeds) from here up are keyed streams
_MAX_KEY_BITS = 512  # BLAKE2b takes keys of up to 64 bytes


def secret_seed() -> int:
    """A seed for a keyed stream: 128 bits from the operating system's secure source (plus a top bit,
    so the seed always selects the keyed stream)."""
    return (1 << 128) | secrets.randbits(128)


def _key(seed: int) -> bytes:
    return seed.to_bytes((seed.bit_length() + 7) // 8, "little")


def derive(seed: int, *parts: int | str) -> int:
    """A 63-bit sub-seed for something else that must stay reproducible (a bot's thinking), from which
    nothing about `seed` can be learnt."""
    message = "/".join(str(p) for p in parts).encode()
    digest = hashlib.blake2b(message, digest_size=8, key=_key(abs(seed)), person=b"ziggurat-derive").digest()
    return int.from_bytes(digest, "little") >> 1


def mix(*parts: int) -> int:
    """A well-spread 63-bit seed from a few integers (a SplitMix64-style finaliser per part), for
    reproducible sub-seeds where secrecy does not matter (the arena's games)."""
    h = 0x9E3779B97F4A7C15
    for x in parts:
        h = (h ^ (x & _MASK)) * 0xBF58476D1CE4E5B9 & _MASK
        h ^= h >> 31
        h = h * 0x94D049BB133111EB & _MASK
        h ^= h >> 29
    return h & (_MASK >> 1)


class Rng:
    __slots__ = ("s",)

    def __init__(self, seed: int = 0) -> None:
        if seed >= _KEYED:
            if seed.bit_length() > _MAX_KEY_BITS:
                raise ValueError(f"a seed has at most {_MAX_KEY_BITS} bits")
            self.s = seed << 64  # the counter starts at 0
        else:
            self.s = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK

    @classmethod
    def from_state(cls, s: int) -> Rng:
        r = cls.__new__(cls)
        r.s = s if s >= _KEYED else s & _MASK
        return r

    def to_json(self) -> int | str:
        """The state for a state's JSON: decimal text once it is too large for every JSON reader."""
        return dump_int(self.s)

    @classmethod
    def from_json(cls, value: object) -> Rng:
        """The generator a state's JSON holds; `bad-state` if it isn't an exact integer (a float is what
        a reader that rounds made of it: the stream would go on elsewhere)."""
        try:
            return cls.from_state(load_int(value, "the random stream's state"))
        except ValueError as e:
            raise InputError("bad-state", str(e)) from None

    @property
    def keyed(self) -> bool:
        return self.s >= _KEYED

    def copy(self) -> Rng:
        return Rng.from_state(self.s)

    def next(self) -> int:
        s = self.s
        if s >= _KEYED:
            return self._keyed_next(s)
        self.s = s = (s + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def _keyed_next(self, s: int) -> int:
        self.s = s + 1
        counter = (s & _MASK).to_bytes(8, "little")
        digest = hashlib.blake2b(counter, digest_size=8, key=_key(s >> 64)).digest()
        return int.from_bytes(digest, "little")

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (bias below 2**-50 for any board-game n)."""
        return (self.next() * n) >> 64

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
