"""Zenith knowledge: the last player able to place wins, so what counts is placements in reserve.

A seat's reserve is the spaces it may fill now, plus the upper spaces resting on its pieces that no
other seat reaches (nobody can take those away: they are the moves it will still have when the
ground is full). A position is worth a seat's reserve against the best of the others'.
Under a pieces variant (ZenithOptions.pieces) hands can run out, and a seat's reserve is at most the
pieces it has left: it can't make more placements than that. (The printed counts never run out, and
the printed game's bots are left exactly as they were.)
"""

from __future__ import annotations

import random
from typing import Any

from ziggurat.bots.plugin import Heuristic, Settings, Tuning, margin
from ziggurat.engine import Game
from ziggurat.games.zenith.actions import A_PLACE
from ziggurat.games.zenith.prover import Prover
from ziggurat.games.zenith.state import ZenithState

OPEN = 1.0  # each space the seat may fill now
PRIVATE_OPEN = 1.5  # ... of which nobody else may fill it
PRIVATE_LATER = 0.5  # an upper space not open yet, resting on the seat's pieces and no one else's


def reserves(st: ZenithState) -> list[float]:
    b = st.board
    free = b.all & ~st.occupied
    out = []
    few = st.options.pieces  # a variant: pieces may run out
    for s in range(st.n):
        if not st.alive >> s & 1:
            out.append(-100.0)
            continue
        others = 0
        for o in range(st.n):
            if o != s and st.alive >> o & 1:
                others |= st.reach[o]
        private = st.reach[s] & free & ~b.ground & ~others
        now = st.placeable(s)
        value = (
            OPEN * now.bit_count()
            + PRIVATE_OPEN * (private & now).bit_count()
            + PRIVATE_LATER * (private & ~now).bit_count()
        )
        out.append(min(value, float(st.hand[s])) if few else value)
    return out


class ZenithHeuristic(Heuristic):
    horizon = 1  # one placement is the whole turn
    # The hard bot: first an exact proof (prover.py), else a search with the other seats modelled
    # by the normal bot's planner.
    hard = Tuning(300, Settings(exploration=0.7, model_opponents=True))
    proof_nodes = 30_000  # positions the exact prover may visit before the search takes over

    def solve(self, game: Game[Any, Any], state: Any, seat: int, rng: random.Random) -> str | None:
        """A placement proved to win, or None when none is found within the node budget."""
        st: ZenithState = state
        found = Prover(st.board, st.n, seat, self.proof_nodes).winning_moves(st)
        if found is None or not found[0]:
            return None
        return A_PLACE[st.board.id][found[0][0]]

    def evaluate(self, game: Game[Any, Any], state: Any, seat: int, rng: random.Random) -> float:
        res = game.result(state)
        if res is not None:
            return 1000.0 * self.reward(game, res, seat) - 10.0 * res.ranks[seat]
        return margin(reserves(state), seat)

    def values(self, game: Game[Any, Any], state: Any, rng: random.Random) -> list[float]:
        """Games are short: play to the end, every seat placing greedily (a search that models its
        opponents this way finds the lines where a one-move look-ahead goes wrong)."""
        st = game.clone(state)
        res = game.result(st)
        while res is None:
            s = game.to_act(st)[0]
            game.apply(st, s, self.greedy(game, st, s, game.legal(st, s), rng))
            res = game.result(st)
        return [self.reward(game, res, s) for s in range(st.n)]


HEURISTIC = ZenithHeuristic()
