"""The Zealous projection: the points each religion can expect by the end of the game.

The score so far, plus the rent every follower on the board will keep paying (Holy City double), plus
the followers that majorities are about to proliferate, plus cards in hand and a prophet standing where
it can act (next to the Holy City, next to its own followers). A kill is valued through that last term:
a prophet taken off the board beside its followers loses it. Only public facts and a seat's own hand
are read (opponents' hands count by size alone).

Shared by the bots' heuristic (heuristic.py: positions judged, placements weighed) and the learned
value's features (value.py: the projection's parts, one row per seat).
"""

from __future__ import annotations

from ziggurat.games.zealous.board import ADJ, BIRTH, HOLY, JUDGMENT, KIND, MIRACLE, N_TILES
from ziggurat.games.zealous.cards import CONSECRATION, EXILE, EXODUS, REDEMPTION, SALVATION
from ziggurat.games.zealous.state import PROLIFERATION, SETUP, ZealousState

WEIGHT = tuple(2 if t == HOLY else 1 for t in range(N_TILES))  # a tally's points per follower, by tile
_WEIGHTS = {2: WEIGHT}  # by the Holy City's points (a variant may change them)


def weights(st: ZealousState) -> tuple[int, ...]:
    """A tally's points per follower on each tile, under this game's options."""
    w = _WEIGHTS.get(st.holy)
    if w is None:
        w = _WEIGHTS[st.holy] = (st.holy, *WEIGHT[1:])
    return w


# What a prophet standing on each kind of tile is worth (Holy City, Judgment, Empty, Miracle, Birth):
# a Judgment tile reaches the Holy City, a Birth Site reaches almost nothing.
STAND = {HOLY: 1.5, JUDGMENT: 2.0, 2: 1.0, MIRACLE: 0.5, BIRTH: 0.0}
STAND_AT = tuple(STAND[KIND[t]] for t in range(N_TILES))
DEAD = -0.5
NEAR_OWN = 0.15  # per own follower on a tile next to the prophet: it can reinforce or defend them
SANCTUARY = 0.3  # per protected follower
PROLIF = 1.3  # a majority's new follower, per tally left after it arrives (it tends to grow again)


def rounds_left(st: ZealousState, income: list[int] | None = None) -> int:
    """Tallies still to come, this round's included (estimated from income when a score ends it)."""
    by_rounds = 15 if st.max_rounds is None else max(1, st.max_rounds - max(st.round, 1) + 1)
    if st.target is None:
        return by_rounds
    if income is None:
        income = incomes(st)
    target = st.target
    best = by_rounds
    for s, x in enumerate(income):
        need = target - st.score[s]
        if need <= 0:
            return 1
        best = min(best, -(-need // max(x + 2, 3)))
    return max(1, best)


def incomes(st: ZealousState) -> list[int]:
    """What each seat's followers score at one tally."""
    n = st.n
    f = st.followers
    out = [0] * n
    for s in range(n):
        out[s] = sum(f[s::n]) + (st.holy - 1) * f[s]  # every follower once, the Holy City's (tile 0) more
    return out


def project(st: ZealousState) -> list[float]:
    """Each seat's expected final score. The hot spot of both bots: kept to plain loops."""
    n = st.n
    f = st.followers
    supply = st.supply
    income = incomes(st)
    r = rounds_left(st, income)
    proj: list[float] = [float(st.score[s] + income[s] * r) for s in range(n)]
    famine = st.famine
    weight = weights(st)
    later = (r - 1) * PROLIF
    # Majorities about to proliferate (a religion short of supply adds fewer; ignored here).
    for t in range(N_TILES):
        base = t * n
        row = f[base : base + n]
        top = max(row)
        if top and 2 * top > sum(row) and not famine >> t & 1:
            s = row.index(top)
            if supply[s]:
                proj[s] += weight[t] * later
    card = 0.4 * (r - 1) + 0.5
    scale = min(r, 3) / 3
    tempo = st.phase not in (SETUP, PROLIFERATION)
    first = st.first
    order = (st.turn - first) % n  # where the seat to act stands in this round's order
    for s in range(n):
        h = st.hand[s]
        held = sum(h)
        if held:
            divine = h[EXODUS] + h[SALVATION] + h[REDEMPTION] + h[EXILE] + h[CONSECRATION]
            useful = min(held, r)
            proj[s] += card * (useful + 0.5 * min(divine, useful))
        p = st.prophet[s]
        if p < 0:
            proj[s] += DEAD * scale
        else:
            near = 0
            for u in ADJ[p]:
                near += f[u * n + s]
            proj[s] += (STAND_AT[p] + NEAR_OWN * near) * scale
        m = st.sanctuary[s]
        if m:
            proj[s] += SANCTUARY * sum(f[t * n + s] for t in range(N_TILES) if m >> t & 1)
        # A seat whose turn has not ended this round will add a follower that scores this tally too.
        if tempo and (s - first) % n >= order and supply[s]:
            proj[s] += r
    return proj


def majority_seat(row: list[int], supply: list[int]) -> int:
    """The seat holding more than half of a tile's followers (and a follower to add), or -1."""
    top = max(row)
    if top and 2 * top > sum(row):
        s = row.index(top)
        if supply[s]:
            return s
    return -1
