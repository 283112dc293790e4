"""Our bot against OpenSpiel's Python ISMCTSBot, both playing the OpenSpiel adapter's games.

    python bench/vs_openspiel.py [--games N] [--ours LEVEL] [--iterations K] [--seconds S]
                                 [--match zealous:4 --match zenith:2] [--budget iterations|time|both]
                                 [--cure]

Two budgets, each bot held to the same one: `iterations` (our search iterations = ISMCTS
simulations) and `time` (the same wall-clock seconds per decision). Our seats alternate: with four
players ours hold seats {0, 2} in even games and {1, 3} in odd ones, the two games of a pair sharing a
deal; with two, the seats swap. Prints one JSON line per (match, budget): our win share (rewards
summed, ties shared) with a Wilson 95% interval, and decision times per side (decisions with a choice).

With `--cure` (a cooperative game whose result's `detail` lists what was `cured`, as Zombology's does),
each match is instead N tables of our bots only against N tables of ISMCTS only, deal for deal, and it
prints how often each table cured something, with Wilson intervals. Both play the same protocol: the
seats asked together answer one by one, each seeing the earlier answers face down (ISMCTSBot plays
sequential games only: the adapter's turn-based registration). `ours_joint` is a third table of ours
whose bots all answer from the state before any of them, as at a server table.

ISMCTS here is OpenSpiel's `ISMCTSBot` with random-rollout evaluation and its search loop allowed a
wall-clock stop; on Zenith (perfect information) every information set is one state, so it runs as
plain MCTS (the stock bot refuses perfect-information games by an assertion, which this loop drops).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from ziggurat.bots import LEVELS, Bot, make_bot
from ziggurat.rl import openspiel as zos

MANY = 10**9  # "no limit" for the budget that is not the one compared


class BudgetedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]  # open_spiel has no type information
    """`ISMCTSBot.run_search` with a deadline as well as a simulation count, and no assertion of
    imperfect information (see the module docstring)."""

    def __init__(self, game: Any, simulations: int, seconds: float | None, uct_c: float, seed: int) -> None:
        rs = np.random.RandomState(seed)
        super().__init__(game, mcts.RandomRolloutEvaluator(1, rs), uct_c, simulations, random_state=rs)
        self.set_resampler(zos.resampler(seed))
        self.seconds = seconds
        self.last_simulations = 0

    def run_search(self, state: Any) -> list[tuple[int, float]]:
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.seconds if self.seconds else math.inf
        done = 0
        while done < self._max_simulations and time.perf_counter() < deadline:
            self.run_simulation(self.sample_root_state(state))
            done += 1
        self.last_simulations = done
        policy: list[tuple[int, float]] = self.get_final_policy(state, self._root_node)
        return policy


@dataclass
class Side:
    times: list[float] = field(default_factory=list)
    work: list[int] = field(default_factory=list)  # iterations / simulations per decision

    def summary(self) -> dict[str, Any]:
        t = sorted(self.times)
        if not t:
            return {"decisions": 0}
        return {
            "decisions": len(t),
            "mean_ms": round(1000 * statistics.fmean(t), 1),
            "median_ms": round(1000 * statistics.median(t), 1),
            "p95_ms": round(1000 * t[min(len(t) - 1, int(0.95 * len(t)))], 1),
            "mean_work": round(statistics.fmean(self.work), 1) if self.work else None,
        }


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion (shared wins count fractionally: an approximation)."""
    if n == 0:
        return 0.0, 1.0
    d = 1 + z * z / n
    c = share + z * z / (2 * n)
    h = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n))
    return max(0.0, (c - h) / d), min(1.0, (c + h) / d)


def our_level(requested: str) -> str:
    """The level asked for if this checkout has it, else the strongest one it has (said on stderr)."""
    if requested in LEVELS:
        return requested
    fallback = next(lv for lv in ("hard", "normal", "random") if lv in LEVELS)
    print(
        f"level {requested!r} is not available (levels: {', '.join(LEVELS)}); using {fallback!r}",
        file=sys.stderr,
    )
    return fallback


def play(
    game: Any,
    ours: set[int],
    level: str,
    budget: str,
    iterations: int,
    seconds: float,
    uct_c: float,
    seed: int,
) -> tuple[float, Side, Side, Any]:
    """One game; returns our reward (summed over our seats), both sides' decision records and the
    engine's result."""
    timed = budget == "time"
    n = game.num_players()
    bots: dict[int, Bot | BudgetedISMCTS] = {}
    for s in range(n):
        if s in ours:
            bots[s] = make_bot(level, seed * 31 + s, iterations=MANY if timed else iterations,
                               seconds=seconds if timed else None)  # fmt: skip
        else:
            bots[s] = BudgetedISMCTS(
                game, MANY if timed else iterations, seconds if timed else None, uct_c, seed * 31 + s
            )
    mine, theirs = Side(), Side()
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(seed % game.max_chance_outcomes())
            continue
        seat = state.current_player()
        bot = bots[seat]
        choice = len(state.legal_actions()) > 1
        t0 = time.perf_counter()
        if isinstance(bot, BudgetedISMCTS):
            action = int(bot.step(state))
            work = bot.last_simulations
        else:
            action = state.action_id(bot.choose(game.binding.game, state.engine_state, seat))
            report = getattr(bot, "last", None)
            work = getattr(report, "iterations", 0)
        elapsed = time.perf_counter() - t0
        if choice:
            side = mine if seat in ours else theirs
            side.times.append(elapsed)
            side.work.append(work)
        state.apply_action(action)
    returns = state.returns()
    result = game.binding.game.result(state.engine_state)
    return sum(returns[s] for s in ours), mine, theirs, result


def run_match(gid: str, players: int, level: str, budget: str, args: argparse.Namespace) -> dict[str, Any]:
    import pyspiel

    game = pyspiel.load_game(zos.PREFIX + gid, {"players": players})
    total = 0.0
    mine, theirs = Side(), Side()
    start = time.perf_counter()
    for k in range(args.games):
        half = k % 2
        ours = {s for s in range(players) if s % 2 == half} if players > 2 else {half}
        got, m, t, _ = play(
            game, ours, level, budget, args.iterations, args.seconds, args.uct_c, args.seed + k // 2
        )
        total += got
        mine.times += m.times
        mine.work += m.work
        theirs.times += t.times
        theirs.work += t.work
    share = total / args.games
    lo, hi = wilson(share, args.games)
    return {
        "game": gid,
        "players": players,
        "ours": level,
        "our_seats_per_game": len(ours),
        "budget": {"iterations": args.iterations} if budget == "iterations" else {"seconds": args.seconds},
        "games": args.games,
        "our_win_share": round(share, 3),
        "wilson95": [round(lo, 3), round(hi, 3)],
        "fair_share": round(len(ours) / players, 3),
        "ours_decisions": mine.summary(),
        "ismcts_decisions": theirs.summary(),
        "wall_s": round(time.perf_counter() - start, 1),
    }


def _ours_only(game: Any, level: str, seconds: float, seed: int, joint: bool) -> Any:
    """A table of our bots only; the engine's result. The seats asked together answer one by one on
    the state as it stands, the earlier answers face down (as at the turn-based game ISMCTS plays, and
    as `ziggurat arena` plays), or with `joint` all from the state before any of them (as at a server
    table, where every bot asked at once starts thinking at once)."""
    n = game.num_players()
    bots = [make_bot(level, seed * 31 + s, iterations=MANY, seconds=seconds) for s in range(n)]
    engine = game.binding.game
    state = engine.new(n, game.binding.options, seed=seed % game.max_chance_outcomes())
    while engine.result(state) is None:
        if joint:
            asked = list(engine.each_to_act(state))
            for s, a in [(s, bots[s].choose(engine, state, s)) for s in asked]:
                engine.apply(state, s, a)
        else:
            for s in engine.each_to_act(state):
                engine.apply(state, s, bots[s].choose(engine, state, s))
    return engine.result(state)


def _ismcts_only(game: Any, seconds: float, uct_c: float, seed: int) -> Any:
    """A table of OpenSpiel's ISMCTS bots only. ISMCTSBot plays sequential games, so a game with
    simultaneous choices runs turn-based (the adapter's `..._turn_based` registration: the seats asked
    together answer one by one, the earlier choices face down), each search resampling what its seat
    has not seen, as ours do."""
    import pyspiel

    name = game.get_type().short_name
    if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        name += zos.TURN_BASED
    turns = pyspiel.load_game(name, game.get_parameters())
    bots = [BudgetedISMCTS(turns, MANY, seconds, uct_c, seed * 31 + s) for s in range(turns.num_players())]
    state = turns.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            action = seed % turns.max_chance_outcomes()
        else:
            action = int(bots[state.current_player()].step(state))
        state.apply_action(action)
    return turns.binding.game.result(state.engine_state)


def run_cure(gid: str, players: int, level: str, args: argparse.Namespace) -> dict[str, Any]:
    """N tables of ours only and N of ISMCTS only (the same deals): how often each cured something."""
    import pyspiel

    game = pyspiel.load_game(zos.PREFIX + gid, {"players": players})
    cured = {"ours": 0, "ours_joint": 0, "ismcts": 0}
    start = time.perf_counter()
    for k in range(args.games):
        seed = args.seed + k
        cured["ours"] += bool(_ours_only(game, level, args.seconds, seed, False).detail.get("cured"))
        cured["ours_joint"] += bool(_ours_only(game, level, args.seconds, seed, True).detail.get("cured"))
        cured["ismcts"] += bool(_ismcts_only(game, args.seconds, args.uct_c, seed).detail.get("cured"))
    out: dict[str, Any] = {
        "game": gid,
        "players": players,
        "ours": level,
        "budget": {"seconds": args.seconds},
    }
    for side, n in cured.items():
        lo, hi = wilson(n / args.games, args.games)
        out[f"{side}_cure_share"] = round(n / args.games, 3)
        out[f"{side}_wilson95"] = [round(lo, 3), round(hi, 3)]
    out["games"] = args.games
    out["wall_s"] = round(time.perf_counter() - start, 1)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=20, help="games per match and budget (even: seats swap)")
    ap.add_argument("--ours", default="hard", help="our bot level (falls back if this checkout lacks it)")
    ap.add_argument("--iterations", type=int, default=200, help="iterations = ISMCTS simulations")
    ap.add_argument("--seconds", type=float, default=0.25, help="seconds per decision for the time budget")
    ap.add_argument("--budget", choices=("iterations", "time", "both"), default="both")
    ap.add_argument("--match", action="append", help="GAME:PLAYERS (default zealous:4 and zenith:2)")
    ap.add_argument("--uct-c", type=float, default=0.7, help="ISMCTS exploration (rewards are in [0, 1])")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cure", action="store_true", help="tables of one side only: how often each cures")
    args = ap.parse_args(argv)
    level = our_level(args.ours)
    budgets = ("iterations", "time") if args.budget == "both" else (args.budget,)
    for m in args.match or ["zealous:4", "zenith:2"]:
        gid, players = m.split(":")
        if args.cure:
            print(json.dumps(run_cure(gid, int(players), level, args)), flush=True)
            continue
        for budget in budgets:
            print(json.dumps(run_match(gid, int(players), level, budget, args)), flush=True)


if __name__ == "__main__":
    main()
