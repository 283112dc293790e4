"""What setting up a game costs the server, step by step: create, join, connect and say hello, start,
leave; and the same table commands run in this process without HTTP, to show what the web layer adds.
In a load test of short games the lobby is half of the server's work (a Zenith game of 2 players is
about 20 moves, and its set-up costs the server about as much CPU as all of them).

    python bench/lobby.py [--game zenith] [--players 2] [--tables 200] [--rounds 3] [--src DIR]
                          [--db URL|postgresql] [--json]

Over HTTP: starts `ziggurat serve` on a fresh SQLite file (`--db`: that database instead, or with
`postgresql` a private PostgreSQL cluster with fsync on, made for the run; `--src`: another checkout's
code, for side-by-side runs), then, each round, takes `--tables` tables through each step in turn,
one request at a time from one client (httpx and websockets, connections kept alive), reading the
server's CPU time around each step: the server does nothing else meanwhile, so CPU per request is the
step's own cost. In process: the hall's create, join and start on a store of its own (no HTTP, no
sockets; a database of its own on the same server with `--db`), skipped with `--src`; to compare both
parts, run this script with PYTHONPATH=DIR/src instead (the server it starts inherits it).
Prints one line per round and step (server CPU ms per request, the client's median wall time), then a
summary: the server's CPU per game set up, over HTTP and in process.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from _server import NO_CAPS, cpu_seconds, start, stop

Steps = dict[str, tuple[float, list[float]]]  # step -> (CPU seconds per call, wall seconds of each)


async def measure(
    steps: Steps, name: str, cpu: Callable[[], float], calls: list[Callable[[], Awaitable[Any]]]
) -> list[Any]:
    before, walls, got = cpu(), [], []
    for call in calls:
        t = time.perf_counter()
        got.append(await call())
        walls.append(time.perf_counter() - t)
    steps[name] = ((cpu() - before) / len(calls), walls)
    return got


async def over_http(base: str, pid: int, args: argparse.Namespace) -> list[Steps]:
    ws_base = base.replace("http", "ws", 1)
    rounds: list[Steps] = []

    def server_cpu() -> float:
        return cpu_seconds(pid)

    async with httpx.AsyncClient(base_url=base, timeout=30) as api:

        def create() -> Callable[[], Awaitable[tuple[str, list[str]]]]:
            async def call() -> tuple[str, list[str]]:
                body = {"game": args.game, "seats": args.players, "name": "P0"}
                res = (await api.post("/api/tables", json=body)).raise_for_status().json()
                return res["table"]["id"], [res["token"]]

            return call

        def join(tid: str, tokens: list[str], i: int) -> Callable[[], Awaitable[None]]:
            async def call() -> None:
                res = await api.post(f"/api/tables/{tid}/join", json={"name": f"P{i}"})
                tokens.append(res.raise_for_status().json()["token"])

            return call

        def hello(tid: str, token: str) -> Callable[[], Awaitable[ClientConnection]]:
            async def call() -> ClientConnection:
                ws = await connect(f"{ws_base}ws/tables/{tid}", compression=None)
                await ws.send(json.dumps({"type": "hello", "token": token}))
                while json.loads(await ws.recv())["type"] != "welcome":
                    pass
                return ws

            return call

        def begin(tid: str, token: str) -> Callable[[], Awaitable[None]]:
            async def call() -> None:
                auth = {"authorization": f"Bearer {token}"}
                (await api.post(f"/api/tables/{tid}/start", headers=auth)).raise_for_status()

            return call

        def leave(ws: ClientConnection) -> Callable[[], Awaitable[None]]:
            async def call() -> None:
                await ws.close()

            return call

        for _ in range(args.rounds + 1):  # (the first round warms up: imports, caches, the file)
            steps: Steps = {}
            tables = await measure(steps, "create", server_cpu, [create() for _ in range(args.tables)])
            joins = [join(t, ks, i) for t, ks in tables for i in range(1, args.players)]
            await measure(steps, "join", server_cpu, joins)
            hellos = [hello(t, k) for t, ks in tables for k in ks]
            sockets = await measure(steps, "connect+hello", server_cpu, hellos)
            await measure(steps, "start", server_cpu, [begin(t, ks[0]) for t, ks in tables])
            await measure(steps, "close", server_cpu, [leave(ws) for ws in sockets])
            rounds.append(steps)
    return rounds[1:]


async def in_process(db: str, args: argparse.Namespace) -> list[Steps]:
    """The same commands straight to the hall: what the tables and the store cost without the web."""
    from ziggurat.server.accounts.tokens import hash_token, new_token
    from ziggurat.server.config import Settings
    from ziggurat.server.hall import Hall
    from ziggurat.server.table.bots import BotRunner
    from ziggurat.store import Store

    rounds: list[Steps] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(db or f"sqlite+aiosqlite:///{tmp}/lobby.db")
        settings = Settings(db_url="", max_open_tables_per_address=10**9)
        bots = BotRunner(settings)
        hall = Hall(store, bots, settings)
        try:
            for r in range(args.rounds + 1):

                def create(k: int, r: int = r) -> Callable[[], Awaitable[Any]]:
                    return lambda: hall.create(
                        args.game, {}, args.players, "P0", f"10.{r}.{k // 250}.{k % 250}"
                    )

                def join(tid: str) -> Callable[[], Awaitable[Any]]:
                    return lambda: hall.command(
                        tid, "join", name="P1", token_hash=new_token()[1], seat=None, account=None
                    )

                def begin(tid: str, token: str) -> Callable[[], Awaitable[Any]]:
                    return lambda: hall.command(tid, "start", token_hash=hash_token(token))

                steps: Steps = {}
                made = await measure(
                    steps, "create", time.process_time, [create(k) for k in range(args.tables)]
                )
                joins = [join(t.id) for t, _ in made for _ in range(1, args.players)]
                await measure(steps, "join", time.process_time, joins)
                await measure(steps, "start", time.process_time, [begin(t.id, token) for t, token in made])
                rounds.append(steps)
        finally:
            await hall.close()
            bots.close()
            await store.close()
    return rounds[1:]


def per_game(steps: Steps, players: int) -> float:
    cpu = {name: s[0] * 1000 for name, s in steps.items()}
    total = cpu["create"] + cpu["join"] * (players - 1) + cpu["start"]
    return total + (cpu.get("connect+hello", 0.0) + cpu.get("close", 0.0)) * players


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default="zenith")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--tables", type=int, default=200, help="tables per round")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--src", help="serve another checkout's code (its src/ directory)")
    p.add_argument("--db", help="a database URL, or postgresql: a private cluster (default: SQLite files)")
    p.add_argument("--json", action="store_true", help="one JSON line per round and step")
    args = p.parse_args()
    with contextlib.ExitStack() as stack:
        tmp = stack.enter_context(tempfile.TemporaryDirectory())
        if args.db == "postgresql":
            from ziggurat.devcluster import postgres

            cluster = stack.enter_context(postgres(durable=True))
            served, local_db = cluster.new_database(), cluster.new_database()
        else:  # (each part its own database: the in-process tables don't meet the served ones)
            served, local_db = args.db or f"sqlite+aiosqlite:///{tmp}/lobby.db", args.db or ""
        proc, base = start(served, *NO_CAPS, src=args.src)
        try:
            http = asyncio.run(over_http(base, proc.pid, args))
        finally:
            stop(proc)
        local = [] if args.src else asyncio.run(in_process(local_db, args))  # (this tree's code only)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    for where, rounds in (("http", http), ("in process", local)):
        for r, steps in enumerate(rounds, 1):
            for name, (cpu, walls) in steps.items():
                row = {"where": where, "round": r, "step": name, "server_cpu_ms": round(cpu * 1000, 3)}
                row["wall_p50_ms"] = round(statistics.median(walls) * 1000, 3)
                print(json.dumps(row) if args.json else "  ".join(f"{k} {v}" for k, v in row.items()))
    code = args.src or os.environ.get("PYTHONPATH") or "this tree"
    summary = {"summary": True, "src": code, "db": served.split(":")[0], "load": load}
    summary["server_cpu_ms_per_game_http"] = [round(per_game(s, args.players), 2) for s in http]
    if local:
        summary["cpu_ms_per_game_in_process"] = [round(per_game(s, args.players), 2) for s in local]
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
