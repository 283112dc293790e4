"""The Zealous board: 16 tiles in rings around the Holy City (ids from the rulings page).

Tiles are indexed in the rulings' tie order (holy, j1..j3, e1..e3, m1..m3, be1..be3, bm1..bm3), which
is also the automatic choice order for proliferation when supply runs short.
"""

from __future__ import annotations

from ziggurat.engine.spaces import spaces

# Every tile and the tiles it touches, in that order (tile i is the i-th listed).
_CONNECTIONS = {
    "holy": "j1 j2 j3",
    "j1": "holy j2 j3 e3 e1",
    "j2": "holy j1 j3 e1 e2",
    "j3": "holy j1 j2 e2 e3",
    "e1": "m1 m2 j1 j2 be1",
    "e2": "m2 m3 j2 j3 be2",
    "e3": "m3 m1 j3 j1 be3",
    "m1": "e3 e1 bm1",
    "m2": "e1 e2 bm2",
    "m3": "e2 e3 bm3",
    "be1": "e1",
    "be2": "e2",
    "be3": "e3",
    "bm1": "m1",
    "bm2": "m2",
    "bm3": "m3",
}
TILES, INDEX, ADJ = spaces(_CONNECTIONS)
N_TILES = len(TILES)

HOLY, JUDGMENT, EMPTY, MIRACLE, BIRTH = range(5)
KIND_NAMES = ("Holy City", "Judgment tile", "Empty tile", "Miracle tile", "Birth Site")


def _kind(t: str) -> int:
    if t == "holy":
        return HOLY
    return {"j": JUDGMENT, "e": EMPTY, "m": MIRACLE, "b": BIRTH}[t[0]]


KIND: tuple[int, ...] = tuple(_kind(t) for t in TILES)
BIRTH_SITES: tuple[int, ...] = tuple(i for i, k in enumerate(KIND) if k == BIRTH)
ALL_MASK = (1 << N_TILES) - 1

# Steps to the Holy City, for the tie-break; a prophet off the board is farthest of all.
DISTANCE: tuple[int, ...] = (0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4)
OFF_BOARD_DISTANCE = 99

# Where a prophet may step, and where followers may end up, by "big table" (5-6 players: Birth
# Sites are ordinary tiles) or not (3-4 players: nothing but a prophet's start or rebirth is there).
STEPS: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] = (
    tuple(tuple(a for a in ADJ[t] if KIND[a] != BIRTH) for t in range(N_TILES)),
    ADJ,
)


def points(tile: int) -> int:
    """Tallying: 2 per follower in the Holy City, 1 anywhere else."""
    return 2 if tile == HOLY else 1


def _check() -> None:
    for i, nb in enumerate(ADJ):
        for j in nb:
            assert i in ADJ[j], (TILES[i], TILES[j])


_check()
