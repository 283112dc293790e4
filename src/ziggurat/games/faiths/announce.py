"""Announcing a pair (its opponent, its homeland bonus) and the Zealots & Fanatics reaction window.

The window: right after a pair (or a negation) by seat B, every other seat is asked, one at a time in
seat order from B's left, whether or not it holds Zealots & Fanatics and a Magnitude card: at a real
table anyone may call out, so being asked (and passing) must tell nothing about a hand. A seat that
cannot react may only pass. The first to negate opens a new window about that negation; when a window
closes with nobody negating, the pair resolves if the negations are even. No window opens while every
copy of Zealots & Fanatics lies face up in the discard (a public fact).
"""

from __future__ import annotations

from ziggurat.engine import emit
from ziggurat.games.faiths.board import TERRITORIES
from ziggurat.games.faiths.cards import BOARD_KINDS, CARDS, KIND, OPPONENT_KINDS, SCOPE, VALUE, ZEALOTS
from ziggurat.games.faiths.deck import spend
from ziggurat.games.faiths.effects import resolve, targets_for, unit_options
from ziggurat.games.faiths.state import BONUS, OPPONENT, REACT, FaithsState, new_pending
from ziggurat.games.faiths.turn import after_pair


def announce(st: FaithsState, s: int, m: int, e: int) -> None:
    """A pair goes to the discard when it is announced; its territories are fixed now."""
    spend(st, s, m)
    spend(st, s, e)
    p = new_pending(e, m, VALUE[m])
    kind = KIND[e]
    if kind in BOARD_KINDS:
        p.targets = targets_for(st, s, SCOPE[e])
    st.pending = p
    st.negations = 0
    played(st, s, m, e)
    emit(
        st,
        {
            "type": "pair",
            "seat": s,
            "magnitude": CARDS[m].id,
            "event": CARDS[e].id,
            "x": p.x,
            "targets": [TERRITORIES[t] for t in p.targets],
        },
    )
    if kind in OPPONENT_KINDS:
        st.phase = OPPONENT
    elif st.homeland_bonus and not st.bonus_used and kind in BOARD_KINDS and bonus_fits(st, s):
        st.phase = BONUS
    else:
        open_window(st, s)


def bonus_fits(st: FaithsState, s: int) -> bool:
    """The homeland bonus needs an event whose first unit can involve the homeland."""
    p = st.pending
    assert p is not None
    p.home_due = True
    ok = bool(unit_options(st, s, p))
    p.home_due = False
    return ok


def name_opponent(st: FaithsState, o: int) -> None:
    p = st.pending
    assert p is not None
    p.opp = o
    emit(st, {"type": "opponent", "seat": st.turn, "opponent": o})
    open_window(st, st.turn)


def declare_bonus(st: FaithsState, yes: bool) -> None:
    p = st.pending
    assert p is not None
    if yes:
        st.bonus_used = True  # spent even if the pair is negated
        p.bonus = True
        p.home_due = True
        p.x += 1
        emit(st, {"type": "bonus", "seat": st.turn, "x": p.x})
    open_window(st, st.turn)


def open_window(st: FaithsState, by: int) -> None:
    st.react_by = by
    # With every copy of Zealots & Fanatics face up in the discard, everyone can see that nobody can
    # react: skipping the window then tells nothing, and spares each seat a forced pass.
    _ask(st, st.n if st.discard.count(ZEALOTS) >= st.zealots_copies else 1)


def _ask(st: FaithsState, off: int) -> None:
    """Ask the seat `off` places after `react_by`, holder or not; past the last one, close the window."""
    if off < st.n:
        st.react_off = off
        st.actor = (st.react_by + off) % st.n
        st.phase = REACT
        return
    if st.negations & 1:
        p = st.pending
        assert p is not None
        emit(st, {"type": "negated", "seat": st.turn, "event": CARDS[p.event].id})
        after_pair(st)
    else:
        resolve(st)


def played(st: FaithsState, s: int, *cards: int) -> None:
    """The uniform card event every game emits (arena card statistics read it; its words are the
    pair's or the negation's, which follow)."""
    if st.events is not None:
        for c in cards:
            emit(st, {"type": "play", "seat": s, "card": CARDS[c].id})


def negate(st: FaithsState, r: int, m: int) -> None:
    spend(st, r, ZEALOTS)
    spend(st, r, m)
    st.negations += 1
    played(st, r, ZEALOTS, m)
    emit(st, {"type": "negate", "seat": r, "magnitude": CARDS[m].id, "negations": st.negations})
    open_window(st, r)


def pass_reaction(st: FaithsState, r: int) -> None:
    emit(st, {"type": "pass", "seat": r})
    _ask(st, st.react_off + 1)
