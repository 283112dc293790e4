"""Building Zenith positions for rule tests, and the invariants every position keeps."""

from __future__ import annotations

from typing import Any

from ziggurat.games.zenith import GAME
from ziggurat.games.zenith.state import ZenithState

GREEN, ORANGE, PURPLE, BLUE = range(4)  # the seats, by their pieces' colours

# Three players, the ground full; green's only pieces lie under the occupied 1.0.0 and 1.1.0, so once
# purple (to move) places 1.0.2, green has no space left.
GREEN_WALLED_IN = {
    "0.0.0": GREEN, "0.1.0": GREEN, "0.2.0": ORANGE, "0.3.0": PURPLE, "0.0.1": ORANGE,
    "0.1.1": PURPLE, "0.2.1": ORANGE, "0.0.2": PURPLE, "0.1.2": ORANGE, "0.0.3": PURPLE,
    "1.0.0": GREEN, "1.1.0": ORANGE, "1.2.0": PURPLE,
}  # fmt: skip


def position(
    players: int = 3,
    board: str = "fuji",
    pieces: dict[str, Any] | None = None,
    first: Any = 0,
    hands: Any = None,
) -> ZenithState:
    """A recording state with these pieces on the board and `first` about to move."""
    setup: dict[str, Any] = {"pieces": pieces or {}, "first": first}
    if hands is not None:
        setup["hands"] = hands
    return GAME.new(players, {"board": board}, setup=setup, record=True)


def check_invariants(st: ZenithState) -> None:
    """The incremental masks agree with a recomputation from the pieces; the player asked can place."""
    b = st.board
    occ = 0
    for s in range(st.n):
        assert st.own[s] & occ == 0, "one piece per space"
        occ |= st.own[s]
        assert st.own[s].bit_count() + st.hand[s] <= st.pieces, "set-up may set pieces aside, never add"
        reach = 0
        for i in range(b.size):
            if st.own[s] >> i & 1:
                reach |= b.above_mask[i]
        assert st.reach[s] == reach
    assert st.occupied == occ
    for i in range(b.size):
        if occ >> i & 1:
            m = b.support_mask[i]
            assert occ & m == m, f"{b.ids[i]} is held up by three pieces"
    opened = sum(
        1 << i for i in range(b.size) if not occ >> i & 1 and occ & b.support_mask[i] == b.support_mask[i]
    )
    assert st.open == opened
    out = [s for s, _, _ in st.out]
    assert len(out) == len(set(out))
    assert st.alive == sum(1 << s for s in range(st.n) if s not in out)
    if st.result is None:
        assert st.alive.bit_count() >= 2 and st.placeable(st.turn), "whoever is asked can place"
    else:
        assert st.alive.bit_count() == 1 and st.turn == -1


def totals(st: ZenithState) -> list[int]:
    """Pieces per seat on the board and in hand: constant through a game."""
    return [m.bit_count() + h for m, h in zip(st.own, st.hand, strict=True)]


def place(st: ZenithState, *spaces: str) -> None:
    """Each space in turn, by whoever is to act (the invariants and piece totals checked each time)."""
    for sid in spaces:
        before = totals(st)
        GAME.apply(st, st.turn, "place:" + sid)
        check_invariants(st)
        assert totals(st) == before
