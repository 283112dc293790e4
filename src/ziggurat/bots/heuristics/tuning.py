"""How the `hard` bot searches a game: what a game's heuristic declares as its `hard` (a `Tuning`),
with the settings of the two searches it can choose between (bots/ismcts.py, bots/plans.py).

A leaf of the bots package: plain values that the heuristic (heuristics/base.py), the searches and the
`hard` bot all read, so none of them has to import another to name them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    """The settings of the information-set tree search (bots/ismcts.py)."""

    exploration: float = 0.7  # UCB constant, rewards being in [0, 1]
    rollout_steps: int | None = None  # playout length before the heuristic judges; None: to the end
    rollout_rounds: int | None = None  # ... or until this many rounds have ended (Heuristic.round_of)
    model_opponents: bool = False  # other seats play the normal bot's plans instead of being searched


@dataclass(frozen=True)
class PlanSettings:
    """The settings of the search over the normal bot's candidate plans (bots/plans.py)."""

    top: int = 4  # candidates kept from the normal bot's ranking
    rounds: int = 1  # round ends simulated before the heuristic judges
    margin: float = 0.0  # a challenger must beat the normal bot's favourite by this much (win chance)
    # Simulated actions per decision at most (None: no cap). A world's cost depends on how much of the
    # round is left to simulate, so a cap on simulated games alone lets the round's first decisions
    # take several times as long as its last ones; this caps the work, and so the time, of the
    # expensive ones. Counted, never timed: the same seed still makes the same decisions.
    work: int | None = None
    # Sequential halving (Karnin, Koren & Somekh 2013): the budget is cut into log2(top) equal phases,
    # and after each the worse half of the candidates still in play is dropped, so more candidates are
    # looked at and the close ones meet more worlds. False: every candidate meets every world.
    halving: bool = False


@dataclass(frozen=True)
class Tuning:
    """How the `hard` bot searches one game (a game's heuristic declares it as `hard`)."""

    iterations: int  # default search budget
    settings: Settings
    per_action: int = 0  # if set, a choice between k actions gets at most k * per_action iterations
    plans: PlanSettings | None = None  # if set, Monte Carlo over the normal bot's candidates (bots/plans.py)
