"""Changing population chits on the board. The win is checked after every single change, so an
event can end the game halfway (callers check `st.phase == OVER` after each change)."""

from __future__ import annotations

from ziggurat.games.faiths.outcome import game_over
from ziggurat.games.faiths.state import FaithsState


def add(st: FaithsState, s: int, t: int) -> None:
    """One new PC of `s` in `t` (the caller has checked the cap)."""
    i = t * st.n + s
    st.chits[i] += 1
    st.population[t] += 1
    if st.chits[i] == 1:
        occ = st.occupied[s] | 1 << t
        st.occupied[s] = occ
        if occ.bit_count() >= st.win:
            game_over(st, s)


def take(st: FaithsState, o: int, t: int) -> None:
    """One PC of `o` leaves `t` (back to the box, or on its way elsewhere)."""
    i = t * st.n + o
    st.chits[i] -= 1
    st.population[t] -= 1
    if st.chits[i] == 0:
        st.occupied[o] &= ~(1 << t)


def replace(st: FaithsState, s: int, o: int, t: int) -> None:
    take(st, o, t)
    add(st, s, t)


def move(st: FaithsState, s: int, a: int, b: int) -> None:
    take(st, s, a)
    add(st, s, b)
