"""Turn flow: placing a piece, passing the turn, automatic elimination and the end of the game."""

from __future__ import annotations

from ziggurat.engine import Result, emit
from ziggurat.games.zenith.state import NO_PIECES, NO_SPACE, ZenithState


def put(st: ZenithState, s: int, i: int) -> None:
    """Seat `s`'s piece goes on space `i` (already known to be legal); spaces above may open.
    The hand is the caller's business (set-up places pieces that were never in a hand)."""
    b = st.board
    bit = 1 << i
    st.own[s] |= bit
    occ = st.occupied | bit
    st.occupied = occ
    opened = st.open & ~bit
    for j in b.above[i]:
        m = b.support_mask[j]
        if occ & m == m:
            opened |= 1 << j
    st.open = opened
    st.reach[s] |= b.above_mask[i]


def start_turn(st: ZenithState, s: int) -> None:
    """The turn passes to `s` (or the next seat still in): whoever cannot place at the start of their
    turn is out at once, even if a later move would have opened a space for them."""
    n = st.n
    while True:
        if st.alive >> s & 1:
            if st.placeable(s):
                st.turn = s
                return
            eliminate(st, s, NO_SPACE if st.hand[s] else NO_PIECES)
            if st.alive & (st.alive - 1) == 0:  # one player left
                finish(st)
                return
        s = s + 1 if s + 1 < n else 0


def eliminate(st: ZenithState, s: int, reason: str) -> None:
    st.alive &= ~(1 << s)
    st.out.append((s, reason, st.moves))
    emit(st, {"type": "eliminate", "seat": s, "reason": reason, "moves": st.moves})


def finish(st: ZenithState) -> None:
    st.turn = -1
    st.result = final_result(st)
    emit(st, {"type": "end", "result": st.result.to_json()})


def final_result(st: ZenithState) -> Result:
    """The last player standing wins; the later a player was eliminated, the better their rank.
    Scores are the pieces each player has on the board."""
    n = st.n
    ranks = [1] * n
    for k, (s, _, _) in enumerate(st.out):
        ranks[s] = n - k
    winners = tuple(s for s in range(n) if st.alive >> s & 1)
    return Result(
        winners=winners,
        ranks=tuple(ranks),
        scores=tuple(float(m.bit_count()) for m in st.own),
    )
