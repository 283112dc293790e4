"""Engine throughput: random playouts on one core.

    python bench/engine.py [--game G] [--players N] [--seconds S] [--option k=v] [--secret]

Prints one JSON line per (game, player count): games/s, decisions/s (one decision = one applied
action, including generating the legal actions it was chosen from), clone cost, and replay_per_s:
actions per second applying a recorded game's log with `apply` alone, as the server's history and
replay pages rebuild a game (the legal actions worked out inside `apply`, on a cache miss). `--secret` seeds
every game as a server table is seeded (the keyed stream) instead of with small reproducible seeds.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from ziggurat.engine import Game, all_games, get, secret_seed

# The configurations measured when no --option is given (the reference: Zealous advanced).
DEFAULT_OPTIONS: dict[str, dict[str, Any]] = {"zealous": {"length": "advanced"}}


def playouts(
    game: Game[Any, Any], players: int, options: Any, seconds: float, seed: int = 1, secret: bool = False
) -> dict[str, Any]:
    rng = random.Random(seed)
    choice = rng.choice
    legal, apply, to_act, result = game.legal, game.apply, game.to_act, game.result
    games = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        st = game.new(players, options, secret_seed() if secret else seed + games)
        while result(st) is None:
            for seat in to_act(st):
                apply(st, seat, choice(legal(st, seat)))
                decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    # Clone cost, measured on a mid-game state.
    st = game.new(players, options, seed)
    for _ in range(decisions // max(games, 1) // 2):
        if result(st) is not None:
            break
        seat = to_act(st)[0]
        apply(st, seat, choice(legal(st, seat)))
    k = 20000
    t0 = time.perf_counter()
    for _ in range(k):
        game.clone(st)
    clone_us = (time.perf_counter() - t0) / k * 1e6
    replay_per_s = replays(game, players, options, seed, max(seconds / 2, 0.5))
    return {
        "game": game.info.id,
        "players": players,
        "seeds": "secret" if secret else "small",
        "options": game.options_json(options),
        "seconds": round(elapsed, 2),
        "games": games,
        "games_per_s": round(games / elapsed, 1),
        "decisions_per_s": round(decisions / elapsed),
        "decisions_per_game": round(decisions / max(games, 1), 1),
        "clone_us": round(clone_us, 2),
        "replay_per_s": round(replay_per_s),
    }


def replays(game: Game[Any, Any], players: int, options: Any, seed: int, seconds: float) -> float:
    """Actions per second replaying one recorded random game's log with `apply` only."""
    rng = random.Random(seed)
    st = game.new(players, options, seed)
    log: list[tuple[int, str]] = []
    while game.result(st) is None:
        for seat in game.to_act(st):
            log.append((seat, rng.choice(game.legal(st, seat))))
            game.apply(st, *log[-1])
    applied = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        st = game.new(players, options, seed)
        for seat, action in log:
            game.apply(st, seat, action)
        applied += len(log)
    return applied / (time.perf_counter() - start)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", action="append", help="game id (repeatable; default: every game)")
    p.add_argument("--players", type=int, action="append", help="player count (default: every count)")
    p.add_argument("--seconds", type=float, default=5.0, help="per configuration")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--secret", action="store_true", help="seed games as the server does (keyed stream)")
    args = p.parse_args()
    games = [get(g) for g in args.game] if args.game else all_games()
    for game in games:
        raw: dict[str, Any] = dict(DEFAULT_OPTIONS.get(game.info.id, {}))
        for o in args.option:
            k, v = o.split("=", 1)
            try:  # like the CLI: JSON values (numbers, booleans), else the plain string
                raw[k] = json.loads(v)
            except json.JSONDecodeError:
                raw[k] = v
        options = game.options(raw)
        counts = args.players or range(game.info.min_players, game.info.max_players + 1)
        for n in counts:
            print(json.dumps(playouts(game, n, options, args.seconds, secret=args.secret)), flush=True)


if __name__ == "__main__":
    main()
