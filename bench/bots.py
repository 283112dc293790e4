"""Bot benchmarks: search speed, decision time per level, and strength.

    python bench/bots.py speed    [--game G ...] [--positions K] [--seconds S]
    python bench/bots.py timing   [--game G ...] [--games N] [--level L ...] [--against LEVEL] [--option k=v]
    python bench/bots.py decide   [--game G ...] [--positions K] [--level L ...] [--option k=v]
    python bench/bots.py strength MATCH [MATCH ...] [--games N] [--workers W] [--option k=v]
    python bench/bots.py all      [--games N] [--workers W]

MATCH is one of: zealous-random (hard vs three random, 4 players), zealous-normal (hard vs three
normal), zenith-random and zenith-normal (2 players, seats rotated, every board: --games per board),
faiths-random (hard vs three random), zombology (share of games with a cure: tables of four hard bots
against tables of four random and of four normal bots).

Strength games run through the arena (iteration budgets, seats rotated, same seed same result); a
shared victory counts 1/k. Timings are wall-clock on this machine: on a shared machine they are noisy.
Prints one JSON line per measurement.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from ziggurat.bots import LEVELS, HardBot, make_bot
from ziggurat.bots.arena import ArenaConfig, Entry, run, summarize
from ziggurat.engine import Game, Json, all_games, get
from ziggurat.games.zenith.board import BOARDS

PLAYERS = {"zealous": 4, "faiths": 4, "zombology": 4, "zenith": 2}


def emit(row: Json) -> None:
    print(json.dumps(row), flush=True)


def _positions(
    game: Game[Any, Any], n: int, count: int, seed: int, options: Any = None
) -> list[tuple[Any, int]]:
    """Decision points with a real choice, spread over random games."""
    rng = random.Random(seed)
    out: list[tuple[Any, int]] = []
    g = 0
    while len(out) < count:
        st = game.new(n, options, seed + g)
        g += 1
        steps = 0
        while game.result(st) is None and len(out) < count:
            for s in game.each_to_act(st):
                legal = game.legal(st, s)
                if steps % 11 == 5 and len(legal) > 1:
                    out.append((game.clone(st), s))
                game.apply(st, s, rng.choice(legal))
                steps += 1
    return out


def speed(games: list[Game[Any, Any]], positions: int, seconds: float) -> None:
    """Search iterations per second of the hard bot, on positions of random games."""
    for game in games:
        n = PLAYERS.get(game.info.id, game.info.min_players)
        its = 0
        spent = 0.0
        for state, seat in _positions(game, n, positions, 1):
            bot = HardBot(seed=1, iterations=None, seconds=seconds)
            t0 = time.perf_counter()
            bot.choose(game, state, seat)
            spent += time.perf_counter() - t0
            if bot.last is not None:
                its += bot.last.iterations
        emit(
            {
                "measure": "speed",
                "game": game.info.id,
                "players": n,
                "positions": positions,
                "iterations_per_s": round(its / spent) if spent else None,
            }
        )


def decide(games: list[Game[Any, Any]], count: int, levels: list[str], options: Json) -> None:
    """Decision time per level at its default budget on the same positions for any tree (from seeded
    random games): what a change to a bot costs, apart from the other games it leads to."""
    for game in games:
        n = PLAYERS.get(game.info.id, game.info.min_players)
        positions = _positions(game, n, count, 1, game.options(options) if options else None)
        for level in levels:
            spent: list[float] = []
            for i, (state, seat) in enumerate(positions):
                bot = make_bot(level, seed=i)
                t0 = time.perf_counter()
                bot.choose(game, state, seat)
                spent.append(time.perf_counter() - t0)
            emit(
                {
                    "measure": "decide",
                    "game": game.info.id,
                    "players": n,
                    "level": level,
                    "options": options,
                    "positions": count,
                    "mean_ms": round(1000 * statistics.mean(spent), 2),
                    **_quantiles("all", spent),
                }
            )


def timing(
    games: list[Game[Any, Any]], count: int, against: str, levels: list[str], options: Json | None = None
) -> None:
    """Decision time per level: one seat plays the level (seat i mod N in game i), the others
    `against`; every decision of that seat counts (forced ones too), and the same for choices between
    two or more actions. `options`: the game's (one game at a time), e.g. Zealous's length."""
    for game in games:
        n = PLAYERS.get(game.info.id, game.info.min_players)
        for level in levels:
            every: list[float] = []
            chosen: list[float] = []
            for i in range(count):
                me = i % n
                bots = [make_bot(level if s == me else against, seed=i * 10 + s) for s in range(n)]
                st = game.new(n, game.options(options) if options else None, 100 + i)
                while game.result(st) is None:
                    for s in game.each_to_act(st):
                        real = len(game.legal(st, s)) > 1
                        t0 = time.perf_counter()
                        a = bots[s].choose(game, st, s)
                        dt = time.perf_counter() - t0
                        if s == me:
                            every.append(dt)
                            if real:
                                chosen.append(dt)
                        game.apply(st, s, a)
            emit(
                {
                    "measure": "timing",
                    "game": game.info.id,
                    "players": n,
                    "level": level,
                    "against": against,
                    "options": options or {},
                    "games": count,
                    "decisions": len(every),
                    **_quantiles("all", every),
                    **_quantiles("choices", chosen),
                }
            )


def _quantiles(name: str, xs: list[float]) -> Json:
    if not xs:
        return {}
    xs = sorted(xs)
    return {
        f"{name}_median_ms": round(1000 * statistics.median(xs), 2),
        f"{name}_p95_ms": round(1000 * xs[min(len(xs) - 1, int(0.95 * len(xs)))], 2),
    }


def _arena(
    game: str, players: int, bots: list[str], games: int, workers: int, options: Json, seed: int = 1
) -> Json:
    lineup = tuple(Entry.parse(b) for b in bots)
    cfg = ArenaConfig(game, players, lineup, games, seed, options)
    t0 = time.perf_counter()
    records = run(cfg, workers)
    summary = summarize(records, players)
    summary["seconds"] = round(time.perf_counter() - t0, 1)
    return summary


def _share(summary: Json, label: str) -> Json:
    b = summary["bots"][label]
    return {"share": b["share"], "ci": b["ci"], "player_games": b["n"]}


def strength(match: str, games: int, workers: int, options: Json) -> None:
    if match in ("zealous-random", "zealous-normal", "faiths-random"):
        gid, other = match.split("-")
        s = _arena(gid, 4, ["hard", other, other, other], games, workers, options)
        emit(
            {
                "measure": "strength",
                "match": match,
                "games": games,
                "options": options,
                "hard": _share(s, "hard"),
                "fair_share": 0.25,
                "seconds": s["seconds"],
            }
        )
    elif match in ("zenith-random", "zenith-normal"):
        other = match.split("-")[1]
        total = 0.0
        for board in BOARDS:
            s = _arena("zenith", 2, ["hard", other], games, workers, {"board": board})
            total += s["bots"]["hard"]["wins"]
            emit(
                {
                    "measure": "strength",
                    "match": match,
                    "board": board,
                    "games": games,
                    "hard": _share(s, "hard"),
                    "seat_shares": [x["share"] for x in s["seats"]],
                    "seconds": s["seconds"],
                }
            )
        emit(
            {
                "measure": "strength",
                "match": match,
                "board": "all",
                "games": games * len(BOARDS),
                "hard_share": round(total / (games * len(BOARDS)), 4),
            }
        )
    elif match == "zombology":
        for level in ("random", "normal", "hard"):
            s = _arena("zombology", 4, [level] * 4, games, workers, options)
            emit(
                {
                    "measure": "strength",
                    "match": "zombology-cure",
                    "table": f"4 {level}",
                    "games": games,
                    "cured": s["cured"],
                    "seconds": s["seconds"],
                }
            )
    else:
        raise SystemExit(f"unknown match {match!r}")


MATCHES = ("zealous-random", "zealous-normal", "zenith-random", "zenith-normal", "faiths-random", "zombology")


def _option(text: str) -> tuple[str, Any]:
    k, v = text.split("=", 1)
    try:
        return k, json.loads(v)
    except json.JSONDecodeError:
        return k, v


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("what", choices=("speed", "timing", "decide", "strength", "all"))
    p.add_argument("matches", nargs="*", help=f"for strength: {', '.join(MATCHES)}")
    p.add_argument("--game", action="append", help="game id for speed/timing (default: every game)")
    p.add_argument("--games", type=int, default=20, help="games per strength match (per board for Zenith)")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--level", action="append", choices=LEVELS, help="timing: the level timed (default: all)")
    p.add_argument("--against", default="random", choices=LEVELS, help="timing: the other seats' level")
    p.add_argument("--positions", type=int, default=10, help="positions per game for speed and decide")
    p.add_argument("--seconds", type=float, default=1.0, help="search time per position for speed")
    p.add_argument("--option", type=_option, action="append", default=[], metavar="NAME=VALUE")
    args = p.parse_args()
    games = [get(g) for g in args.game] if args.game else all_games()
    options = dict(args.option)
    jobs: list[Callable[[], None]] = []
    if args.what in ("speed", "all"):
        jobs.append(lambda: speed(games, args.positions, args.seconds))
    if args.what in ("timing", "all"):
        levels = args.level or list(LEVELS)
        jobs.append(lambda: timing(games, max(1, args.games // 10), args.against, levels, options))
    if args.what == "decide":
        jobs.append(lambda: decide(games, args.positions, args.level or list(LEVELS), options))
    if args.what in ("strength", "all"):
        for m in args.matches or MATCHES:
            jobs.append(lambda m=m: strength(m, args.games, args.workers, options))  # type: ignore[misc]
    for job in jobs:
        job()


if __name__ == "__main__":
    main()
