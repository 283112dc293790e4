"""The `hard` level: information-set MCTS over the engine's `determinize`, or a Monte Carlo evaluation
of the normal bot's best candidates instead (plans.py), as the game's heuristic chooses.

Budgets: `iterations` (reproducible: the arena and the tests use it) and/or `seconds` (a wall-clock
cap for people waiting at a table). Each game's heuristic says how the `hard` bot searches it
(`Heuristic.hard`, a `Tuning`), with defaults that keep a decision near or under a second on one core
of a small machine, and may first prove a move exactly (`Heuristic.solve`: a game with perfect
information and small boards can).
"""

from __future__ import annotations

import random
from typing import Any

from ziggurat.bots.base import Bot
from ziggurat.bots.heuristics import heuristic_for
from ziggurat.bots.heuristics.tuning import Settings, Tuning
from ziggurat.bots.ismcts import Budget, Decision, Report, search
from ziggurat.bots.plans import search_plans
from ziggurat.engine import Game

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
        h = heuristic_for(game)
        tuning = h.hard or DEFAULT
        rng = random.Random(self.rng.getrandbits(64))
        proved = h.solve(game, state, seat, rng)
        if proved is not None:
            return proved
        its = self.iterations if self.iterations is not None else tuning.iterations
        if tuning.per_action:  # a choice between few actions needs fewer iterations
            its = min(its, tuning.per_action * len(legal))
        decision = Decision(game, state, seat, rng, h, Budget(iterations=its, seconds=self.seconds))
        if tuning.plans is not None:
            action, self.last = search_plans(decision, tuning.plans)
        else:
            action, self.last = search(decision, tuning.settings)
        return action
