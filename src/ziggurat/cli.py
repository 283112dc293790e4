"""`ziggurat play | scenario | replay`: the command line (these names are a contract)."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from ziggurat.bots import LEVELS, make_bot, train_cli
from ziggurat.bots.arena import cli as arena_cli
from ziggurat.engine import (
    Game,
    IllegalAction,
    InputError,
    Match,
    ScenarioError,
    ZigguratError,
    events_for,
    registry,
)
from ziggurat.engine.undo import UNDO, undo_event
from ziggurat.scenario_files import run_file
from ziggurat.server.cli import arguments as server_cli
from ziggurat.server.cli import ratings as ratings_cli


def _names(n: int, humans: Sequence[int]) -> list[str]:
    pool = iter(["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit"])
    return [f"{next(pool)} (you)" if s in humans else next(pool) for s in range(n)]


def cmd_play(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    game = registry.get(args.game)
    options = game.options(dict(args.option or []))
    n = args.players or max(game.info.min_players, min(4, game.info.max_players))
    game.info.check_players(n)
    humans = sorted(set(args.human or []))
    for h in humans:
        if not 0 <= h < n:
            raise InputError("bad-seat", f"--human {h}: seats are 0 to {n - 1}.")
    seed = args.seed if args.seed is not None else random.randrange(1 << 31)
    names = _names(n, humans)
    match = Match(game.info.id, n, game.options_json(options), seed, names)
    state = game.new(n, options, seed, record=True)
    bots = {s: make_bot(args.bot, seed * 31 + s, seconds=args.think) for s in range(n) if s not in humans}
    out.write(f"{game.info.name}, {n} players, seed {seed}: " + ", ".join(names) + "\n")
    watcher = humans[0] if humans else None

    def show_events() -> None:
        for event in events_for(game.drain_events(state), watcher):
            line = game.describe(event, names)
            if line and (humans or args.verbose):  # some events go without words ("play")
                out.write(f"  {line}\n")

    show_events()  # whatever set-up itself announced
    while game.result(state) is None:
        for seat in game.each_to_act(state):
            action: str | None
            if seat in bots:
                action = bots[seat].choose(game, state, seat)
            else:
                action = _ask(game, state, seat, names, out, inp)
                if action is None:
                    out.write("Bye.\n")
                    _save(args, match, out)
                    return 0
            game.apply(state, seat, action)
            match.actions.append((seat, action))
            show_events()
    out.write(game.text(state, watcher, names) + "\n")
    res = game.result(state)
    assert res is not None
    out.write("Final scores: " + ", ".join(f"{names[s]} {res.scores[s]:g}" for s in range(n)) + "\n")
    if res.winners:
        out.write(
            f"Winner{'s' if len(res.winners) > 1 else ''}: {', '.join(names[s] for s in res.winners)}\n"
        )
    else:
        out.write("Nobody wins.\n")
    _save(args, match, out)
    return 0


def _save(args: argparse.Namespace, match: Match, out: TextIO) -> None:
    if args.save:
        Path(args.save).write_text(json.dumps(match.to_json(), indent=1) + "\n")
        out.write(f"Match log saved to {args.save} (replay it with: ziggurat replay {args.save})\n")


def _ask(
    game: Game[Any, Any], state: Any, seat: int, names: list[str], out: TextIO, inp: TextIO
) -> str | None:
    legal = game.legal(state, seat)
    out.write("\n" + game.text(state, seat, names) + "\n")
    out.write(f"{names[seat]}, choose:\n")
    for i, a in enumerate(legal, 1):
        out.write(f"  {i:>2}. {game.describe_action(state, seat, a)}   [{a}]\n")
    while True:
        out.write("> ")
        out.flush()
        line = inp.readline()
        if not line:
            return None
        text = line.strip()
        if text in ("q", "quit", "exit"):
            return None
        if text.isdigit() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        if text in legal:
            return text
        try:  # say why, in the rules' own words ("This card isn't valid this turn.")
            probe = game.clone(state)
            game.apply(probe, seat, text)
        except IllegalAction as e:
            out.write(f"{e.message}\n")
        else:
            out.write(f"Type a number from 1 to {len(legal)}, or q to quit.\n")


def cmd_scenario(args: argparse.Namespace, out: TextIO) -> int:
    failed = 0
    for path in args.files:
        try:
            run = run_file(path)
        except ScenarioError as e:
            out.write(f"FAIL {e}\n")
            failed += 1
        else:
            out.write(f"ok   {path}: {run.steps} steps, {run.checks} checks\n")
    return 1 if failed else 0


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    try:
        data = json.loads(Path(args.file).read_text())
    except (OSError, json.JSONDecodeError) as e:
        raise InputError("bad-match", f"{args.file}: {e}") from None
    match = Match.from_json(data.get("match", data) if isinstance(data, dict) else data)
    game = match.rules
    names = match.names
    out.write(f"{game.info.name}, {match.players} players, seed {match.seed}: {', '.join(names)}\n")
    state = None
    for i, act, state in match.states(record=True):
        events = game.drain_events(state)
        if act is not None:
            out.write(f"{i:>4}. {names[act[0]]}: {act[1]}\n")
            if act[1] == UNDO:  # (the state is rebuilt: the take-back is told as the server's log tells it)
                events = [undo_event(act[0])]
        for line in filter(None, (game.describe(e, names) for e in events)):
            out.write(f"      {line}\n")
    if state is not None and args.board:
        out.write(game.text(state, None, names) + "\n")
    if args.open:
        out.flush()
        return server_cli.open_replay(args, match)
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="ziggurat", description="Four board games for people, bots and researchers."
    )
    sub = p.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a game in the terminal against bots")
    play.add_argument("game", help=f"game id: {', '.join(registry.ids())}")
    play.add_argument("--players", type=int)
    play.add_argument(
        "--human", type=int, action="append", metavar="SEAT", help="a seat you play (repeatable)"
    )
    play.add_argument(
        "--option",
        type=arena_cli.option,
        action="append",
        metavar="NAME=VALUE",
        help="a game option, e.g. length=beginner (repeatable)",
    )
    play.add_argument("--seed", type=int)
    play.add_argument("--bot", default="random", choices=LEVELS, help="bot level for the other seats")
    play.add_argument(
        "--think", type=float, default=1.0, metavar="SECONDS", help="time a hard bot may take per decision"
    )
    play.add_argument("--save", metavar="LOG.json", help="write the match log here at the end")
    play.add_argument("--verbose", "-v", action="store_true", help="print every event of a bots-only game")
    sc = sub.add_parser("scenario", help="run scenario files; exit 1 naming the first failing step")
    sc.add_argument("files", nargs="+")
    arena_cli.add_arguments(sub.add_parser("arena", help="bot tournaments: win shares, seats, cards"))
    rp = sub.add_parser("replay", help="print a match log move by move")
    rp.add_argument("file")
    rp.add_argument("--board", action="store_true", help="print the final board too")
    server_cli.add_replay_arguments(rp)
    server_cli.add_arguments(sub.add_parser("serve", help="run the game server (lobby API + websockets)"))
    ratings_cli.add_arguments(
        sub.add_parser("ratings", help="players' ratings: rebuild them from the results")
    )
    train_cli.add_arguments(sub.add_parser("train", help="fit the hard bot's learned value to self-play"))
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:2] == ["arena", "compare"]:  # (its own parser: `arena` takes the game as its first word)
        from ziggurat.bots.arena import compare_cli

        try:
            return compare_cli.run(argv[2:])
        except ZigguratError as e:
            sys.stderr.write(f"ziggurat: {e.message}\n")
            return 2
        except KeyboardInterrupt:
            return 130
    args = build_parser().parse_args(argv)
    try:
        if args.command == "play":
            return cmd_play(args, sys.stdout, sys.stdin)
        if args.command == "scenario":
            return cmd_scenario(args, sys.stdout)
        if args.command == "arena":
            return arena_cli.run(args)
        if args.command == "serve":
            return server_cli.run(args)
        if args.command == "ratings":
            return ratings_cli.run(args)
        if args.command == "train":
            return train_cli.run(args)
        return cmd_replay(args, sys.stdout)
    except ZigguratError as e:
        sys.stderr.write(f"ziggurat: {e.message}\n")
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
