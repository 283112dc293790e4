"""What the hard bot's learned value reads of a Zealous position: a row of numbers per seat.

The hard bot simulates a round and then needs every seat's chance of winning from where the round
left them. The hand-set projection (projection.py) turned into chances by a softmax is
overconfident early and blind to the turn order; a linear model over the projection's parts, fitted
by `ziggurat train zealous` to the outcomes of games between normal bots, predicts them better
(docs/bots.md). The features are scaled by the temperature the projection used, so one weight serves
every round. Read from a determinized state: anything in it is fair game.
"""

from __future__ import annotations

from functools import cache

from ziggurat.games.zealous.board import ADJ, HOLY, N_TILES
from ziggurat.games.zealous.cards import CONSECRATION, EXILE, EXODUS, N_CARDS, REDEMPTION, SALVATION
from ziggurat.games.zealous.projection import STAND_AT, incomes, majority_seat, project, rounds_left, weights
from ziggurat.games.zealous.state import ZealousState

SCALARS = (
    "projection",
    "score",
    "rent to come",
    "majorities to come",
    "cards held",
    "divine interventions held",
    "dead",
    "prophet's tile",
    "own followers beside the prophet",
    "supply",
    "holy city rent to come",
    "protected followers",
    "score (raw)",
    "income (raw)",
    "cards held (raw)",
)


@cache
def names(n: int) -> tuple[str, ...]:
    """The features' names, in order, for `n` players (the weights file lists them)."""
    return (
        *SCALARS,
        *(f"turn order {k + 1}" for k in range(n)),
        *(f"turn order {k + 1}, late" for k in range(n)),
        *(f"holds card {c}" for c in range(N_CARDS)),
        *(f"rent on tile {t}" for t in range(N_TILES)),
        *(f"prophet on tile {t}" for t in range(N_TILES)),
    )


def features(st: ZealousState) -> list[list[float]]:
    """One row per seat (see `names`)."""
    n = st.n
    f = st.followers
    income = incomes(st)
    r = rounds_left(st, income)
    proj = project(st)
    inv = 1.0 / (2.0 + 1.5 * r)  # the projection's temperature (ZealousHeuristic.temperature)
    w = weights(st)
    majority = [0.0] * n
    for t in range(N_TILES):
        if not st.famine >> t & 1:
            s = majority_seat(f[t * n : t * n + n], st.supply)
            if s >= 0:
                majority[s] += w[t]
    rows = []
    for s in range(n):
        h = st.hand[s]
        held = sum(h)
        divine = h[EXODUS] + h[SALVATION] + h[REDEMPTION] + h[EXILE] + h[CONSECRATION]
        p = st.prophet[s]
        near = sum(f[u * n + s] for u in ADJ[p]) if p >= 0 else 0
        m = st.sanctuary[s]
        protected = sum(f[t * n + s] for t in range(N_TILES) if m >> t & 1) if m else 0
        order = [0.0] * n
        order[(s - st.first) % n] = 1.0
        tiles = [f[t * n + s] * r * inv for t in range(N_TILES)]
        at = [0.0] * N_TILES
        if p >= 0:
            at[p] = 1.0
        rows.append(
            [
                proj[s] * inv,
                st.score[s] * inv,
                income[s] * r * inv,
                majority[s] * (r - 1) * inv,
                held * inv,
                divine * inv,
                1.0 if p < 0 else 0.0,
                STAND_AT[p] if p >= 0 else 0.0,
                near * inv,
                st.supply[s] * inv,
                f[HOLY * n + s] * r * inv,
                protected * inv,
                st.score[s] / 50.0,
                income[s] / 10.0,
                held / 5.0,
                *order,
                *(x / r for x in order),
                *(c * inv for c in h),
                *tiles,
                *at,
            ]
        )
    return rows
