"""Integers in JSON that come back exact through any reader.

A JSON number is read as a double by JavaScript and by many JSON libraries (orjson from 3.13 turns one
beyond 64 bits into a float): an integer beyond 2**53 may come back rounded. I-JSON (RFC 7493, 2.2)
says to write such integers as strings, so this is how the engine writes them (a random stream's state,
a server's 129-bit seed): as numbers while every reader holds them exactly, as decimal text beyond.
"""

from __future__ import annotations

SAFE = 1 << 53  # every integer of smaller magnitude is exact as a double


def dump_int(n: int) -> int | str:
    return n if -SAFE < n < SAFE else str(n)


def load_int(value: object, what: str) -> int:
    """An integer written by `dump_int` (or as a plain number). A float is refused, never truncated: it
    is what a reader that rounds made of a large integer, and a rounded random stream deals other cards."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lstrip("-").isdecimal() and value.isascii():
        return int(value)
    raise ValueError(f"{what} must be an integer (or one written as decimal text), not {value!r}")
