"""Determinization for search: redeal what a seat has not seen.

Redealt: the other hands (the same count per deck), Miracles drawn by another player's pending Vision
or Salvation, and the order of every deck. The pools are sorted before the shuffle, so the sample
depends only on what the seat knows and on `rng`.
"""

from __future__ import annotations

import random

from ziggurat.engine import Rng
from ziggurat.games.zealous.cards import DECK_OF, MIRACLE, N_CARDS
from ziggurat.games.zealous.state import ZealousState


def determinize(state: ZealousState, seat: int, rng: random.Random) -> ZealousState:
    st = state.clone()
    others = [s for s in range(st.n) if s != seat]
    hidden = [fr.drawn for fr in st.stack if fr.drawn is not None] if st.turn != seat else []
    for d in range(3):
        pool = list(st.deck[d])
        counts = {}
        for s in others:
            h = st.hand[s]
            k = 0
            for c in range(N_CARDS):
                if DECK_OF[c] == d and h[c]:
                    pool.extend([c] * h[c])
                    k += h[c]
                    h[c] = 0
            counts[s] = k
        if d == MIRACLE:
            for drawn in hidden:
                pool.extend(drawn)
        pool.sort()  # canonical order: the sample depends only on what `seat` knows, and on rng
        rng.shuffle(pool)
        for s in others:
            for _ in range(counts[s]):
                st.hand[s][pool.pop()] += 1
        if d == MIRACLE:
            for drawn in hidden:
                drawn[:] = [pool.pop() for _ in drawn]
        st.deck[d] = pool
    st.rng = Rng(rng.getrandbits(63))
    st.cache = None
    return st
