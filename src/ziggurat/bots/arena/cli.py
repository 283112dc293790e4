"""`ziggurat arena`: bot tournaments for balancing, with a table, results.json and plots."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from ziggurat.bots import LEVELS
from ziggurat.bots.arena import journal, stats
from ziggurat.bots.arena.play import ArenaConfig, Entry
from ziggurat.bots.arena.run import BACKENDS
from ziggurat.bots.arena.run import run as run_games
from ziggurat.engine import InputError, Json, get
from ziggurat.engine.options import assignment


def option(text: str) -> tuple[str, Any]:
    """`--option NAME=VALUE` (for `play` too): the value as JSON, else as text."""
    try:
        return assignment(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--option wants name=value, not {text!r}") from None


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Play GAMES games between bots with seats rotated, then print win shares (95% Wilson intervals), "
        "seat advantage, scores, game length and card statistics, and write results.json and PNG plots "
        "into --out. A shared victory counts 1/k for each of its k winners. Search bots use iteration "
        "budgets only, so the same --seed gives the same results with any number of --workers. "
        "`ziggurat arena compare GAME --variant ... --variant ...` compares rule variants side by side."
    )
    add_run_arguments(p, out="arena-out")
    p.add_argument("--option", type=option, action="append", metavar="NAME=VALUE")
    p.add_argument("--no-plots", action="store_true", help="skip the PNG plots")


def add_run_arguments(p: argparse.ArgumentParser, out: str) -> None:
    """What an arena run and a comparison of variants share: the game, bots, games, seeds, workers."""
    p.add_argument("game", help="game id (ziggurat play --help lists them)")
    p.add_argument("--players", type=int, help="default: the --bots count, or the game's smallest table")
    p.add_argument(
        "--bots",
        default="hard,normal,random",
        help="lineup, comma-separated levels (random, normal, hard; hard:500 sets that bot's iterations); "
        "a short lineup is filled with its last entry",
    )
    p.add_argument("--iterations", type=int, help="search budget of every hard bot (default: per game)")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=1, help="processes playing games in parallel")
    p.add_argument(
        "--backend",
        choices=BACKENDS,
        default="process",
        help="process: a pool on this machine; ray: Ray tasks, on a local Ray instance of --workers CPUs "
        "or on the cluster at --address (needs ziggurat[ray]). The same --seed gives the same results",
    )
    p.add_argument("--address", help="with --backend ray: an existing Ray cluster (e.g. ray://head:10001)")
    p.add_argument("--out", default=out, metavar="DIR", help="where the results and plots go")
    p.add_argument(
        "--resume",
        action="store_true",
        help="keep the games already in --out (a run stopped early, or one with fewer --games) and play "
        "only the others: the same results as one uninterrupted run",
    )


def config_from(args: argparse.Namespace) -> ArenaConfig:
    game = get(args.game)
    entries = [Entry.parse(x) for x in args.bots.split(",") if x.strip()]
    for e in entries:
        if e.level not in LEVELS:
            raise InputError("bad-level", f"Unknown bot level {e.level!r}; levels: {', '.join(LEVELS)}.")
    n = args.players or max(len(entries), game.info.min_players)
    game.info.check_players(n)
    if len(entries) > n:
        raise InputError("bad-bots", f"{len(entries)} bots for {n} seats.")
    entries += [entries[-1]] * (n - len(entries))
    if args.games < 1:
        raise InputError("bad-games", "--games must be at least 1.")
    if args.address and args.backend != "ray":
        raise InputError("bad-address", "--address names a Ray cluster: use it with --backend ray.")
    options = game.options_json(game.options(dict(args.option or [])))
    return ArenaConfig(args.game, n, tuple(entries), args.games, args.seed, options, args.iterations)


def results(cfg: ArenaConfig, records: list[Json]) -> Json:
    return {"config": cfg.to_json(), "summary": stats.summarize(records, cfg.players), "games": records}


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from ziggurat.bots.arena import report

    cfg = config_from(args)
    out = out or sys.stdout
    console = Console(file=out, width=max(100, Console(file=out).width))
    dest = Path(args.out)
    dest.mkdir(parents=True, exist_ok=True)
    games = dest / journal.NAME
    done = journal.read(games, cfg) if args.resume else {}
    with (
        journal.Journal(games, cfg, resume=args.resume) as written_down,
        Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(file=sys.stderr),
        ) as bar,
    ):
        task = bar.add_task(f"{cfg.game} arena", total=cfg.games, completed=len(done))

        def finished(rec: Json) -> None:
            written_down.write(rec)
            bar.advance(task)

        try:
            records = run_games(cfg, args.workers, finished, done, args.backend, args.address)
        except KeyboardInterrupt:
            played = len(journal.read(games, cfg))
            out.write(
                f"Stopped: {played} of {cfg.games} games are in {games}; the same command with --resume "
                "plays the rest.\n"
            )
            return 130
    data = results(cfg, records)
    report.render(data["summary"], data["config"], console)
    (dest / "results.json").write_text(json.dumps(data, indent=1) + "\n")
    written = [dest / "results.json"]
    if not args.no_plots:
        from ziggurat.bots.arena import plots

        written += plots.write(data["summary"], records, data["config"], dest)
    out.write("Wrote " + ", ".join(str(p) for p in written) + "\n")
    return 0
