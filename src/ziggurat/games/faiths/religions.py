"""The start of the game: religions to seats (at random, or chosen in seat order), 10 PC in every
homeland, three cards each dealt round robin, then the first turn."""

from __future__ import annotations

from ziggurat.engine import emit
from ziggurat.games.faiths.board import HOMELAND, RELIGIONS, START_PC
from ziggurat.games.faiths.cards import CARDS
from ziggurat.games.faiths.deck import pop_top
from ziggurat.games.faiths.state import EVENTS, OPENING_HAND, FaithsState
from ziggurat.games.faiths.turn import begin_turn


def seat_religion(st: FaithsState, s: int, r: int) -> None:
    st.religion[s] = r
    st.home[s] = HOMELAND[r]


def choose_religion(st: FaithsState, s: int, r: int) -> None:
    seat_religion(st, s, r)
    emit(st, {"type": "religion", "seat": s, "religion": RELIGIONS[r]})
    if s + 1 < st.n:
        st.actor = s + 1
    else:
        start_game(st)


def start_game(st: FaithsState, first: int = 0, at_events: bool = False, deal: bool = True) -> None:
    """Homelands, unless a scenario's set-up already put PC out, and the deal, unless its set-up gave
    the hands (`deal` False: even empty ones)."""
    n = st.n
    if not any(st.population):
        for s in range(n):
            t = st.home[s]
            st.chits[t * n + s] = START_PC
            st.population[t] += START_PC
            st.occupied[s] |= 1 << t
    if deal:
        dealt: list[list[int]] = [[] for _ in range(n)]
        for _ in range(OPENING_HAND):
            for s in range(n):
                c = pop_top(st, s)
                if c is not None:
                    st.hand[s][c] += 1
                    dealt[s].append(c)
        for s in range(n):
            emit(
                st,
                {
                    "type": "draw",
                    "seat": s,
                    "count": len(dealt[s]),
                    "secret": {"cards": [CARDS[c].id for c in dealt[s]]},
                },
            )
    st.round = 1
    emit(st, {"type": "round", "round": 1})
    if at_events:  # a scenario that starts in the first player's Event phase
        st.turn = st.actor = first
        st.phase = EVENTS
        emit(st, {"type": "turn", "seat": first, "round": 1})
    else:
        begin_turn(st, first)
