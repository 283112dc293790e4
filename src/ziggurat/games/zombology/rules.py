"""Legal actions and applying them: the hot path for bots and benchmarks, kept lean."""

from __future__ import annotations

from collections.abc import Callable

from ziggurat.engine import IllegalAction
from ziggurat.engine.bits import picked
from ziggurat.games.zombology import flow
from ziggurat.games.zombology.actions import (
    A_ALLOW,
    A_CHOOSE,
    A_COUNTER,
    A_GURU,
    A_PASS,
    A_SWAP,
    A_TARGET,
    ALLOW,
    CHOOSE,
    COUNTER,
    GURU,
    PARSE,
    PASS,
    SWAP,
    TARGET,
)
from ziggurat.games.zombology.cards import (
    CARD_INDEX,
    CARDS,
    N_SUITS,
    SUIT,
    SUIT_NAMES,
    THERAPY_MASK,
    cards_of,
)
from ziggurat.games.zombology.state import (
    ASK_GURU,
    ASK_TARGET,
    INSIGHT,
    NOT_CHOSEN,
    RESOLVE,
    Phase,
    ZombologyState,
)


def to_act(st: ZombologyState) -> tuple[int, ...]:
    return _TO_ACT_IN[st.phase](st)


def legal(st: ZombologyState, s: int) -> list[str]:
    if type(s) is not int or not 0 <= s < st.n:
        return []
    return _LEGAL_IN[st.phase](st, s)


def _choosing(st: ZombologyState) -> tuple[int, ...]:
    return tuple(s for s, c in enumerate(st.chosen) if c == NOT_CHOSEN)


def _choices(st: ZombologyState, s: int) -> list[str]:
    if st.chosen[s] != NOT_CHOSEN:
        return []
    return picked(A_CHOOSE, st.hand[s])  # playing a card is compulsory: no pass


def _asked(st: ZombologyState) -> tuple[int, ...]:
    assert st.ask is not None
    return (st.ask[1],)


def _answers(st: ZombologyState, s: int) -> list[str]:
    assert st.ask is not None
    kind, who, card, _ = st.ask
    if s != who:
        return []
    if kind == ASK_TARGET:
        return [A_TARGET[t] for t in cards_of(st.pending & ~(1 << card))]
    if kind == ASK_GURU:
        return [A_GURU[u] for u in st.suits if st.guru[u] != s]
    return [A_COUNTER, A_ALLOW]


def _insightful(st: ZombologyState) -> tuple[int, ...]:
    return (st.insight // N_SUITS,)


def _swaps(st: ZombologyState, s: int) -> list[str]:
    if s != st.insight // N_SUITS:
        return []
    takes = cards_of(flow.takeable(st, s, st.insight % N_SUITS))
    out = [A_SWAP[g][t] for g in cards_of(st.hand[s] & THERAPY_MASK) for t in takes]
    out.append(A_PASS)  # asked even with no Therapy card in hand: skipping would tell the others so
    return out


def _nobody(st: ZombologyState) -> tuple[int, ...]:
    return ()


def _nothing(st: ZombologyState, s: int) -> list[str]:
    return []


# Who is asked in each phase, and what they may answer.
_TO_ACT_IN: dict[int, Callable[[ZombologyState], tuple[int, ...]]] = {
    Phase.INSIGHT: _insightful,
    Phase.CHOOSE: _choosing,
    Phase.RESOLVE: _asked,
    Phase.OVER: _nobody,
}
_LEGAL_IN: dict[int, Callable[[ZombologyState, int], list[str]]] = {
    Phase.INSIGHT: _swaps,
    Phase.CHOOSE: _choices,
    Phase.RESOLVE: _answers,
    Phase.OVER: _nothing,
}


def play(st: ZombologyState, s: int, action: str) -> None:
    """Apply a legal action."""
    verb, x, y = PARSE[action]
    if verb == CHOOSE:
        flow.choose(st, s, x)
    elif verb == SWAP:
        flow.swap(st, s, x, y)
    elif verb == PASS:
        flow.pass_insight(st, s)
    elif verb == TARGET:
        flow.target(st, x)
    elif verb == GURU:
        flow.guru(st, x)
    elif verb in (COUNTER, ALLOW):
        flow.counter(st, verb == COUNTER)
    else:  # pragma: no cover - legal() never offers anything else
        raise AssertionError(action)


def not_asked(st: ZombologyState, s: int) -> IllegalAction:
    if st.phase == Phase.CHOOSE:
        return IllegalAction("already-chosen", "You have already chosen your card this round.")
    return IllegalAction("not-your-turn", "Another player is deciding now.")


def refuse(st: ZombologyState, s: int, action: str) -> IllegalAction | None:
    """Why an asked seat's action is refused, without a word about anything `s` may not see."""
    parsed = PARSE.get(action)
    if parsed is None:
        return _unknown(action)
    verb, x, y = parsed
    ph = st.phase
    if ph == Phase.CHOOSE and verb == CHOOSE:
        return IllegalAction("card-not-in-hand", f"You don't hold {CARDS[x].name}.")
    if ph == INSIGHT and verb == SWAP:
        u = st.insight % N_SUITS
        if not st.hand[s] >> x & 1:
            return IllegalAction("card-not-in-hand", f"You don't hold {CARDS[x].name}.")
        if SUIT[y] != u:
            return IllegalAction("wrong-suit", f"This Guru's Insight retrieves only {SUIT_NAMES[u]} cards.")
        if st.centre >> y & 1:
            return IllegalAction(
                "just-swapped", "Another player swapped that card into the central area this round."
            )
        return IllegalAction("not-in-centre", f"{CARDS[y].name} is not among the failed cards.")
    if ph == RESOLVE and verb == TARGET and st.ask is not None and st.ask[0] == ASK_TARGET:
        return IllegalAction(
            "bad-target",
            "An Overrun targets a card another player played this round that hasn't resolved yet.",
        )
    if ph == RESOLVE and verb == GURU and st.ask is not None and st.ask[0] == ASK_GURU:
        if st.guru[x] == s:
            return IllegalAction("guru-owned", "You already own that Guru.")
        return IllegalAction("guru-not-in-play", "That Guru's therapy is not in this game.")
    return None


def _unknown(action: str) -> IllegalAction:
    parts = action.split(":")
    if len(parts) == 3 and parts[0] == "swap" and parts[1] in CARD_INDEX and parts[2] in CARD_INDEX:
        return IllegalAction("not-a-therapy", "Guru's Insight swaps a Therapy card for a Therapy card.")
    return IllegalAction("unknown-action", f"Unknown action {action!r}.")
