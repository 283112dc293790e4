"""`ziggurat train GAME`: fit the hard bot's learned value to self-play (bots/train.py)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from ziggurat.bots.heuristics import heuristic_for
from ziggurat.bots.learned import LinearValue
from ziggurat.bots.train import TrainConfig, fit, self_play, write
from ziggurat.engine import InputError, get


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Play GAMES games between normal bots, keep every round's end with the game's final shares, and "
        "fit the hard bot's learned value (a linear softmax over the heuristic's features) to them. "
        "The same --seed gives the same weights. Writes the game's shipped weights file unless --out "
        "says otherwise. Needs numpy (pip install 'ziggurat[rl]')."
    )
    p.add_argument("game", help="game id (its heuristic must describe positions as features)")
    p.add_argument(
        "--players",
        type=int,
        action="append",
        metavar="N",
        help="a player count to fit (repeatable; default: every count the game seats)",
    )
    p.add_argument("--games", type=int, default=10_000, help="self-play games per player count")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes playing games")
    p.add_argument("--out", type=Path, help="the weights file to write (default: the game's own)")


def run(args: argparse.Namespace) -> int:
    game = get(args.game)
    h = heuristic_for(game)
    learned = getattr(h, "learned", None)
    if not isinstance(learned, LinearValue) or not h.feature_names(game.info.min_players):
        raise InputError("no-features", f"{game.info.name}'s bots have no learned value to fit.")
    players = args.players or list(range(game.info.min_players, game.info.max_players + 1))
    for n in players:
        game.info.check_players(n)
    if args.games < 10:
        raise InputError("too-few-games", "--games: at least 10 (a fifth of them is held out).")
    try:
        import numpy  # noqa: F401
    except ImportError:
        raise InputError("no-numpy", "ziggurat train needs numpy: pip install 'ziggurat[rl]'.") from None
    out: Path = args.out or learned.path
    for n in players:
        cfg = TrainConfig(args.game, n, args.games, args.seed)
        start = time.perf_counter()

        def progress(done: int, n: int = n) -> None:
            if done % max(1, args.games // 10) == 0 or done == args.games:
                sys.stderr.write(f"\r{n} players: {done}/{args.games} games")
                sys.stderr.flush()

        games = self_play(cfg, args.workers, progress)
        entry = fit(cfg, games)
        write(out, n, h.feature_names(n), entry)
        sys.stderr.write("\n")
        print(
            f"{n} players: {entry['samples']} positions from {args.games} games in "
            f"{time.perf_counter() - start:.0f} s; held-out log-loss {entry['log_loss']} "
            f"(hand-set {entry['hand_set_log_loss']}, uniform {entry['uniform_log_loss']}) -> {out}"
        )
    return 0
