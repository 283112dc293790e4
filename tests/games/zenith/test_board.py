"""Geometry: the four boards, support, openness and the size of full pyramids."""

from __future__ import annotations

import pytest

from ziggurat.games.zenith import GAME
from ziggurat.games.zenith.board import BOARDS, build, space_id

SIZES = {"fuji": (10, 20, 4), "pikes": (15, 35, 5), "twin": (19, 39, 4), "krakatoa": (18, 27, 2)}


@pytest.mark.parametrize("board", list(SIZES))
def test_space_counts(board: str) -> None:
    b = BOARDS[board]
    ground, total, levels = SIZES[board]
    assert b.ground.bit_count() == ground
    assert b.size == total == len(b.ids) == len(b.index)
    assert b.levels == levels
    assert b.all == (1 << total) - 1


def test_board_names() -> None:
    assert {b.id: b.name for b in BOARDS.values()} == {
        "fuji": "Mt. Fuji",
        "pikes": "Pikes Peak",
        "twin": "Twin Peaks",
        "krakatoa": "Krakatoa",
    }


@pytest.mark.parametrize("side", [1, 2, 3, 4, 5, 6])
def test_a_triangle_stacks_into_a_tetrahedron(side: int) -> None:
    b = build("t", "t", {(q, r) for q in range(side) for r in range(side - q)})
    assert b.size == side * (side + 1) * (side + 2) // 6
    assert [len(b.level_spaces(lv)) for lv in range(b.levels)] == [
        (side - lv) * (side - lv + 1) // 2 for lv in range(side)
    ]


@pytest.mark.parametrize("board", list(SIZES))
def test_support_is_the_upward_triple(board: str) -> None:
    b = BOARDS[board]
    for i, (lv, q, r) in enumerate(b.spaces):
        assert b.ids[i] == space_id(lv, q, r) == f"{lv}.{q}.{r}"
        if lv == 0:
            assert b.supporters[i] == () and b.support_mask[i] == 0
            continue
        below = {b.spaces[j] for j in b.supporters[i]}
        assert below == {(lv - 1, q, r), (lv - 1, q + 1, r), (lv - 1, q, r + 1)}
        for j in b.supporters[i]:
            assert i in b.above[j] and b.above_mask[j] >> i & 1
    for i in range(b.size):
        assert len(b.above[i]) <= 3, "a piece carries at most three pieces above it"
        assert all(b.spaces[j][0] == b.spaces[i][0] + 1 for j in b.above[i])


def test_the_inverted_triple_supports_nothing() -> None:
    b = BOARDS["fuji"]
    inverted = {b.index["0.1.0"], b.index["0.0.1"], b.index["0.1.1"]}
    assert all(set(sup) != inverted for sup in b.supporters)


def test_twin_peaks_share_one_space() -> None:
    b = BOARDS["twin"]
    ground = {(q, r) for lv, q, r in b.spaces if lv == 0}
    left = {(q, r) for q in range(4) for r in range(4 - q)}
    right = {(q + 3, r) for q, r in left}
    assert ground == left | right and left & right == {(3, 0)}
    assert len(b.level_spaces(b.levels - 1)) == 2, "two summits"


def test_krakatoa_crater() -> None:
    b = BOARDS["krakatoa"]
    assert "0.0.0" not in b.index
    assert "0.-2.2" in b.index and "0.2.-2" in b.index and "0.2.1" not in b.index
    assert b.levels == 2, "nothing rests on level 1: the crater breaks every level-2 triple"


def test_space_ids_are_unique_and_sorted_by_level() -> None:
    for b in BOARDS.values():
        assert sorted(b.spaces) == list(b.spaces)
        assert len(set(b.ids)) == b.size


@pytest.mark.parametrize("board", list(SIZES))
def test_a_full_pyramid_holds_every_space(board: str) -> None:
    """Every space filled is a valid position: nothing is open, so everyone but the last is out."""
    b = BOARDS[board]
    pieces = {x: k % 2 for k, x in enumerate(b.ids)}
    st = GAME.new(2, {"board": board}, setup={"pieces": pieces})
    assert st.occupied == b.all and st.open == 0
    assert sum(m.bit_count() for m in st.own) == b.size
    res = GAME.result(st)
    assert res is not None and res.winners == (1,)


def test_openness_follows_the_supporters() -> None:
    st = GAME.new(2)
    b = st.board
    assert st.open == b.ground
    for sid in ("0.0.0", "0.1.0"):
        GAME.apply(st, st.turn, "place:" + sid)
        assert not st.open >> b.index["1.0.0"] & 1
    GAME.apply(st, st.turn, "place:0.0.1")
    assert st.open >> b.index["1.0.0"] & 1
    assert not st.open >> b.index["0.0.1"] & 1
