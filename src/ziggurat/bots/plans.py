"""Monte Carlo evaluation of the normal bot's candidate plans (the `hard` level of a game whose
heuristic asks for it: `Tuning.plans`).

At a decision, the normal bot's look-ahead (normal.plan: each legal action followed by the seat's own
greedy decisions to the end of its turn, then judged) ranks the legal actions on one sampled world;
the best `top` of them are kept. Each candidate is then played, over several worlds sampled with
`determinize`, with every seat (the searcher's own later decisions included) played by the normal
bot's planner until `rounds` round ends have passed (or the game ends), where the heuristic turns
the projection into win chances. All candidates meet the same worlds and the same random numbers
(common random numbers), so their means differ by the action and not by luck. The best mean wins.
With `halving`, more candidates are kept and the worse half of those still in play is dropped after
each equal share of the budget (sequential halving), so the close calls meet the most worlds.

A decision is re-planned every time, so a plan never outlives a surprise (a drawn card, a kill).
Budgets: `iterations` counts simulated games (candidate x world), and `seconds` caps the wall clock;
worlds are dealt one at a time to every candidate, so a search stopped early stays balanced.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ziggurat.bots.heuristics import Heuristic
from ziggurat.bots.heuristics.tuning import PlanSettings
from ziggurat.bots.ismcts import Decision, Report
from ziggurat.bots.normal import TIE, Planner, follow
from ziggurat.engine import Game


def ranked(
    game: Game[Any, Any], h: Heuristic, st: Any, seat: int, legal: list[str], rng: random.Random
) -> list[tuple[float, str]]:
    """The legal actions with the normal bot's value of each (its greedy follow-up judged), best first."""
    out: list[tuple[float, str]] = []
    for a in legal:
        nxt = game.clone(st)
        game.apply(nxt, seat, a)
        v = follow(game, h, nxt, seat, rng, h.horizon - 1, []) + TIE * rng.random()
        out.append((v, a))
    out.sort(key=lambda x: -x[0])
    return out


def simulate(
    game: Game[Any, Any],
    h: Heuristic,
    st: Any,
    seat: int,
    rng: random.Random,
    rounds: int,
    work: list[int],
) -> float:
    """Everyone plays like the normal bot (in place) for `rounds` round ends; `seat`'s win chance.
    `work[0]` counts the actions simulated."""
    apply, result = game.apply, game.result
    model = Planner(game, h, rng)
    start = h.round_of(st)
    stop = start + rounds if start is not None else None
    steps = 0
    while steps < 2000:
        res = result(st)
        if res is not None:
            return h.reward(game, res, seat)
        now = h.round_of(st)
        if stop is not None and now is not None and now >= stop:
            break
        for s in game.each_to_act(st):
            apply(st, s, model.act(st, s))
            work[0] += 1
        steps += 1
    res = result(st)
    if res is not None:
        return h.reward(game, res, seat)
    return h.values(game, st, rng)[seat]


def search_plans(d: Decision, cfg: PlanSettings) -> tuple[str, Report]:
    game, state, seat, rng, h, budget = d.game, d.state, d.seat, d.rng, d.h, d.budget
    legal = game.legal(state, seat)
    start = time.perf_counter()
    first = game.determinize(state, seat, random.Random(rng.getrandbits(64)))
    order = ranked(game, h, first, seat, legal, rng)
    cands = [a for _, a in order[: max(1, cfg.top)]]
    totals = [0.0] * len(cands)
    counts = [0] * len(cands)
    alive = list(range(len(cands)))  # candidates still in play, the normal bot's favourite first
    cap = budget.iterations
    deadline = start + budget.seconds if budget.seconds is not None else None
    phases = max(1, (len(cands) - 1).bit_length()) if cfg.halving else 1
    phase = 0
    done = 0
    worlds = 0
    work = [0]  # actions simulated so far
    last = 0.0  # what the last world cost per candidate: the next one is expected to cost about as much

    def spent() -> float:
        """The share of the budget used so far (the largest of its limits')."""
        used = [done / cap] if cap else []
        if cfg.work:
            used.append(work[0] / cfg.work)
        if budget.seconds:
            used.append((time.perf_counter() - start) / budget.seconds)
        return max(used, default=0.0)

    while len(alive) > 1:
        if cap is not None and done + len(alive) > cap and worlds:
            break
        if deadline is not None and worlds and time.perf_counter() >= deadline:
            break
        if cfg.work is not None and worlds and work[0] + last * len(alive) > cfg.work:
            break
        before = work[0]
        world = game.determinize(state, seat, random.Random(rng.getrandbits(64)))
        sim_seed = rng.getrandbits(64)
        for i in alive:
            st = game.clone(world)
            game.apply(st, seat, cands[i])
            totals[i] += simulate(game, h, st, seat, random.Random(sim_seed), cfg.rounds, work)
            counts[i] += 1
            done += 1
        worlds += 1
        last = (work[0] - before) / len(alive)
        if phase + 1 < phases and spent() >= (phase + 1) / phases:
            phase += 1
            alive.sort(key=lambda i: -totals[i] / counts[i])
            alive = sorted(alive[: max(2, (len(alive) + 1) // 2)])
    means = [t / c if c else -1.0 for t, c in zip(totals, counts, strict=True)]
    # The normal bot's favourite keeps the decision unless a challenger is clearly better.
    best = max(alive, key=lambda i: means[i] - (cfg.margin if i else 0.0))
    visits = {a: 0 for a in legal}
    for a, c in zip(cands, counts, strict=True):
        visits[a] = c
    return cands[best], Report(done, time.perf_counter() - start, visits)
