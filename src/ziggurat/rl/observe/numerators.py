"""Bytes for the encoders that read the state: one byte per entry, the entry's numerator.

An encoder's `numerators` (observe/base.py) returns its segments as `bytes`, joined in layout order;
`bytes(list_of_small_ints)`, a table lookup or a bit set's binary digits make each segment in a few
C calls, where writing floats into an array one entry at a time would cost a Python step per entry.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)

# The 8 bits of each byte value, lowest first, one byte each (0 or 1).
BYTE_BITS: tuple[bytes, ...] = tuple(bytes((b >> i) & 1 for i in range(8)) for b in range(256))
_DIGITS = bytes.maketrans(b"01", b"\x00\x01")


def one_hots(size: int) -> tuple[bytes, ...]:
    """`size` + 1 segments of `size` entries: index i has a 1 at i; index `size` (also -1) is all zeros."""
    zero = bytes(size)
    return (*(zero[:i] + b"\x01" + zero[i + 1 :] for i in range(size)), zero)


def multi_hot(size: int, indices: Iterable[int]) -> bytes:
    """A set of indices as a segment of `size` entries."""
    out = bytearray(size)
    for i in indices:
        out[i] = 1
    return bytes(out)


def bits16(mask: int) -> bytes:
    """The 16 lowest bits of `mask`, lowest first."""
    return BYTE_BITS[mask & 255] + BYTE_BITS[mask >> 8 & 255]


def bit_digits(width: int) -> str:
    """The format spec that `bits` takes for this width (made once, outside the hot path)."""
    return f"0{width}b"


def bits(mask: int, spec: str) -> bytes:
    """The lowest bits of a non-negative `mask`, lowest first, as wide as `spec` (`bit_digits(width)`)
    says; a mask wider than that gives its higher bits too (shift or mask it first)."""
    return format(mask, spec)[::-1].encode().translate(_DIGITS)


class Memo(dict[K, bytes], Generic[K]):
    """Segments by what they are made of (a hand's bytes, a bit set), each made once by `make`: a
    lookup is one C call where making it is a Python loop. The keys a game meets are few (most
    segments change a few times a game), but a process may play for days: past `limit` entries the
    memo starts over."""

    def __init__(self, make: Callable[[K], bytes], limit: int = 1 << 13) -> None:
        super().__init__()
        self.make = make
        self.limit = limit

    def __reduce__(self) -> tuple[type[Memo[K]], tuple[Callable[[K], bytes], int]]:
        """A copy (an encoder pickled with its game, as OpenSpiel serializes one) starts empty."""
        return type(self), (self.make, self.limit)

    def __missing__(self, key: K) -> bytes:
        if len(self) >= self.limit:
            self.clear()
        value = self[key] = self.make(key)
        return value
