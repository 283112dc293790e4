"""Determinization for search: redeal everything a seat has not seen.

Kept: the seat's own hand, the board, the discard, hand sizes, the top of the deck and the
opponents' cards that its Mysticism showed it (still tracked as they move), and what being asked to
react makes public: the seat asked holds Zealots & Fanatics and a Magnitude card. Not modelled: that
the seats skipped in a window hold no such pair. The result depends only on what the seat has seen
and on `rng`: two states that differ in unseen cards resample identically.
"""

from __future__ import annotations

import random

from ziggurat.engine import Rng
from ziggurat.games.faiths.cards import MAGNITUDES, N_CARDS, ZEALOTS
from ziggurat.games.faiths.state import REACT, FaithsState


def determinize(state: FaithsState, seat: int, rng: random.Random) -> FaithsState:
    st = state.clone()
    n = st.n
    deck = st.deck
    keep = st.peek[seat] if 0 <= seat < n else 0
    pool = deck[: len(deck) - keep]
    top = deck[len(deck) - keep :]
    need: dict[int, int] = {}
    for o in range(n):
        if o == seat:
            continue
        h = st.hand[o]
        kn = st.known.get(seat * n + o)
        fixed = kn[:] if kn is not None else [0] * N_CARDS
        for c in range(N_CARDS):
            pool.extend([c] * (h[c] - fixed[c]))
        need[o] = sum(h) - sum(fixed)
        st.hand[o] = fixed
    pool.sort()  # the pool's order must not depend on where the unseen cards really are
    asked = st.actor if st.phase == REACT and st.actor != seat else -1
    if asked >= 0:  # public: only a seat holding Z&F and a Magnitude card is asked
        h = st.hand[asked]
        if not h[ZEALOTS]:
            pool.remove(ZEALOTS)
            h[ZEALOTS] += 1
            need[asked] -= 1
        if not any(h[m] for m in MAGNITUDES):
            m = rng.choice([c for c in pool if c in MAGNITUDES])
            pool.remove(m)
            h[m] += 1
            need[asked] -= 1
    rng.shuffle(pool)
    for o, k in need.items():
        h = st.hand[o]
        for _ in range(k):
            h[pool.pop()] += 1
    st.deck = pool + top
    # Other seats' knowledge was about cards now redealt: only `seat`'s own stays true.
    st.peek = [keep if s == seat else 0 for s in range(n)]
    st.known = {k: v for k, v in st.known.items() if k // n == seat}
    st.rng = Rng(rng.getrandbits(63))
    st.cache = None
    return st
