"""The turn: Fate, Growth, Events, End; then the next seat, the next round, or the round cap.

Steps that need no decision run on at once (Fate, the flips of Growth, an End phase with 7 cards or
fewer, a turn barred by Reformation). The Event phase always asks, even a player who holds no pair,
so the shape of the decisions says nothing about a hand.
"""

from __future__ import annotations

from ziggurat.engine import emit
from ziggurat.engine.bits import bits
from ziggurat.games.faiths import chits
from ziggurat.games.faiths.actions import A_PLACE
from ziggurat.games.faiths.board import CAPACITY, TERRITORIES, adjacent
from ziggurat.games.faiths.cards import CARDS
from ziggurat.games.faiths.deck import draw, flip_for_magnitude, spend
from ziggurat.games.faiths.outcome import game_over
from ziggurat.games.faiths.state import END, EVENTS, FATE_DRAW, GROWTH, OVER, FaithsState


def begin_turn(st: FaithsState, s: int) -> None:
    """Start seat `s`'s turn and run on, through anything nobody decides, until someone must."""
    while True:
        if _open_turn(st, s):
            return
        s = _next_seat(st)
        if s < 0:
            return


def finish_turn(st: FaithsState) -> None:
    nxt = _next_seat(st)
    if nxt >= 0:
        begin_turn(st, nxt)


def _open_turn(st: FaithsState, s: int) -> bool:
    st.turn = s
    st.actor = s
    st.bonus_used = False
    st.pending = None
    bar = st.bars[s]
    st.barred = bar > 0
    if bar:
        st.bars[s] = bar - 1
    emit(st, {"type": "turn", "seat": s, "round": st.round})
    draw(st, s, FATE_DRAW)  # Fate
    return _growth(st, s)


def _growth(st: FaithsState, s: int) -> bool:
    gained = flip_for_magnitude(st)
    if gained:
        occ = st.occupied[s]
        targets = tuple(bits(occ | adjacent(occ)))  # ATYAO and AT, fixed as Growth begins
        tot = st.population
        if any(tot[t] < CAPACITY for t in targets):
            emit(st, {"type": "growth", "seat": s, "count": gained})
            st.grow_left = gained
            st.grow_targets = targets
            st.phase = GROWTH
            return True
        emit(st, {"type": "growth", "seat": s, "count": gained, "lost": gained})
    return _events(st)


def growth_options(st: FaithsState) -> list[int]:
    tot = st.population
    return [t for t in st.grow_targets if tot[t] < CAPACITY]


def place(st: FaithsState, t: int) -> None:
    """Growth: one gained PC into one of the fixed territories (compulsory while room remains)."""
    s = st.turn
    emit(st, {"type": "place", "seat": s, "territory": TERRITORIES[t]})
    chits.add(st, s, t)
    if st.phase == OVER:
        return
    st.grow_left -= 1
    if st.grow_left:
        opts = growth_options(st)
        if opts:
            st.cache = (s, [A_PLACE[t] for t in opts])  # legal() would compute the same list next
            return
    if st.grow_left:
        emit(st, {"type": "growth_lost", "seat": s, "count": st.grow_left})
    st.grow_left = 0
    st.grow_targets = ()
    if not _events(st):
        finish_turn(st)


def _events(st: FaithsState) -> bool:
    if st.barred:
        emit(st, {"type": "barred", "seat": st.turn})
        return _end(st)
    st.phase = EVENTS
    st.actor = st.turn
    return True


def after_pair(st: FaithsState) -> None:
    """A pair has resolved (or was negated): back to the Event phase of the player whose turn it is."""
    st.pending = None
    st.phase = EVENTS
    st.actor = st.turn


def end_events(st: FaithsState) -> None:
    emit(st, {"type": "end_events", "seat": st.turn})
    if not _end(st):
        finish_turn(st)


def _end(st: FaithsState) -> bool:
    s = st.turn
    if sum(st.hand[s]) > st.hand_limit:
        st.phase = END
        st.actor = s
        return True
    return False


def discard_to_limit(st: FaithsState, c: int) -> None:
    s = st.turn
    spend(st, s, c)
    emit(st, {"type": "discard", "seat": s, "cards": [CARDS[c].id], "reason": "hand_limit"})
    if sum(st.hand[s]) <= st.hand_limit:
        finish_turn(st)


def _next_seat(st: FaithsState) -> int:
    """The seat whose turn comes next, or -1 when the round cap has ended the game."""
    nxt = st.turn + 1
    if nxt == st.n:
        if st.round >= st.max_rounds:
            game_over(st)
            return -1
        st.round += 1
        emit(st, {"type": "round", "round": st.round})
        nxt = 0
    return nxt
