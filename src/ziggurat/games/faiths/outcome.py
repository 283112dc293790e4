"""The end of the game: 14 territories at once, or the `max_rounds` cap (most territories, then
most PC on the board, else shared)."""

from __future__ import annotations

from ziggurat.engine import Result, emit
from ziggurat.games.faiths.board import N_TERRITORIES
from ziggurat.games.faiths.state import OVER, FaithsState


def pcs(st: FaithsState) -> list[int]:
    n = st.n
    pc = st.chits
    return [sum(pc[t * n + s] for t in range(N_TERRITORIES)) for s in range(n)]


def final_result(st: FaithsState) -> Result:
    territories = [m.bit_count() for m in st.occupied]
    on_board = pcs(st)
    keys = [(-territories[s], -on_board[s]) for s in range(st.n)]
    w = st.winner
    if w >= 0:  # the religion that reached 14 first wins outright; the rest rank by the same keys
        ranks = tuple(
            1 if s == w else 2 + sum(1 for o in range(st.n) if o != w and keys[o] < keys[s])
            for s in range(st.n)
        )
    else:
        ranks = tuple(1 + sum(1 for k in keys if k < keys[s]) for s in range(st.n))
    winners = tuple(s for s in range(st.n) if ranks[s] == 1)
    detail = {
        "reason": "territories" if w >= 0 else "max_rounds",
        "territories": territories,
        "pcs": on_board,
    }
    return Result(winners=winners, ranks=ranks, scores=tuple(float(x) for x in territories), detail=detail)


def game_over(st: FaithsState, winner: int = -1) -> None:
    st.winner = winner
    st.phase = OVER
    st.actor = -1
    st.pending = None  # a win may come halfway through a pair or a Growth: nothing is left to do
    st.grow_left = 0
    st.grow_targets = ()
    st.cache = None
    st.result = final_result(st)
    emit(st, {"type": "end", "result": st.result.to_json()})
