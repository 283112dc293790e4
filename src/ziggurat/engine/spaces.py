"""A board of named spaces and the spaces each one borders, listed as a rules page lists them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple


class Spaces(NamedTuple):
    ids: tuple[str, ...]  # in the listing's order: space i is ids[i]
    by_id: dict[str, int]  # id -> i
    adjacent: tuple[tuple[int, ...], ...]  # i -> the indexes of the spaces it borders, ascending


def spaces(borders: Mapping[str, str]) -> Spaces:
    """`borders`: every space's id -> the ids of the spaces it borders, separated by blanks."""
    ids = tuple(borders)
    index = {s: i for i, s in enumerate(ids)}
    return Spaces(ids, index, tuple(tuple(sorted(index[n] for n in borders[s].split())) for s in ids))
