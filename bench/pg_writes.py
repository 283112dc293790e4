"""The store's lobby writes on PostgreSQL: the server's CPU per write, through the real writer.

    python bench/pg_writes.py [--count N] [--rounds R] [--against SRC]

Starts a private PostgreSQL (fsync on) and, on a fresh database each time, measures with this tree's
`Store` (or another checkout's `src/`, with `--against`, alternated with this one round by round):

- `create`, `save`: one table created or saved at a time, each alone in its batch (a quiet server);
- `batched`: five tables saved and twenty moves appended at once (a busy server's batch), per round.

Prints one JSON line per measurement: CPU microseconds of this process per write (per round for
`batched`) and the wall time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _table(i: int, version: int = 0) -> object:
    from ziggurat.store import SeatRecord, TableRecord

    rec = TableRecord(f"t{i}", "zenith", {"board": "fuji"}, 2, 5, 6, "running", None, 1.0)
    rec.version = version
    rec.seats = [SeatRecord(0, "human", "Ada", "h" * 64), SeatRecord(1, "bot", "Bot", None, "random")]
    return rec


async def measure(url: str, count: int, label: str) -> None:
    import ziggurat
    from ziggurat.store import Store

    src = str(Path(ziggurat.__file__).resolve().parents[1])
    store = await Store.open(url)
    out = []
    try:
        for name in ("create", "save"):
            cpu, wall = time.process_time(), time.perf_counter()
            for i in range(count):
                if name == "create":
                    await store.create_table(_table(i))  # type: ignore[arg-type]
                else:
                    await store.save_table(_table(i, version=1))  # type: ignore[arg-type]
            out.append((name, count, time.process_time() - cpu, time.perf_counter() - wall))
        moves = [0] * 20

        async def move(i: int) -> None:
            moves[i] += 1
            await store.append_action(f"t{i}", moves[i], 0, "place:s1")

        rounds = max(1, count // 4)
        cpu, wall = time.process_time(), time.perf_counter()
        for k in range(rounds):
            saves = (store.save_table(_table(i, version=2 + k)) for i in range(5))  # type: ignore[arg-type]
            await asyncio.gather(*saves, *(move(i) for i in range(20)))
        out.append(("batched", rounds, time.process_time() - cpu, time.perf_counter() - wall))
    finally:
        await store.close()
    for name, n, cpu, wall in out:
        line = {
            "tree": label,
            "src": src,
            "write": name,
            "cpu_us": round(cpu / n * 1e6),
            "wall_us": round(wall / n * 1e6),
        }
        print(json.dumps({**line, "count": n, "load": round(os.getloadavg()[0], 2)}), flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--count", type=int, default=1000, help="writes per measurement")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--against", metavar="SRC", help="another checkout's src/, alternated with this tree")
    p.add_argument("--url", help=argparse.SUPPRESS)  # (a child run: the database to use)
    p.add_argument("--label", default="this", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.url:
        import uvloop

        uvloop.run(measure(args.url, args.count, args.label))
        return
    sys.path.insert(0, str(ROOT / "src"))
    from ziggurat.devcluster import postgres

    trees = [("this", str(ROOT / "src"))] + ([("against", args.against)] if args.against else [])
    with postgres(durable=True) as pg:
        for _ in range(args.rounds):
            for label, src in trees:
                env = {**os.environ, "PYTHONPATH": src}
                cmd = [sys.executable, __file__, "--url", pg.new_database(), "--label", label]
                subprocess.run([*cmd, "--count", str(args.count)], env=env, check=True)


if __name__ == "__main__":
    main()
