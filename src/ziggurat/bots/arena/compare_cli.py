"""`ziggurat arena compare`: two or more variants of a game's rules, the same bots, seeds and games,
reported side by side (text, compare.json and one self-contained HTML file)."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from ziggurat.bots.arena import journal
from ziggurat.bots.arena.cli import add_run_arguments, config_from, option, results
from ziggurat.bots.arena.compare import Variant, compare
from ziggurat.bots.arena.play import ArenaConfig
from ziggurat.bots.arena.run import ray_module, start_ray
from ziggurat.bots.arena.run import run as run_games
from ziggurat.engine import InputError, Json, get


def variant(text: str) -> Variant:
    try:
        return Variant.parse(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="ziggurat arena compare",
        description=(
            "Play the same arena (bots, seeds, games) under two or more variants of a game's rules and "
            "report them side by side: seat advantage, game length, score spread and card strength, each "
            "variant's differences from the first with 95% intervals. Writes compare.json, report.html (one "
            "self-contained file with the plots) and each variant's own results into --out."
        ),
        epilog=(
            "Example: ziggurat arena compare GAME --players 4 --bots normal --games 200 --variant printed "
            "--variant mine:OPTION=VALUE,OPTION=VALUE (each game's variants: docs/games/, docs/balance.md)"
        ),
    )
    p.add_argument(
        "--variant",
        type=variant,
        action="append",
        required=True,
        metavar="NAME[:OPTION=VALUE,...]",
        help="a rule set (repeat, two at least; the first is the baseline). NAME alone: the printed rules "
        "(with any --option). Card counts as cards.ID=N",
    )
    add_run_arguments(p, out="arena-compare")
    p.add_argument("--option", type=option, action="append", metavar="NAME=VALUE", help="for every variant")
    return p


def configs(args: argparse.Namespace) -> list[tuple[Variant, ArenaConfig]]:
    variants: list[Variant] = args.variant
    if len(variants) < 2:
        raise InputError("bad-variants", "Compare needs two variants at least (--variant twice or more).")
    names = [v.name for v in variants]
    if len(set(names)) != len(names):
        raise InputError("bad-variants", f"Each variant needs its own name: {', '.join(names)}.")
    game = get(args.game)
    common = dict(args.option or [])
    out = []
    for v in variants:
        one = argparse.Namespace(**{**vars(args), "option": list({**common, **v.options}.items())})
        try:
            out.append((v, config_from(one)))
        except InputError as e:
            raise InputError(e.code, f"Variant {v.name}: {e.message}") from None
    game.options(common)  # (a bad common option is named as such)
    return out


def run(argv: list[str], out: TextIO | None = None) -> int:
    from rich.console import Console

    from ziggurat.bots.arena import compare_report, html_report

    args = parser().parse_args(argv)
    out = out or sys.stdout
    plan = configs(args)
    dest = Path(args.out)
    dest.mkdir(parents=True, exist_ok=True)
    with contextlib.ExitStack() as stack:
        if args.backend == "ray":  # one Ray for every variant (its start costs seconds), not one each
            stack.enter_context(shared_ray(args.workers, args.address))
        played = play_all(args, plan, dest, out)
    if played is None:
        return 130
    first = plan[0][1].to_json()
    config = {k: first[k] for k in ("game", "players", "bots", "games", "seed", "iterations")}
    data = compare(config, played)
    probe = Console(file=out)  # (a file or a pipe gets wide tables: nothing wraps them there)
    console = Console(file=out, width=probe.width if probe.is_terminal else 160)
    compare_report.render(data, console)
    (dest / "compare.json").write_text(json.dumps(data, indent=1) + "\n")
    page = dest / "report.html"
    page.write_text(html_report.page(data, played), encoding="utf-8")
    out.write(f"Wrote {dest / 'compare.json'}, {page} and each variant's results in {dest}/NAME/\n")
    return 0


def play_all(
    args: argparse.Namespace, plan: list[tuple[Variant, ArenaConfig]], dest: Path, out: TextIO
) -> list[tuple[Variant, Json, list[Json]]] | None:
    """Every variant's arena run, one after the other, each in dest/NAME with its journal; None when
    stopped (Ctrl-C), what was played kept for --resume."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    played: list[tuple[Variant, Json, list[Json]]] = []
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(file=sys.stderr),
    ) as bar:
        tasks = {v.name: bar.add_task(f"{args.game} · {v.name}", total=cfg.games) for v, cfg in plan}
        for v, cfg in plan:
            where = dest / v.name
            where.mkdir(exist_ok=True)
            games = where / journal.NAME
            done = journal.read(games, cfg) if args.resume else {}
            bar.update(tasks[v.name], completed=len(done))
            with journal.Journal(games, cfg, resume=args.resume) as written_down:

                def finished(rec: Json, task: Any = tasks[v.name], jr: Any = written_down) -> None:
                    jr.write(rec)
                    bar.advance(task)

                try:
                    records = run_games(cfg, args.workers, finished, done, args.backend, args.address)
                except KeyboardInterrupt:
                    out.write(
                        f"Stopped during {v.name}: the games played are in {dest}/*/{journal.NAME}; the same "
                        "command with --resume plays the rest.\n"
                    )
                    return None
            (where / "results.json").write_text(json.dumps(results(cfg, records), indent=1) + "\n")
            played.append((v, cfg.options, records))
    return played


@contextlib.contextmanager
def shared_ray(workers: int, address: str | None) -> Iterator[None]:
    """Ray started (or joined at `address`) once for the whole comparison: each variant's run finds
    it running and leaves it be."""
    ray = ray_module()
    if ray.is_initialized():
        yield
        return
    start_ray(workers, address)
    try:
        yield
    finally:
        ray.shutdown()
