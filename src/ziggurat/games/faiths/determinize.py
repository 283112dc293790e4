"""Determinization for search: redeal everything a seat has not seen.

Kept: the seat's own hand, the board, the discard, hand sizes, the top of the deck and the
opponents' cards that its Mysticism showed it (still tracked as they move). Being asked to react is no
evidence: every other seat is asked in every window and may pass, holder or not, so who holds
Zealots & Fanatics is hidden until it is played. The result depends only on what the seat has seen and
on `rng`: two states that differ in unseen cards resample identically.
"""

from __future__ import annotations

import random

from ziggurat.engine import Rng
from ziggurat.games.faiths.cards import N_CARDS
from ziggurat.games.faiths.state import FaithsState


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
