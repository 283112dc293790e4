"""A finished game's public log under readers: what `GET /api/tables/{id}/log` costs the server, and
what a crowd reading it does to an unrelated cheap request.

    python bench/log_endpoint.py [--actions 380] [--clients 4] [--seconds 15] [--rounds 2]
                                 [--against OTHER/src]

Stores one finished Faiths game of random bots (6 seats; the seed whose game is closest to `--actions`
moves) as a finished table in a fresh SQLite file, the way `ziggurat replay --open` does (with the code
of the server measured, so that each checkout reads its own schema), and starts
`ziggurat serve` on it (loopback). For `--seconds`, `--clients` clients each fetch the game's log in a
loop, one request after the other, while one more client asks `GET /api/tables?limit=20` every 20 ms.
Prints the log's p50 / p99 and count, the listing's p50 / p99 / worst, and the server's CPU time.
With `--against`, each round runs that checkout's server too (its src/ directory), in alternating
order, so both see the same machine. The per-address limit on histories is lifted where the server
has it (every client here is 127.0.0.1): this measures the cost of serving, not the limit.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

import httpx

from _server import NO_CAPS, cpu_seconds, load, start, stop
from ziggurat.engine import Match, registry
from ziggurat.store import async_url

GAME, PLAYERS = "faiths", 6


def random_game(seed: int) -> list[tuple[int, str]]:
    """A whole game of random legal actions (the lowest seat asked acts first)."""
    game = registry.get(GAME)
    state = game.new(PLAYERS, game.options({}), seed)
    rng = random.Random(seed)
    actions = []
    while game.result(state) is None:
        seat = min(game.to_act(state))
        action = rng.choice(game.legal(state, seat))
        game.apply(state, seat, action)
        actions.append((seat, action))
    return actions


def closest_game(target: int, seeds: int = 40) -> Match:
    seed = min(range(seeds), key=lambda s: abs(len(random_game(s)) - target))
    names = [f"Player {i + 1}" for i in range(PLAYERS)]
    return Match(GAME, PLAYERS, {}, seed, names, actions=random_game(seed))


_STORE = """
import asyncio, json, sys
from ziggurat.engine import Match
from ziggurat.server.cli.imports import import_match
from ziggurat.store import Store

async def main():
    store = await Store.open(sys.argv[1])
    try:
        print((await import_match(store, Match.from_json(json.load(sys.stdin)))).id)
    finally:
        await store.close()

asyncio.run(main())
"""


def stored(db: str, match: Match, src: str | None) -> str:
    """The match stored as a finished table by the code that serves it (its own migrations, which an
    older checkout can't read past): the new table's id."""
    env = {**os.environ, "PYTHONPATH": src} if src else None
    text = json.dumps(match.to_json())
    done = subprocess.run(
        [sys.executable, "-c", _STORE, db], input=text, capture_output=True, text=True, env=env, check=True
    )
    return done.stdout.strip().splitlines()[-1]


def limit_flags(src: str | None) -> list[str]:
    """Lift the history limit where the server has one (an older checkout doesn't know the flag)."""
    env = {**os.environ, "PYTHONPATH": src} if src else None
    cmd = [sys.executable, "-c", "import sys; from ziggurat.cli import main; sys.exit(main(sys.argv[1:]))"]
    shown = subprocess.run([*cmd, "serve", "--help"], capture_output=True, text=True, env=env).stdout
    return ["--history-rate", "100000"] if "--history-rate" in shown else []


def quantiles(xs: list[float]) -> tuple[float, float, float]:
    """(p50, p99, worst) in ms."""
    if len(xs) < 2:
        return (xs[0] * 1000,) * 3 if xs else (0.0, 0.0, 0.0)
    cuts = statistics.quantiles(xs, n=100, method="inclusive")
    return cuts[49] * 1000, cuts[98] * 1000, max(xs) * 1000


async def readers(
    base: str, table_id: str, clients: int, seconds: float
) -> tuple[list[float], list[float], int]:
    """(each log fetch's seconds, each listing's seconds, refusals) over `seconds`."""
    logs: list[float] = []
    listings: list[float] = []
    refused = 0
    stop_at = time.monotonic() + seconds

    async def read_log() -> None:
        nonlocal refused
        async with httpx.AsyncClient(base_url=base, trust_env=False, timeout=60) as c:
            while time.monotonic() < stop_at:
                t = time.perf_counter()
                r = await c.get(f"/api/tables/{table_id}/log")
                logs.append(time.perf_counter() - t)
                if r.status_code != 200:
                    refused += 1
                    await asyncio.sleep(0.05)

    async def list_tables() -> None:
        async with httpx.AsyncClient(base_url=base, trust_env=False, timeout=60) as c:
            while time.monotonic() < stop_at:
                t = time.perf_counter()
                (await c.get("/api/tables", params={"limit": 20})).raise_for_status()
                listings.append(time.perf_counter() - t)
                await asyncio.sleep(0.02)

    await asyncio.gather(list_tables(), *(read_log() for _ in range(clients)))
    return logs, listings, refused


async def one(src: str | None, match: Match, args: argparse.Namespace) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{tmp}/log.db"
        table_id = stored(async_url(db), match, src)
        proc, base = start(db, *NO_CAPS, *limit_flags(src), src=src)
        try:
            async with httpx.AsyncClient(base_url=base, trust_env=False) as c:  # (the server is up)
                assert (await c.get("/api/tables", params={"limit": 1})).status_code == 200
            cpu = cpu_seconds(proc.pid)
            logs, listings, refused = await readers(base, table_id, args.clients, args.seconds)
            cpu = cpu_seconds(proc.pid) - cpu
        finally:
            stop(proc)
    log50, log99, _ = quantiles(logs)
    list50, list99, worst = quantiles(listings)
    return {
        "server": src or "this tree",
        "logs": len(logs),
        "log_p50_ms": round(log50, 1),
        "log_p99_ms": round(log99, 1),
        "refused": refused,
        "listings": len(listings),
        "listing_p50_ms": round(list50, 1),
        "listing_p99_ms": round(list99, 1),
        "listing_worst_ms": round(worst, 1),
        "server_cpu_s": round(cpu, 2),
        "load": load(),
    }


async def main_async(args: argparse.Namespace) -> None:
    match = closest_game(args.actions)
    print(f"{GAME}, {PLAYERS} seats, {len(match.actions)} actions; {args.clients} clients reading its log")
    servers: list[str | None] = [None] if not args.against else [None, args.against]
    for k in range(args.rounds):
        for src in servers if k % 2 == 0 else servers[::-1]:
            print(json.dumps(await one(src, match, args)), flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--actions", type=int, default=380, help="about how long the finished game is")
    p.add_argument("--clients", type=int, default=4, help="clients reading the log in a loop")
    p.add_argument("--seconds", type=float, default=15.0, help="how long each measurement lasts")
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--against", help="another checkout's src/ directory, measured in the same rounds")
    args = p.parse_args()
    if not 0 < args.seconds <= 120 or not 0 < args.clients <= 32 or not 0 < args.rounds <= 10:
        p.error("keep it bounded: --seconds up to 120, --clients up to 32, --rounds up to 10")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
