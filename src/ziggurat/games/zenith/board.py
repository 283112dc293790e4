"""The four Zenith boards as pyramids over a triangular lattice (rulings: geometry and boards).

A space is (level, q, r). Level 0 holds a board's white spaces; a space (L+1, q, r) rests on the
upward triple (L, q, r), (L, q+1, r), (L, q, r+1) and exists when all three exist. Everything the
rules ask of the geometry is precomputed here as index tuples and bitmasks (bit i = space i), so the
hot path is a few integer operations.

Space ids are spelled "level.q.r", e.g. "0.1.2" or "0.-1.2" (Krakatoa has negative coordinates).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

Space = tuple[int, int, int]  # (level, q, r)


def space_id(level: int, q: int, r: int) -> str:
    return f"{level}.{q}.{r}"


@dataclass(frozen=True, eq=False)
class Board:
    id: str
    name: str
    spaces: tuple[Space, ...]  # indexed by bit; sorted by (level, q, r)
    ids: tuple[str, ...]  # "level.q.r" per space
    names: tuple[str, ...]  # how a person says it: "the ground, row 1, 3rd", "level 2, row 1, 1st"
    index: dict[str, int]  # id -> space index
    supporters: tuple[tuple[int, ...], ...]  # the three spaces under each space; () on level 0
    support_mask: tuple[int, ...]
    above: tuple[tuple[int, ...], ...]  # the spaces resting on each space
    above_mask: tuple[int, ...]
    ground: int  # mask of level-0 spaces
    all: int  # mask of every space
    levels: int  # how many levels have spaces

    @property
    def size(self) -> int:
        return len(self.spaces)

    def level_spaces(self, level: int) -> list[int]:
        return [i for i, sp in enumerate(self.spaces) if sp[0] == level]


def build(board_id: str, name: str, ground: Iterable[tuple[int, int]]) -> Board:
    layers: list[set[tuple[int, int]]] = [set(ground)]
    while True:
        below = layers[-1]
        nxt = {(q, r) for q, r in below if (q + 1, r) in below and (q, r + 1) in below}
        if not nxt:
            break
        layers.append(nxt)
    spaces = tuple(sorted((lv, q, r) for lv, layer in enumerate(layers) for q, r in layer))
    pos = {sp: i for i, sp in enumerate(spaces)}
    supporters = tuple(
        (pos[(lv - 1, q, r)], pos[(lv - 1, q + 1, r)], pos[(lv - 1, q, r + 1)]) if lv else ()
        for lv, q, r in spaces
    )
    above: list[list[int]] = [[] for _ in spaces]
    for i, sup in enumerate(supporters):
        for j in sup:
            above[j].append(i)
    ids = tuple(space_id(*sp) for sp in spaces)
    return Board(
        id=board_id,
        name=name,
        spaces=spaces,
        ids=ids,
        names=tuple(_spoken(spaces, sp) for sp in spaces),
        index={x: i for i, x in enumerate(ids)},
        supporters=supporters,
        support_mask=tuple(sum(1 << j for j in sup) for sup in supporters),
        above=tuple(tuple(a) for a in above),
        above_mask=tuple(sum(1 << j for j in a) for a in above),
        ground=sum(1 << i for i, sp in enumerate(spaces) if sp[0] == 0),
        all=(1 << len(spaces)) - 1,
        levels=len(layers),
    )


def _spoken(spaces: tuple[Space, ...], space: Space) -> str:
    """A space as a person says it, as the board is drawn: rows counted from the front (the lowest r)
    of its level, places in a row from the left (the lowest q); the ground is level 1."""
    level, q, r = space
    rows = sorted({sr for sl, _, sr in spaces if sl == level})
    row = sorted(sq for sl, sq, sr in spaces if sl == level and sr == r)
    where = "the ground" if level == 0 else f"level {level + 1}"
    return f"{where}, row {rows.index(r) + 1}, {_ordinal(row.index(q) + 1)}"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _triangle(side: int, dq: int = 0) -> set[tuple[int, int]]:
    return {(q + dq, r) for q in range(side) for r in range(side - q)}


BOARDS: dict[str, Board] = {
    b.id: b
    for b in (
        build("fuji", "Mt. Fuji", _triangle(4)),
        build("pikes", "Pikes Peak", _triangle(5)),
        build("twin", "Twin Peaks", _triangle(4) | _triangle(4, dq=3)),
        build(
            "krakatoa",
            "Krakatoa",
            {
                (q, r)
                for q in range(-2, 3)
                for r in range(-2, 3)
                if max(abs(q), abs(r), abs(q + r)) <= 2 and (q, r) != (0, 0)
            },
        ),
    )
}
