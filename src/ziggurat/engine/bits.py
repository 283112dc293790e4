"""Bit sets as Python ints: hands, collections, territories and board spaces are all bit masks."""

from __future__ import annotations


def bits(mask: int) -> list[int]:
    """The set bits of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
