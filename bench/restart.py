"""Restart time: how long `ziggurat serve` takes to come back with a database full of tables.

    python bench/restart.py [--running 300] [--open 3000] [--finished 200] [--rounds 3] [--src OTHER/src]

Fills a fresh SQLite database (through the store, with the code under test) with running Zealous games
of 4 players stopped after 40-120 random actions (seeded as the server seeds them), open tables and
finished games; then starts the server on it `--rounds` times, timing each start from launch to the
moment it prints its URL (migrations, rebuilding the running tables from their logs), and reading its
resident memory then. `--src` measures another checkout the same way, for a side-by-side comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _server import load, memory_mib, start, stop


async def populate(db: str, running: int, open_: int, finished: int) -> None:
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
        moves = rng.randint(40, 120) if status == "running" else 10_000
        actions: list[tuple[int, str]] = []
        while len(actions) < moves and game.result(state) is None:
            seat = game.to_act(state)[0]
            action = rng.choice(game.legal(state, seat))
            game.apply(state, seat, action)
            actions.append((seat, action))
        if status == "running" and (game.result(state) is not None or 0 in game.to_act(state)):
            actions.pop()  # keep it running, and (mostly) on a bot's turn
        await store.create_table(rec)
        for k, (seat, action) in enumerate(actions, 1):
            await store.append_action(rec.id, k, seat, action)
    await store.close()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--running", type=int, default=300)
    p.add_argument("--open", type=int, default=3000)
    p.add_argument("--finished", type=int, default=200)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--src", help="measure another checkout (its src/ directory)")
    p.add_argument("--populate", metavar="DB", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.populate:
        asyncio.run(populate(args.populate, args.running, args.open, args.finished))
        return
    if not (0 <= args.running <= 5000 and 0 <= args.open <= 50000 and 0 <= args.finished <= 20000):
        raise SystemExit("counts out of range")
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite+aiosqlite:///{tmp}/restart.db"
        env = {**os.environ, **({"PYTHONPATH": args.src} if args.src else {})}
        cmd = [sys.executable, str(Path(__file__)), "--populate", db]
        counts = ["--running", str(args.running), "--open", str(args.open), "--finished", str(args.finished)]
        subprocess.run(cmd + counts, check=True, env=env)
        for _ in range(args.rounds):
            t0 = time.perf_counter()
            # A long bot delay: the bots wait, so the start is measured, not the games going on.
            proc, _ = start(db, "--bot-delay", "3600", src=args.src)
            seconds = time.perf_counter() - t0
            rss, _ = memory_mib(proc.pid)
            stop(proc)
            row = {"server": args.src or "this tree", "running": args.running, "open": args.open}
            row |= {"finished": args.finished, "start_s": round(seconds, 2), "rss_mib": round(rss, 1)}
            print(json.dumps({**row, "load": load()}), flush=True)


if __name__ == "__main__":
    main()
