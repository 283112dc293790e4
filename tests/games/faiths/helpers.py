"""Building Faiths positions for rule tests, and invariants every state must keep."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ziggurat.games.faiths import GAME
from ziggurat.games.faiths.board import CAPACITY, N_TERRITORIES
from ziggurat.games.faiths.cards import deck_of
from ziggurat.games.faiths.state import REACT, FaithsState

RELIGIONS4 = ["buddhism", "hinduism", "islam", "shinto"]  # homelands south_india east_india arabia japan


def position(
    players: int = 4,
    *,
    chits: dict[str, dict[int, int]] | None = None,
    hands: dict[int, list[str]] | None = None,
    deck: list[str] | None = None,
    religions: list[str] | None = None,
    turn: int = 0,
    phase: str = "events",
    seed: int = 5,
    **options: Any,
) -> FaithsState:
    """Seat `turn` in its Event phase (by default) with these chits and hands, recording events."""
    setup: dict[str, Any] = {
        "religions": religions
        or RELIGIONS4[:players] + ["sikhism", "jainism", "taoism"][: max(0, players - 4)],
        "hands": {str(s): cards for s, cards in (hands or {}).items()},
        "turn": turn,
        "phase": phase,
    }
    if chits is not None:
        setup["chits"] = {t: {str(s): k for s, k in row.items()} for t, row in chits.items()}
    if deck is not None:
        setup["deck"] = deck
    return GAME.new(players, options, seed, setup, record=True)


def play(st: FaithsState, *moves: tuple[int, str]) -> None:
    for seat, action in moves:
        GAME.apply(st, seat, action)


def let_stand(st: FaithsState) -> list[int]:
    """Every seat asked in the reaction window passes until it closes; returns the seats asked."""
    asked = []
    while st.phase == REACT:
        asked.append(st.actor)
        GAME.apply(st, st.actor, "pass")
    return asked


def check_invariants(st: FaithsState) -> None:
    n = st.n
    for t in range(N_TERRITORIES):
        row = st.chits[t * n : t * n + n]
        assert min(row) >= 0
        assert sum(row) == st.population[t] <= CAPACITY, "the 10-PC cap"
        for s in range(n):
            assert bool(row[s]) == bool(st.occupied[s] >> t & 1)
    cards: Counter[int] = Counter(st.deck)
    cards.update(st.discard)
    for h in st.hand:
        assert min(h) >= 0
        for c, k in enumerate(h):
            cards[c] += k
    assert cards == Counter(deck_of(st.options.deck_copies)), "every card is somewhere, once"
    assert all(m.bit_count() < st.win for s, m in enumerate(st.occupied) if s != st.winner)
    if st.result is None:
        assert st.actor >= 0 and GAME.to_act(st) == (st.actor,)
    else:
        assert GAME.to_act(st) == ()
