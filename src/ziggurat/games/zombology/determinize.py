"""Determinization for search: a state consistent with what one seat has seen, the rest redealt.

Kept: everything public, the seat's own hand and choice, and every card the seat knows to be in
another hand (`memory`: the hands it passed on, moved left at each pass, and cards taken by a public
Guru's Insight swap; a card leaves memory when it is played or swapped away). Redealt, per back: the
other cards of the other hands, their face-down choices (a choice keeps its visible back and may turn
out to be a remembered card), and the order of both decks (undealt Epidemic cards included).

The result depends only on what the seat knows and on `rng` (bots are fair only if it does): pools are
sorted before shuffling, and other seats' memories, which the seat cannot see, are cleared (they only
feed those seats' views; no rule reads them).
"""

from __future__ import annotations

import random

from ziggurat.engine import Rng
from ziggurat.games.zombology.cards import APOCALYPSE, BACK, BACK_MASK, EPIDEMIC, cards_of
from ziggurat.games.zombology.state import CHOOSE, ZombologyState


def determinize(state: ZombologyState, seat: int, rng: random.Random) -> ZombologyState:
    st = state.clone()
    n = st.n
    hidden_choice = st.phase == CHOOSE
    others = [t for t in range(n) if t != seat]
    held = [0] * n  # hand plus a hidden choice
    for t in others:
        c = st.chosen[t]
        held[t] = st.hand[t] | (1 << c if hidden_choice and c >= 0 else 0)
    known = st.memory[seat]
    for b in (EPIDEMIC, APOCALYPSE):
        back = BACK_MASK[b]
        pool = list(st.deck[b])
        need: dict[int, int] = {}
        for t in others:
            unknown = held[t] & back & ~known[t]
            pool.extend(cards_of(unknown))
            need[t] = unknown.bit_count()
            held[t] &= ~unknown
        pool.sort()
        rng.shuffle(pool)
        for t in others:
            for _ in range(need[t]):
                held[t] |= 1 << pool.pop()
        st.deck[b] = pool
    for t in others:
        c = st.chosen[t]
        if hidden_choice and c >= 0:  # any card of the visible back may be the face-down one
            c = rng.choice(cards_of(held[t] & BACK_MASK[BACK[c]]))
            st.chosen[t] = c
            st.hand[t] = held[t] & ~(1 << c)
        else:
            st.hand[t] = held[t]
    for o in others:
        row = st.memory[o]
        for t in range(n):
            row[t] = 0
    st.rng = Rng(rng.getrandbits(63))
    st.cache = None
    return st
