"""Restart time: how long `ziggurat serve` takes to come back with a database full of tables.

    python bench/restart.py [--running 1000] [--moves 100] [--open 3000] [--finished 200] [--rounds 3]
                            [--db URL] [--src OTHER/src]

Fills a fresh database (SQLite unless --db; through the store, with the code under test) with running
Zealous games of 4 players stopped after `--moves` random actions (seeded as the server seeds them),
open tables and finished games; then starts the server on it `--rounds` times, timing each start from
launch to the moment it prints its URL (`serving_s`), and to the moment it has every running table
back (`restored_s`: the server rebuilds them from their logs behind it, and says so; meanwhile a
request for a table not back yet loads it on the spot), and reading its resident memory then. Each
round ends with a clean stop (SIGINT, as deploys stop it), timed too (`stop_s`): a server with
snapshots writes them then, so the first round replays every log in full and the next ones start from
the snapshots (`round` numbers them). `--src` measures another checkout the same way.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _server import load, logged, memory_mib, start, stop


async def populate(db: str, running: int, moves_each: int, open_: int, finished: int) -> None:
    """Runs with the code under test (its own store and engine): tables as a server would have made them."""
    from ziggurat.engine import get
    from ziggurat.store import SeatRecord, Store, TableRecord

    try:
        from ziggurat.engine import secret_seed

        new_seed = secret_seed
    except ImportError:  # a checkout from before secret seeds
        new_seed = lambda: random.randrange(1 << 31)  # noqa: E731

    game, rng = get("zealous"), random.Random(1)
    store = await Store.open(db)
    now = time.time()

    def record(tid: str, status: str) -> TableRecord:
        rec = TableRecord(tid, "zealous", {"length": "advanced"}, 4, new_seed(), 1, status, 0, now)  # type: ignore[arg-type]
        bots = [SeatRecord(i, "bot", f"Bot {i}", None, "random") for i in (1, 2, 3)]
        rec.seats = [SeatRecord(0, "human", "Ada", "h" * 64), *bots]
        return rec

    for i in range(open_):
        rec = record(f"o{i}", "open")
        rec.seats[1:] = [SeatRecord(i) for i in (1, 2, 3)]
        await store.create_table(rec)
    for i in range(running + finished):
        status = "running" if i < running else "finished"
        rec = record(f"r{i}", status)
        state = game.new(4, game.options(rec.options), rec.seed)
        moves = moves_each if status == "running" else 10_000
        actions: list[tuple[int, str]] = []
        while len(actions) < moves and game.result(state) is None:
            seat = game.to_act(state)[0]
            action = rng.choice(game.legal(state, seat))
            game.apply(state, seat, action)
            actions.append((seat, action))
        if status == "running" and game.result(state) is not None:
            actions.pop()  # keep it running
        await store.create_table(rec)
        for k, (seat, action) in enumerate(actions, 1):
            await store.append_action(rec.id, k, seat, action)
    await store.close()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--running", type=int, default=1000)
    p.add_argument("--moves", type=int, default=100, help="actions in each running game's log")
    p.add_argument("--db", help="database URL (default: a fresh SQLite file)")
    p.add_argument("--open", type=int, default=3000)
    p.add_argument("--finished", type=int, default=200)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--src", help="measure another checkout (its src/ directory)")
    p.add_argument("--populate", metavar="DB", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.populate:
        asyncio.run(populate(args.populate, args.running, args.moves, args.open, args.finished))
        return
    if not (0 <= args.running <= 5000 and 0 <= args.open <= 50000 and 0 <= args.finished <= 20000):
        raise SystemExit("counts out of range")
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite+aiosqlite:///{tmp}/restart.db"
        env = {**os.environ, **({"PYTHONPATH": args.src} if args.src else {})}
        cmd = [sys.executable, str(Path(__file__)), "--populate", db]
        counts = ["--running", str(args.running), "--moves", str(args.moves), "--open", str(args.open)]
        counts += ["--finished", str(args.finished)]
        subprocess.run(cmd + counts, check=True, env=env)
        for k in range(1, args.rounds + 1):
            t0 = time.perf_counter()
            # A long bot delay: the bots wait, so the start is measured, not the games going on.
            proc, _ = start(db, "--bot-delay", "3600", "--log-level", "info", src=args.src)
            serving = time.perf_counter() - t0
            restored, said = _restored(proc, deadline=t0 + 120) if args.running else (t0 + serving, "")
            restored -= t0
            rss, _ = memory_mib(proc.pid)
            t1 = time.perf_counter()
            stop(proc)
            stopped = time.perf_counter() - t1
            row = {
                "server": args.src or "this tree",
                "round": k,
                "running": args.running,
                "moves": args.moves,
            }
            row |= {"open": args.open, "finished": args.finished, "db": db.split(":")[0]}
            row |= {
                "serving_s": round(serving, 2),
                "restored_s": round(restored, 2),
                "rss_mib": round(rss, 1),
                "stop_s": round(stopped, 2),
            }
            took = re.search(r" in ([\d.]+) s", said)
            if took:  # (the rebuild itself, as the server times it: from its start to the last table)
                row["rebuild_s"] = float(took.group(1))
            m = re.search(r"\((\d+) from snapshots, replaying (\d+) actions\)", said)
            if m:  # (a server with snapshots says how many tables came from one)
                row |= {"from_snapshots": int(m.group(1)), "replayed": int(m.group(2))}
            print(json.dumps({**row, "load": load()}), flush=True)


def _restored(proc: subprocess.Popen[str], deadline: float) -> tuple[float, str]:
    """When the server says it has every running table back (its log line, as _server reads it), and
    that line."""
    while time.perf_counter() < deadline and proc.poll() is None:
        for line in logged(proc):
            if "restored" in line:
                return time.perf_counter(), line
        time.sleep(0.005)
    return float("nan"), ""


if __name__ == "__main__":
    main()
