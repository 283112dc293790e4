"""Faiths knowledge: the race is to occupy 14 of the 26 territories (or a variant's number), so a
position is worth the territories a religion holds, how far it can still spread (free borders), how
safely it holds them (a territory with a single PC falls to one removal), its PC, and the cards in its
hand (up to the hand limit). Opponents' hands count by size alone (their cards are hidden)."""

from __future__ import annotations

import random
from typing import Any

from ziggurat.bots.plugin import Projection, Settings, Tuning
from ziggurat.engine import Game
from ziggurat.engine.bits import bits
from ziggurat.games.faiths.board import ADJ_MASK, N_TERRITORIES
from ziggurat.games.faiths.state import FaithsState

TERRITORY = 3.0
BORDER = 0.4  # per territory next to the religion's, that it does not hold yet
THIN = 0.8  # a held territory with a single PC
PC = 0.1
CARD = 0.5
BAD_ROLLOUT = frozenset(("done", "end"))


def strength(st: FaithsState) -> list[float]:
    n = st.n
    pc = st.chits
    win, limit = st.win, st.hand_limit  # (a variant's; printed 14 and 7)
    out = []
    for s in range(n):
        occ = st.occupied[s]
        held = occ.bit_count()
        if held >= win:
            out.append(1000.0)
            continue
        border = 0
        thin = 0
        for t in bits(occ):
            border |= ADJ_MASK[t]
            thin += pc[t * n + s] == 1
        border &= ~occ
        total = sum(pc[s::n][:N_TERRITORIES])
        out.append(
            TERRITORY * held
            + BORDER * border.bit_count()
            - THIN * thin
            + PC * total
            + CARD * min(sum(st.hand[s]), limit)
        )
    return out


class FaithsHeuristic(Projection):
    horizon = 3  # one PC or one unit of an event is one decision: a short look past the next one
    # 260 iterations: against normal opponents (longer turns than random ones) 300 put the 95th
    # percentile decision at 0.90-1.04 s on one core of a small machine, 260 at 0.63 s.
    hard = Tuning(260, Settings(exploration=0.3, rollout_rounds=1), per_action=60)

    def project(self, state: Any) -> list[float]:
        return strength(state)

    def temperature(self, state: Any) -> float:
        return 6.0

    def rollout(
        self, game: Game[Any, Any], state: Any, seat: int, legal: list[str], rng: random.Random
    ) -> str:
        a = legal[int(rng.random() * len(legal))]
        if a in BAD_ROLLOUT and len(legal) > 1:  # play the pairs and spend the X: random, but active
            a = legal[int(rng.random() * len(legal))]
        return a


HEURISTIC = FaithsHeuristic()
