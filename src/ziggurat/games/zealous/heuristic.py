"""Zealous knowledge: a position is worth the points each religion can expect by the end of the game
(the projection, projection.py), against the field.

The normal bot judges positions by it, and weighs the commonest decision, a placement, from its change
on one tile; the hard bot's playouts walk and place by a cheap rule of thumb. The hard bot's simulated
rounds end in win chances from a learned value over the projection's parts and more (value.py, weights
fitted by `ziggurat train zealous`); the projection's softmax elsewhere.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from ziggurat.bots.plugin import LinearValue, PlanSettings, Projection, Settings, Tuning, chances, margin
from ziggurat.engine import Game
from ziggurat.games.zealous import value
from ziggurat.games.zealous.actions import A_MOVE, A_PLACE, A_PLAY
from ziggurat.games.zealous.board import JUDGMENT, KIND, MIRACLE, STEPS
from ziggurat.games.zealous.projection import NEAR_OWN, PROLIF, majority_seat, project, rounds_left, weights
from ziggurat.games.zealous.state import MOVE, PLACE, ZealousState

BAD_ROLLOUT = frozenset(("skip", "done"))
PLACE_TILE = {a: t for t, a in enumerate(A_PLACE)}
MOVE_TILE = {a: t for t, a in enumerate(A_MOVE)}
PLAYS = frozenset(A_PLAY)


class ZealousHeuristic(Projection):
    horizon = 6  # a whole turn: card and its choices, move, place
    # The hard bot: the normal bot's best 8 actions, each played on in sampled worlds by normal-like
    # players to the end of the round (bots/plans.py), the worse half dropped after each third of the
    # budget (sequential halving): up to 400 simulated rounds, and 1,000 simulated actions so that the
    # round's first decisions (a whole round to simulate per world) keep a person waiting no longer
    # than its last ones; both are counts, so a seed makes the same decisions on any machine
    # (bench/bots.py measures how long they take).
    hard = Tuning(400, Settings(), plans=PlanSettings(top=8, rounds=1, margin=0.01, work=1000, halving=True))

    learned = LinearValue(Path(__file__).with_name("value.json"))  # `ziggurat train zealous` writes it

    def project(self, state: Any) -> list[float]:
        return project(state)

    def features(self, state: Any) -> list[list[float]]:
        return value.features(state)

    def feature_names(self, n: int) -> tuple[str, ...]:
        return value.names(n)

    def values(self, game: Game[Any, Any], state: Any, rng: random.Random) -> list[float]:
        """The learned value's chances for the printed rules at this many players (fitted at the
        default length, they predict the other two lengths as well: docs/bots.md); the projection's
        softmax for a designer's variant or a player count without weights. The hard bot judges its
        simulated rounds with them."""
        st: ZealousState = state
        fitted = not st.options.variant
        w = self.learned.weights(st.n, value.names(st.n)) if fitted else None
        if w is None:
            return super().values(game, state, rng)
        return chances(value.features(state), w)

    def temperature(self, state: Any) -> float:
        return 2.0 + 1.5 * rounds_left(state)

    def greedy(
        self, game: Game[Any, Any], state: Any, seat: int, legal: list[str], rng: random.Random
    ) -> str:
        """As the generic one-step look-ahead, with placements (the commonest decision, and the end of
        every turn) judged from the projection's change on one tile instead of a copied state."""
        st: ZealousState = state
        if len(legal) == 1 or st.phase != PLACE or st.stack:
            return super().greedy(game, state, seat, legal, rng)
        proj = project(st)
        n = st.n
        f = st.followers
        r = rounds_left(st)
        later = (r - 1) * PROLIF
        tempo = r if st.supply[seat] else 0  # the turn ends: its placement is no longer to come
        weight = weights(st)
        best, best_v = legal[0], -float("inf")
        for a in legal:
            t = PLACE_TILE.get(a)
            if t is not None:
                new = proj[:]
                new[seat] += weight[t] * r + NEAR_OWN * min(r, 3) / 3 - tempo
                if not st.famine >> t & 1:
                    row = f[t * n : t * n + n]
                    before = majority_seat(row, st.supply)
                    row[seat] += 1
                    after = majority_seat(row, st.supply)
                    if before != after:
                        if before >= 0:
                            new[before] -= weight[t] * later
                        if after >= 0:
                            new[after] += weight[t] * later
                v = margin(new, seat)
            elif a == "skip":
                new = proj[:]
                new[seat] -= tempo
                v = margin(new, seat)
            else:  # an after-move card: judged on a copy
                nxt = game.clone(st)
                game.apply(nxt, seat, a)
                v = self.evaluate(game, nxt, seat, rng)
            v += 1e-7 * rng.random()
            if v > best_v:
                best, best_v = a, v
        return best

    def rollout(
        self, game: Game[Any, Any], state: Any, seat: int, legal: list[str], rng: random.Random
    ) -> str:
        """Fast and plausible: walk to where the best placement is, place where it makes or breaks a
        majority (Holy City first), play a held card half the time; no state is copied."""
        if len(legal) == 1:
            return legal[0]
        st: ZealousState = state
        rand = rng.random
        if not st.stack:
            if st.phase == PLACE:
                best = _best_place(st, seat, legal, rand)
                if best is not None:
                    return best
            elif st.phase == MOVE:
                if rand() < 0.5:
                    plays = [a for a in legal if a in PLAYS]
                    if plays:
                        return plays[int(rand() * len(plays))]
                return _best_move(st, seat, legal, rand)
        a = legal[int(rand() * len(legal))]
        if a in BAD_ROLLOUT:  # playouts that never place are not Zealous
            a = legal[int(rand() * len(legal))]
        return a

    def round_of(self, state: Any) -> int:
        return int(state.round)


def _place_value(st: ZealousState, seat: int, t: int) -> float:
    """What one more follower on tile t does: its rent, plus a majority made or broken."""
    n = st.n
    row = st.followers[t * n : t * n + n]
    total = sum(row)
    mine = row[seat]
    v = float(weights(st)[t])
    if total == 2 * mine:
        v += 2.0  # this follower makes a majority
    for o in range(n):
        if o != seat and total < 2 * row[o] <= total + 1:
            v += 1.5  # ... or breaks one
    return v


def _best_place(st: ZealousState, seat: int, legal: list[str], rand: Any) -> str | None:
    best, best_v = None, -1.0
    for a in legal:
        t = PLACE_TILE.get(a)
        if t is not None:
            v = _place_value(st, seat, t) + 0.5 * rand()
            if v > best_v:
                best, best_v = a, v
    return best


def _best_move(st: ZealousState, seat: int, legal: list[str], rand: Any) -> str:
    """The step (or staying) from which the best placement can be made; Miracle and Judgment tiles
    add a card."""
    steps = STEPS[st.n >= 5]
    blocked = 0
    for o, q in enumerate(st.prophet):
        if o != seat and q >= 0:
            blocked |= 1 << q
    best, best_v = legal[0], -1.0
    for a in legal:
        d = st.prophet[seat] if a == "stay" else MOVE_TILE.get(a, -1)
        if d < 0:
            continue
        v = 0.5 * rand() + (0.7 if a != "stay" and KIND[d] in (MIRACLE, JUDGMENT) else 0.0)
        free = blocked & ~(1 << d)  # a prophet standing on d is killed by the move
        v += max((_place_value(st, seat, t) for t in steps[d] if not free >> t & 1), default=0.0)
        if v > best_v:
            best, best_v = a, v
    return best


HEURISTIC = ZealousHeuristic()
