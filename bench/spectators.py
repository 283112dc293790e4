"""Spectator fan-out: what watchers on one table cost the server, per move, and what they do to an
unrelated request's latency.

    python bench/spectators.py [--spectators 0 400] [--moves 60] [--rounds 2] [--src OTHER/src --old]

Starts `ziggurat serve` on loopback (a fresh SQLite file). For each spectator count: a Zealous table of
three scripted people (advanced length, so the game outlasts the moves) watched by that many
websocket spectators, who read everything they are sent. The people play `--moves` moves; meanwhile
another client asks `GET /api/games` every 20 ms. Prints the server's CPU time per move and the GET's
p50 / p99 / worst latency. Counts alternate (0, 400, 0, 400, ...) in one run, so both see the same
machine. `--src` runs another checkout's server (`--old`: one without the per-address caps' flags).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import tempfile
import time
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from _server import NO_CAPS, cpu_seconds, load, start, stop


async def watch(ws: ClientConnection) -> None:
    with contextlib.suppress(Exception):
        async for _ in ws:
            pass


async def poll(api: httpx.AsyncClient, times: list[float], stop_at: asyncio.Event) -> None:
    while not stop_at.is_set():
        t0 = time.perf_counter()
        (await api.get("/api/games")).raise_for_status()
        times.append(time.perf_counter() - t0)
        await asyncio.sleep(0.02)


async def one(base: str, pid: int, spectators: int, moves: int, rng: random.Random) -> dict[str, Any]:
    ws_url = base.replace("http", "ws") + "ws/tables/"
    async with httpx.AsyncClient(base_url=base, trust_env=False, timeout=60) as api:
        body = {"game": "zealous", "seats": 3, "name": "P0", "options": {"length": "advanced"}}
        r = await api.post("/api/tables", json=body)
        tid, tokens = r.json()["table"]["id"], [r.json()["token"]]
        for i in (1, 2):
            tokens.append((await api.post(f"/api/tables/{tid}/join", json={"name": f"P{i}"})).json()["token"])
        players = [await connect(ws_url + tid, proxy=None, max_size=2**22) for _ in tokens]
        for ws, token in zip(players, tokens, strict=True):
            await ws.send(json.dumps({"type": "hello", "token": token}))
        watchers = []
        for _ in range(spectators):
            ws = await connect(ws_url + tid, proxy=None, max_size=2**22)
            await ws.send(json.dumps({"type": "hello"}))
            watchers.append(ws)
        readers = [asyncio.create_task(watch(ws)) for ws in watchers]
        await api.post(f"/api/tables/{tid}/start", headers={"Authorization": f"Bearer {tokens[0]}"})
        await asyncio.sleep(0.5)
        latest: list[dict[str, Any] | None] = [None, None, None]

        async def read(k: int) -> None:
            with contextlib.suppress(Exception):
                async for raw in players[k]:
                    m = json.loads(raw)
                    if m["type"] == "state":
                        latest[k] = m

        player_readers = [asyncio.create_task(read(k)) for k in range(3)]
        times: list[float] = []
        done = asyncio.Event()
        poller = asyncio.create_task(poll(api, times, done))
        cpu0, t0, made, acted = cpu_seconds(pid), time.perf_counter(), 0, -1
        async with asyncio.timeout(120):
            while made < moves:
                await asyncio.sleep(0.002)
                for k in range(3):
                    m = latest[k]
                    if m and m["result"] is None and m["legal"] and m["version"] != acted:
                        acted = m["version"]
                        act = {"type": "act", "action": rng.choice(m["legal"]), "version": acted}
                        await players[k].send(json.dumps(act))
                        made += 1
                if any(m and m["result"] is not None for m in latest):
                    break
        await asyncio.sleep(0.3)  # the last pushes go out
        cpu, wall = cpu_seconds(pid) - cpu0, time.perf_counter() - t0
        done.set()
        await poller
        for task in [*readers, *player_readers]:
            task.cancel()
        await asyncio.gather(*(ws.close() for ws in [*players, *watchers]), return_exceptions=True)
    times.sort()
    return {
        "spectators": spectators,
        "moves": made,
        "server_cpu_ms_per_move": round(cpu / max(made, 1) * 1000, 2),
        "moves_per_s": round(made / wall, 1),
        "get_ms_p50": round(statistics.median(times) * 1000, 1),
        "get_ms_p99": round(times[int(0.99 * (len(times) - 1))] * 1000, 1),
        "get_ms_max": round(times[-1] * 1000, 1),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--spectators", type=int, nargs="+", default=[0, 400])
    p.add_argument("--moves", type=int, default=60)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--src", help="run another checkout's server (its src/ directory)")
    p.add_argument("--old", action="store_true", help="a server without this issue's flags")
    args = p.parse_args()
    if not all(0 <= s <= 1000 for s in args.spectators) or not 1 <= args.moves <= 500 or args.rounds > 10:
        raise SystemExit("spectators 0..1000, moves 1..500, rounds at most 10")
    flags = ["--http-rate", "100000"] if args.old else NO_CAPS
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start(f"sqlite+aiosqlite:///{tmp}/fanout.db", *flags, src=args.src)
        try:
            for r in range(args.rounds):
                for n in args.spectators:
                    row = asyncio.run(one(base, proc.pid, n, args.moves, random.Random(r)))
                    print(json.dumps({"server": args.src or "this tree", **row, "load": load()}), flush=True)
        finally:
            stop(proc)


if __name__ == "__main__":
    main()
