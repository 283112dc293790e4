"""Legal actions and applying them: the hot path for bots and benchmarks, kept lean."""

from __future__ import annotations

from collections.abc import Callable

from ziggurat.engine import IllegalAction
from ziggurat.games.faiths import announce, effects, religions, turn
from ziggurat.games.faiths.actions import (
    A_BONUS,
    A_DISCARD,
    A_END,
    A_NEGATE,
    A_NO_BONUS,
    A_OPPONENT,
    A_PAIR,
    A_PASS,
    A_PLACE,
    A_RELIGION,
    BONUS,
    DISCARD,
    END,
    NEGATE,
    OPPONENT,
    PAIR,
    PARSE,
    PASS,
    PLACE,
    RELIGION,
)
from ziggurat.games.faiths.board import RELIGIONS
from ziggurat.games.faiths.cards import CARDS, MAGNITUDES, N_CARDS, PAIR_EVENTS, ZEALOTS
from ziggurat.games.faiths.state import EFFECT, EVENTS, GATHER, HERESY, INTO, REACT, TO, FaithsState, Phase

_EFFECT_PHASES = frozenset({EFFECT, TO, INTO, GATHER})


def to_act(st: FaithsState) -> tuple[int, ...]:
    a = st.actor
    return (a,) if a >= 0 else ()


def pairs(h: list[int]) -> list[str]:
    """Every pair a hand can announce: one Magnitude card and one Event (never Zealots & Fanatics)."""
    events = [e for e in PAIR_EVENTS if h[e]]
    out: list[str] = []
    if events:
        for m in MAGNITUDES:
            if h[m]:
                row = A_PAIR[m]
                out.extend(row[e] for e in events)
    return out


def legal(st: FaithsState, s: int) -> list[str]:
    if s != st.actor:
        return []
    return _LEGAL_IN[st.phase](st, s)


def _events(st: FaithsState, s: int) -> list[str]:
    out = pairs(st.hand[s])
    out.append(A_END)
    return out


def _growth(st: FaithsState, s: int) -> list[str]:
    return [A_PLACE[t] for t in turn.growth_options(st)]


def _react(st: FaithsState, s: int) -> list[str]:
    h = st.hand[s]
    out = [A_NEGATE[m] for m in MAGNITUDES if h[m]] if h[ZEALOTS] else []
    out.append(A_PASS)  # every seat asked may pass: a holder's pass looks like anyone's
    return out


def _discards(st: FaithsState, s: int) -> list[str]:
    h = st.hand[s]
    return [A_DISCARD[c] for c in range(N_CARDS) if h[c]]


def _opponents(st: FaithsState, s: int) -> list[str]:
    return [A_OPPONENT[o] for o in range(st.n) if o != s]


def _bonus(st: FaithsState, s: int) -> list[str]:
    return [A_BONUS, A_NO_BONUS]


def _religions(st: FaithsState, s: int) -> list[str]:
    taken = set(st.religion)
    return [A_RELIGION[r] for r in range(len(RELIGIONS)) if r not in taken]


def _effect(st: FaithsState, s: int) -> list[str]:
    return effects.legal(st, s, st.phase)


def _nothing(st: FaithsState, s: int) -> list[str]:
    return []


# What the seat asked may do in each phase.
_LEGAL_IN: dict[int, Callable[[FaithsState, int], list[str]]] = {
    Phase.CHOOSE: _religions,
    Phase.GROWTH: _growth,
    Phase.EVENTS: _events,
    Phase.OPPONENT: _opponents,
    Phase.BONUS: _bonus,
    Phase.REACT: _react,
    Phase.EFFECT: _effect,
    Phase.TO: _effect,
    Phase.INTO: _effect,
    Phase.GATHER: _effect,
    Phase.HERESY: _discards,
    Phase.END: _discards,
    Phase.OVER: _nothing,
}


def decline(st: FaithsState, s: int) -> str | None:
    """`pass` for the seat asked in a reaction window now (holder or not), else None."""
    return A_PASS if st.phase == REACT and s == st.actor else None


def play(st: FaithsState, s: int, action: str) -> None:
    """Apply a legal action."""
    verb, x, y = PARSE[action]
    ph = st.phase
    if ph in _EFFECT_PHASES:
        effects.choose(st, s, verb, x, y)
    elif verb == PAIR:
        announce.announce(st, s, x, y)
    elif verb == END:
        turn.end_events(st)
    elif verb == PLACE:
        turn.place(st, x)
    elif verb == NEGATE:
        announce.negate(st, s, x)
    elif verb == PASS:
        announce.pass_reaction(st, s)
    elif verb == DISCARD:
        if ph == HERESY:
            effects.heresy_discard(st, x)
        else:
            turn.discard_to_limit(st, x)
    elif verb == OPPONENT:
        announce.name_opponent(st, x)
    elif verb == BONUS:
        announce.declare_bonus(st, True)
    elif verb == RELIGION:
        religions.choose_religion(st, s, x)
    else:  # NO_BONUS; legal() never offers anything else
        announce.declare_bonus(st, False)


def refuse(st: FaithsState, s: int, action: str) -> IllegalAction | None:
    """Why an asked seat's action is refused, without a word about anything `s` may not see."""
    parsed = PARSE.get(action)
    if parsed is None:
        return IllegalAction("unknown-action", f"Unknown action {action!r}.")
    verb, x, y = parsed
    h = st.hand[s]
    if verb == PAIR and y == ZEALOTS:
        return IllegalAction(
            "reaction-only", "Zealots & Fanatics is only played as a reaction, to negate a card just played."
        )
    if verb == PAIR and st.phase == EVENTS:
        for c in (x, y):
            if not h[c]:
                return IllegalAction("card-not-in-hand", f"You don't hold {CARDS[c].name}.")
    if verb == DISCARD and st.phase in (Phase.END, Phase.HERESY) and not h[x]:
        return IllegalAction("card-not-in-hand", f"You don't hold {CARDS[x].name}.")
    if verb == NEGATE and st.phase == REACT:
        for c in (ZEALOTS, x):
            if not h[c]:
                return IllegalAction("card-not-in-hand", f"You don't hold {CARDS[c].name}.")
    return None


__all__ = ["decline", "legal", "pairs", "play", "refuse", "to_act"]
