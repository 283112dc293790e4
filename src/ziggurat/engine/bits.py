"""Bit sets as Python ints: hands, collections, territories and board spaces are all bit masks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def bits(mask: int) -> list[int]:
    """The set bits of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def picked(items: Sequence[T], mask: int) -> list[T]:
    """The items at the set bits of a mask, lowest first: `[items[i] for i in bits(mask)]` in one pass
    (legal actions from a mask of spaces or cards, on the hot path)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(items[low.bit_length() - 1])
        mask ^= low
    return out
