"""Server load: N concurrent tables played by scripted websocket clients on loopback, for T seconds.

    python bench/load.py [--tables N] [--seconds T] [--game zealous] [--players 3] [--db URL]

Starts `ziggurat serve` on a free 127.0.0.1 port (a fresh SQLite file unless --db is given), seats a
scripted client in every seat of N tables (no bots: every move is a websocket round trip) and keeps N
games going until T seconds are up, starting a new one whenever one ends. Prints accepted moves/s, the
move round trip (send `act` -> receive its `ack`: stored, applied and pushed) at p50/p95/p99, and the
server's peak resident memory. Only loopback traffic; every loop is bounded by the deadline.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from _server import NO_CAPS, start


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    games: int = 0


def start_server(db: str) -> tuple[subprocess.Popen[str], str]:
    return start(db, *NO_CAPS, "--bot-pool", "thread")


def peak_rss_mib(pid: int) -> float:
    """VmHWM: the process's peak resident set, from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def seat(ws: ClientConnection, stats: Stats, rng: random.Random, deadline: float) -> None:
    """Play this seat: answer every state that asks it, one action in flight at a time."""
    latest: dict[str, Any] | None = None
    sent_at: float | None = None
    acted = -1
    while time.monotonic() < deadline:
        try:
            raw = await asyncio.wait_for(ws.recv(), max(0.01, deadline - time.monotonic()))
        except TimeoutError:
            return
        m = json.loads(raw)
        if m["type"] == "state":
            latest = m
        elif m["type"] == "ack" and sent_at is not None:
            stats.latencies.append(time.perf_counter() - sent_at)
            sent_at = None
        elif m["type"] == "error":
            stats.errors[m["code"]] = stats.errors.get(m["code"], 0) + 1
            sent_at = None
        if latest is not None and latest["result"] is not None:
            return
        if sent_at is None and latest is not None and latest["legal"] and latest["version"] != acted:
            acted = latest["version"]
            sent_at = time.perf_counter()
            action = rng.choice(latest["legal"])
            await ws.send(json.dumps({"type": "act", "action": action, "version": acted}))


async def table(
    base: str, api: httpx.AsyncClient, args: argparse.Namespace, stats: Stats, k: int, deadline: float
) -> None:
    rng = random.Random(k)
    ws_base = base.replace("http://", "ws://")
    while time.monotonic() < deadline:
        r = await api.post("/api/tables", json={"game": args.game, "seats": args.players, "name": "P0"})
        r.raise_for_status()
        tid, tokens = r.json()["table"]["id"], [r.json()["token"]]
        for i in range(1, args.players):
            tokens.append((await api.post(f"/api/tables/{tid}/join", json={"name": f"P{i}"})).json()["token"])
        sockets = [await connect(f"{ws_base}ws/tables/{tid}", proxy=None, max_size=2**22) for _ in tokens]
        try:
            for ws, tok in zip(sockets, tokens, strict=True):
                await ws.send(json.dumps({"type": "hello", "token": tok}))
            r = await api.post(f"/api/tables/{tid}/start", headers={"Authorization": f"Bearer {tokens[0]}"})
            r.raise_for_status()
            await asyncio.gather(*(seat(ws, stats, rng, deadline) for ws in sockets))
            if time.monotonic() < deadline:
                stats.games += 1
        finally:
            await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))] * 1000 if xs else float("nan")


async def run(args: argparse.Namespace, base: str) -> Stats:
    stats = Stats()
    limits = httpx.Limits(max_connections=args.tables + 10)
    async with httpx.AsyncClient(base_url=base, trust_env=False, timeout=60, limits=limits) as api:
        start = time.monotonic()
        deadline = start + args.seconds
        await asyncio.gather(*(table(base, api, args, stats, k, deadline) for k in range(args.tables)))
    return stats


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=10)
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--game", default="zealous")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--db", help="database URL (default: a fresh SQLite file)")
    args = p.parse_args()
    if not 1 <= args.tables <= 1000 or not 0 < args.seconds <= 600:
        raise SystemExit("--tables is 1..1000 and --seconds at most 600")
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite+aiosqlite:///{tmp}/load.db"
        proc, base = start_server(db)
        try:
            t0 = time.monotonic()
            stats = asyncio.run(run(args, base))
            elapsed = time.monotonic() - t0
            peak = peak_rss_mib(proc.pid)
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
    moves = len(stats.latencies)
    out = {
        "tables": args.tables,
        "seconds": round(elapsed, 1),
        "game": args.game,
        "players": args.players,
        "db": "sqlite" if not args.db else args.db.split(":")[0],
        "accepted_moves": moves,
        "moves_per_s": round(moves / elapsed, 1),
        "rtt_ms_p50": round(pct(stats.latencies, 50), 2),
        "rtt_ms_p95": round(pct(stats.latencies, 95), 2),
        "rtt_ms_p99": round(pct(stats.latencies, 99), 2),
        "games_finished": stats.games,
        "errors": stats.errors,
        "server_peak_rss_mib": round(peak, 1),
        "cpus": os.cpu_count(),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
