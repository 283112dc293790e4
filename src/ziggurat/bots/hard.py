"""The `hard` level: information-set MCTS over the engine's `determinize`, tuned per game; for
Zealous, a Monte Carlo evaluation of the normal bot's best candidates instead (plans.py).

Budgets: `iterations` (reproducible: the arena and the tests use it) and/or `seconds` (a wall-clock
cap for people waiting at a table). Per-game defaults keep a decision near or under a second on one
core of a small machine. Zenith has perfect information and tiny boards: its `hard` bot first tries to
prove a winning placement exactly (zenith_search.py, within a node budget); otherwise it searches with
the other seats modelled by the normal bot's planner (ismcts.Settings.model_opponents).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ziggurat.bots.base import Bot
from ziggurat.bots.heuristics import heuristic_for
from ziggurat.bots.ismcts import Budget, Report, Settings, search
from ziggurat.bots.plans import PlanSettings, search_plans
from ziggurat.bots.zenith_search import Prover
from ziggurat.engine import Game
from ziggurat.games.zenith.actions import A_PLACE


@dataclass(frozen=True)
class Tuning:
    iterations: int  # default search budget
    settings: Settings
    per_action: int = 0  # if set, a choice between k actions gets at most k * per_action iterations
    proof_nodes: int = 0  # Zenith: positions the exact prover may visit before the search takes over
    plans: PlanSettings | None = None  # if set, Monte Carlo over the normal bot's candidates (plans.py)


TUNING: dict[str, Tuning] = {
    # The normal bot's best 4 actions, each played on in sampled worlds by normal-like players to the
    # end of the round; 300 simulated rounds in all (plans.py).
    "zealous": Tuning(300, Settings(), plans=PlanSettings(top=4, rounds=1, margin=0.01)),
    "zenith": Tuning(300, Settings(exploration=0.7, model_opponents=True), proof_nodes=30_000),
    # Playouts to the end of the round, then the heuristic's outlook.
    "zombology": Tuning(1500, Settings(exploration=0.3, rollout_rounds=1), per_action=300),
    "faiths": Tuning(300, Settings(exploration=0.3, rollout_rounds=1), per_action=60),
}
DEFAULT = Tuning(800, Settings())


class HardBot(Bot):
    level = "hard"

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.last: Report | None = None  # what the last search did (for benchmarks)

    def choose(self, game: Game[Any, Any], state: Any, seat: int) -> str:
        legal = game.legal(state, seat)
        if len(legal) == 1:
            return legal[0]
        tuning = TUNING.get(game.info.id, DEFAULT)
        rng = random.Random(self.rng.getrandbits(64))
        if tuning.proof_nodes:
            proved = prove_zenith(game, state, seat, rng, tuning.proof_nodes)
            if proved is not None:
                return proved
        its = self.iterations if self.iterations is not None else tuning.iterations
        if tuning.per_action:  # a choice between few actions needs fewer iterations
            its = min(its, tuning.per_action * len(legal))
        budget = Budget(iterations=its, seconds=self.seconds)
        if tuning.plans is not None:
            action, self.last = search_plans(
                game, state, seat, rng, heuristic_for(game), budget, tuning.plans
            )
            return action
        action, self.last = search(game, state, seat, rng, heuristic_for(game), budget, tuning.settings)
        return action


def prove_zenith(game: Game[Any, Any], state: Any, seat: int, rng: random.Random, nodes: int) -> str | None:
    """A placement proved to win, or None when none is found within the node budget."""
    st = game.determinize(state, seat, rng)  # perfect information: an exact copy
    found = Prover(st.board, st.n, seat, nodes).winning_moves(st)
    if found is None or not found[0]:
        return None
    return A_PLACE[st.board.id][found[0][0]]
