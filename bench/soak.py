"""Memory soak: create, play to the end, fetch and abandon thousands of tables; the server's memory
before, at its peak, and after it has cleared what nobody uses.

    python bench/soak.py [--abandon 3000] [--play 300] [--fetches 4] [--ttl 3] [--src OTHER/src]

Starts `ziggurat serve` on loopback (a fresh SQLite file, bots in threads, no per-address caps). Warms it
up (20 games), reads its resident memory (the baseline), then: creates `--abandon` tables nobody ever
starts, plays `--play` Zenith games to the end (a scripted person against a random bot, 8 at a time),
and fetches each finished table's summary and public log `--fetches` times. Then waits for open tables
to expire (`--ttl`) and reads memory again. `--src` runs another checkout's server, for a side-by-side
comparison (it must understand the flags given: `--old` drops the ones older servers lack). Bounded:
every count is capped and every wait has a deadline.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from typing import Any

import httpx
from websockets.asyncio.client import connect

from _server import NO_CAPS, load, memory_mib, start, stop


async def play_one(api: httpx.AsyncClient, base: str, rng: random.Random, fetches: int) -> int:
    """A Zenith game, a person against a random bot, to the end; then its summary and log fetched."""
    r = await api.post("/api/tables", json={"game": "zenith", "seats": 2, "name": "Ada"})
    r.raise_for_status()
    tid, token = r.json()["table"]["id"], r.json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    r = await api.put(f"/api/tables/{tid}/seats/1/bot", json={"level": "random"}, headers=auth)
    r.raise_for_status()
    async with connect(base.replace("http", "ws") + f"ws/tables/{tid}", proxy=None, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        (await api.post(f"/api/tables/{tid}/start", headers=auth)).raise_for_status()
        acted = -1
        async with asyncio.timeout(60):
            while True:
                m = json.loads(await ws.recv())
                if m["type"] != "state":
                    continue
                if m["result"] is not None:
                    break
                if m["legal"] and m["version"] != acted:
                    acted = m["version"]
                    act = {"type": "act", "action": rng.choice(m["legal"]), "version": acted}
                    await ws.send(json.dumps(act))
    for _ in range(fetches):
        (await api.get(f"/api/tables/{tid}")).raise_for_status()
        (await api.get(f"/api/tables/{tid}/log")).raise_for_status()
    return 1


async def abandon(api: httpx.AsyncClient, n: int) -> None:
    for i in range(n):
        r = await api.post("/api/tables", json={"game": "zealous", "seats": 4, "name": f"Nobody {i}"})
        r.raise_for_status()


async def play_many(api: httpx.AsyncClient, base: str, n: int, fetches: int, at_once: int = 8) -> None:
    rng = random.Random(n)
    gate = asyncio.Semaphore(at_once)

    async def one() -> None:
        async with gate:
            await play_one(api, base, rng, fetches)

    await asyncio.gather(*(one() for _ in range(n)))


async def run(args: argparse.Namespace, base: str, pid: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    async with httpx.AsyncClient(base_url=base, trust_env=False, timeout=60) as api:
        await play_many(api, base, 20, args.fetches)
        await abandon(api, 100)
        await asyncio.sleep(args.ttl + 1)
        out["baseline_mib"] = memory_mib(pid)[0]
        t0 = time.monotonic()
        await asyncio.gather(abandon(api, args.abandon), play_many(api, base, args.play, args.fetches))
        out["work_s"] = round(time.monotonic() - t0, 1)
        out["after_work_mib"], out["peak_mib"] = memory_mib(pid)
        await asyncio.sleep(args.ttl + 2)  # open tables expire, idle ones are trimmed
        out["open_tables_left"] = len((await api.get("/api/tables?status=open&limit=500")).json())
        out["final_mib"] = memory_mib(pid)[0]
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--abandon", type=int, default=3000, help="tables created and never started (max 20000)")
    p.add_argument("--play", type=int, default=300, help="games played to the end (max 2000)")
    p.add_argument("--fetches", type=int, default=4, help="summary + log fetches per finished game (max 50)")
    p.add_argument("--ttl", type=float, default=3.0, help="seconds before an untouched open table goes")
    p.add_argument("--src", help="run another checkout's server (its src/ directory)")
    p.add_argument("--old", action="store_true", help="a server without this issue's flags")
    args = p.parse_args()
    if not (0 <= args.abandon <= 20000 and 0 <= args.play <= 2000 and 0 <= args.fetches <= 50):
        raise SystemExit("counts out of range")
    flags = ["--bot-pool", "thread", "--bot-delay", "0"]
    flags += ["--http-rate", "100000"] if args.old else [*NO_CAPS, "--open-table-ttl", str(args.ttl)]
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start(f"sqlite+aiosqlite:///{tmp}/soak.db", *flags, src=args.src)
        try:
            result = asyncio.run(run(args, base, proc.pid))
        finally:
            stop(proc)
    result = {k: round(v, 1) if isinstance(v, float) else v for k, v in result.items()}
    print(json.dumps({"server": args.src or "this tree", **vars(args), **result, "load": load()}))


if __name__ == "__main__":
    main()
