"""Server load: N tables played at once by scripted websocket clients on loopback, side by side with
boardgame.io if asked.

    python bench/load.py [--game zenith] [--players 2] [--tables 10] [--seconds 20] [--warmup 3]
                         [--db URL | --commit-wait MS] [--clients 2] [--think MS] [--json] [--compare-bgio]
                         [--rounds 2] [--redis URL --workers 1,2 | --site --workers 1,2]

Starts `ziggurat serve` on a free 127.0.0.1 port (a fresh SQLite file unless --db is given; bots are
not involved: every seat is a scripted person, every move a websocket round trip). `--clients`
processes share the tables (in Node where it is installed: a Python websocket client costs more CPU
than the server it measures, and on two cores that would set the pace), and each keeps its tables busy,
starting a new game (create, join, start through the lobby) whenever one ends. Counted are the moves
acknowledged inside the measuring window (after `--warmup` seconds): moves/s, the round trip of a move
(`act` sent -> its `ack`: stored, applied, pushed), the server's CPU time per move (lobby work included)
and peak memory, and the clients' CPU. A failed lobby request is counted in `errors`, never fatal.

`--commit-wait MS` (SQLite only) makes the server's writer wait that long with each batch before it
acknowledges the batch and takes the next, as PostgreSQL's waits for its fsync (bench/_commit_wait.py):
at few tables that wait, not PostgreSQL's code path, is what raises the server's CPU per move there
(docs/performance.md).

`--think MS` makes each seat wait that long before answering a state that asks it. This is a closed
loop: a client that answers sooner offers the server more moves, so at the same server the round trip
grows with the clients' speed. boardgame.io's load client answers about 6-7 ms after its state (its
`Client` runs the game's reducer on every update; ours, about 2.5 ms): `--think` compares the servers at
the same pace of play (docs/performance.md).

`--compare-bgio` runs ../shared/anchors/bgio/run.sh (boardgame.io 0.50, Tic-Tac-Toe, in-memory storage)
with the same number of tables and durations, interleaved with ours (ours, theirs, ours, theirs for
`--rounds`), and prints both and the ratios (and, over several rounds, their medians). Every loop is
bounded by its deadline.

Several processes: `--redis URL --db postgresql://... --workers 1,2` serves with `--workers 1`, then
`--workers 2`, through Redis, each round. `--site` starts a private PostgreSQL (fsync on) and Redis for
the run and puts one process on PostgreSQL without Redis first in each round, so that the ratios show
what Redis and a second process cost or bring. CPU counts every server process, and PostgreSQL's and
Redis' own on this machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect

from _server import (
    NO_CAPS,
    cpu_of,
    cpu_seconds_named,
    load,
    logged,
    memory_mib,
    new_game,
    start,
    stop,
    workers_of,
)

BGIO = Path(__file__).resolve().parents[2] / "shared" / "anchors" / "bgio" / "run.sh"
NODE_CLIENT = Path(__file__).resolve().parent / "load_client.js"


@dataclass
class Window:
    opens: float  # time.time() at which moves start to count
    closes: float

    def counts(self, t: float) -> bool:
        return self.opens <= t < self.closes


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    games: int = 0

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


# --- one client process ----------------------------------------------------------------------------
async def seat(
    ws: ClientConnection, stats: Stats, rng: random.Random, window: Window, think: float = 0.0
) -> None:
    """Play this seat: answer every state that asks it (after `think` seconds), one action in flight."""
    latest: dict[str, Any] | None = None
    sent_at: float | None = None
    acted = -1
    while time.time() < window.closes:
        try:
            raw = await asyncio.wait_for(ws.recv(), max(0.01, window.closes - time.time()))
        except TimeoutError:
            return
        m = orjson.loads(raw)
        if m["type"] == "state":
            latest = m
        elif m["type"] == "ack" and sent_at is not None:
            if window.counts(time.time()):
                stats.latencies.append(time.perf_counter() - sent_at)
            sent_at = None
        elif m["type"] == "error":
            stats.error(m["code"])
            sent_at = None
        if latest is not None and latest["result"] is not None:
            return
        if sent_at is None and latest is not None and latest["legal"] and latest["version"] != acted:
            acted = latest["version"]
            action = rng.choice(latest["legal"])
            if think:
                await asyncio.sleep(think)
            sent_at = time.perf_counter()
            await ws.send(orjson.dumps({"type": "act", "action": action, "version": acted}).decode())


async def table(base: str, api: httpx.AsyncClient, args: argparse.Namespace, stats: Stats, k: int) -> None:
    rng = random.Random(k)
    window = Window(args.window_opens, args.window_closes)
    while time.time() < window.closes:
        try:
            tid, tokens = await new_game(api, args.game, args.players)
        except (httpx.HTTPError, KeyError) as e:
            stats.error(f"lobby:{type(e).__name__}")
            await asyncio.sleep(0.1)
            continue
        sockets: list[ClientConnection] = []
        try:
            for token in tokens:
                ws = await connect(f"{base.replace('http', 'ws')}ws/tables/{tid}", proxy=None, max_size=2**22)
                sockets.append(ws)
                await ws.send(json.dumps({"type": "hello", "token": token}))
            r = await api.post(f"/api/tables/{tid}/start", headers={"Authorization": f"Bearer {tokens[0]}"})
            r.raise_for_status()
            await asyncio.gather(*(seat(ws, stats, rng, window, args.think / 1000) for ws in sockets))
            if window.counts(time.time()):
                stats.games += 1
        except Exception as e:  # a refused start, a dropped socket: counted, and on to the next game
            stats.error(f"game:{type(e).__name__}")
        finally:
            await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)


async def client(args: argparse.Namespace) -> Stats:
    stats = Stats()
    limits = httpx.Limits(max_connections=len(args.ks) + 10)
    async with httpx.AsyncClient(base_url=args.base, trust_env=False, timeout=60, limits=limits) as api:
        delay = args.window_opens - args.warmup - time.time()
        await asyncio.sleep(max(0.0, delay))  # every client starts at once
        await asyncio.gather(*(table(args.base, api, args, stats, k) for k in args.ks))
    return stats


def run_client(args: argparse.Namespace) -> None:
    t0 = time.process_time()
    stats = asyncio.run(client(args))
    out = {"latencies": stats.latencies, "errors": stats.errors, "games": stats.games}
    print(json.dumps({**out, "cpu_s": time.process_time() - t0}))


# --- the coordinator --------------------------------------------------------------------------------
def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(p / 100 * len(xs)))] * 1000, 2) if xs else float("nan")


def ours(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite+aiosqlite:///{tmp}/load.db"
        several = ["--workers", str(args.workers), "--redis", args.redis] if args.redis_on else []
        flags = (*NO_CAPS, "--bot-pool", "thread", *several)
        proc, base = start(db, *flags, src=args.src, commit_wait=args.commit_wait / 1000)
        try:
            opens = time.time() + 2 + args.warmup  # the clients' imports and connections first
            closes = opens + args.seconds
            shares = [list(range(c, args.tables, args.clients)) for c in range(args.clients)]
            workers = []
            for ks in shares:
                slots = ",".join(map(str, ks))
                if args.client_impl == "node":
                    cmd = ["node", "--experimental-websocket", "--no-warnings", str(NODE_CLIENT), base, slots]
                    cmd += [args.game, str(args.players), str(opens - args.warmup), str(opens), str(closes)]
                    cmd += [str(args.think)]
                else:
                    cmd = [sys.executable, __file__, "--client", base, "--ks", slots, "--game", args.game]
                    cmd += ["--players", str(args.players), "--warmup", str(args.warmup)]
                    cmd += ["--window", f"{opens}:{closes}", "--think", str(args.think)]
                workers.append(subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True))
            time.sleep(max(0.0, opens - time.time()))
            family = [proc.pid, *workers_of(proc.pid)]  # (the supervisor and its workers, with --workers)
            cpu0, db0, redis0 = (
                cpu_of(family),
                cpu_seconds_named("postgres"),
                cpu_seconds_named("redis-server"),
            )
            time.sleep(max(0.0, closes - time.time()))
            server_cpu = cpu_of(family) - cpu0
            db_cpu = cpu_seconds_named("postgres") - db0  # a PostgreSQL on this machine works for us too
            redis_cpu = cpu_seconds_named("redis-server") - redis0
            peak = sum(memory_mib(pid)[1] for pid in family)
            results = [json.loads(w.communicate(timeout=args.seconds + 120)[0]) for w in workers]
        finally:
            stop(proc)
            lines = logged(proc)
            if os.environ.get("LOAD_SERVER_LOG"):  # the server's log tail, for a look at what went wrong
                Path(os.environ["LOAD_SERVER_LOG"]).write_text("".join(lines))
            warnings = [line.rstrip() for line in lines if "WARNING" in line or "ERROR" in line]
            if warnings:  # (anything the server complained of is worth a look: show the last few)
                print(
                    f"server logged {len(warnings)} warnings or errors, the last:", *warnings[-3:], sep="\n  "
                )
    latencies = [x for r in results for x in r["latencies"]]
    setups = [x for r in results for x in r.get("setups", [])]
    errors: dict[str, int] = {}
    for r in results:
        for code, n in r["errors"].items():
            errors[code] = errors.get(code, 0) + n
    moves = len(latencies)
    return {
        "server": f"ziggurat {args.src}" if args.src else "ziggurat",
        "game": args.game,
        "players": args.players,
        "tables": args.tables,
        "db": (args.db or "sqlite").split(":")[0],
        "seconds": args.seconds,
        **({"think_ms": args.think} if args.think else {}),
        **({"commit_wait_ms": args.commit_wait} if args.commit_wait else {}),
        "moves_per_s": round(moves / args.seconds, 1),
        "rtt_ms": {"p50": pct(latencies, 50), "p95": pct(latencies, 95), "p99": pct(latencies, 99)},
        "setup_ms": {"p50": pct(setups, 50), "p99": pct(setups, 99)},
        "server_cpu_ms_per_move": round(server_cpu / max(moves, 1) * 1000, 3),
        **({"db_cpu_ms_per_move": round(db_cpu / max(moves, 1) * 1000, 3)} if "postgres" in db else {}),
        **({"redis_cpu_ms_per_move": round(redis_cpu / max(moves, 1) * 1000, 3)} if args.redis_on else {}),
        **({"workers": args.workers} if args.redis_on else {}),
        "server_peak_rss_mb": round(peak, 1),
        "client_cpu_cores": round(sum(r["cpu_s"] for r in results) / (args.seconds + args.warmup), 2),
        "games": sum(r["games"] for r in results),
        "errors": errors,
    }


def theirs(args: argparse.Namespace, installed: bool) -> dict[str, Any]:
    env = {
        **os.environ,
        "GS": str(args.tables),
        "DURATION": str(round(args.seconds)),  # whole seconds: the script's shell arithmetic
        "WARMUP": str(round(args.warmup)),
    }
    if installed:
        env["SKIP_INSTALL"] = "1"
    run = subprocess.run(
        ["bash", str(BGIO)], capture_output=True, text=True, env=env, timeout=args.seconds + 300
    )
    if run.returncode or not run.stdout.strip():
        raise SystemExit(f"boardgame.io's anchor failed:\n{run.stderr[-2000:]}")
    line = json.loads(run.stdout.strip().splitlines()[-1])
    rtt = line["move_rtt_ms"]
    return {
        "server": "boardgame.io",
        "game": "tictactoe",
        "players": 2,
        "tables": args.tables,
        "db": "memory (stores nothing)",
        "seconds": args.seconds,
        "moves_per_s": line["moves_per_s"],
        "rtt_ms": {"p50": rtt["p50"], "p95": rtt["p95"], "p99": rtt["p99"]},
        "setup_ms": {"p50": line["match_setup_ms"]["p50"], "p99": line["match_setup_ms"]["p99"]},
        "server_cpu_ms_per_move": round(line["server_cpu_cores"] / max(line["moves_per_s"], 1) * 1000, 3),
        "server_peak_rss_mb": line["server_peak_rss_mb"],
        "client_cpu_cores": line["client_cpu_cores"],
        "games": line["counters"]["games_completed_window"],
        "errors": line["errors"],
    }


def ratios(a: dict[str, Any], b: dict[str, Any]) -> dict[str, float]:
    def r(x: float, y: float) -> float:
        return round(x / y, 2) if y else float("nan")

    return {
        "moves_per_s": r(a["moves_per_s"], b["moves_per_s"]),
        "rtt_p99": r(a["rtt_ms"]["p99"], b["rtt_ms"]["p99"]),
        "server_cpu_per_move": r(a["server_cpu_ms_per_move"], b["server_cpu_ms_per_move"]),
    }


def show(row: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps({**row, "load": load()}), flush=True)
        return
    rtt = row["rtt_ms"]
    print(
        f"{row['server']:>12} {row['game']}/{row['players']} x{row['tables']} ({row['db']}"
        + (f", {row['workers']} workers + Redis" if row.get("workers") else "")
        + "): "
        f"{row['moves_per_s']} moves/s, rtt p50/p95/p99 {rtt['p50']}/{rtt['p95']}/{rtt['p99']} ms, "
        f"setup p50/p99 {row['setup_ms']['p50']}/{row['setup_ms']['p99']} ms, "
        f"server {row['server_cpu_ms_per_move']} ms CPU/move"
        + (f" (+{row['db_cpu_ms_per_move']} in PostgreSQL)" if row.get("db_cpu_ms_per_move") else "")
        + (f" (+{row['redis_cpu_ms_per_move']} in Redis)" if row.get("redis_cpu_ms_per_move") else "")
        + f", {row['server_peak_rss_mb']} MB, "
        f"clients {row['client_cpu_cores']} cores, errors {row['errors'] or 0}",
        flush=True,
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="zenith")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--tables", type=int, default=10)
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--warmup", type=float, default=3.0)
    p.add_argument("--db", help="database URL (default: a fresh SQLite file)")
    p.add_argument("--clients", type=int, default=2, help="client processes sharing the tables")
    p.add_argument(
        "--think", type=float, default=0.0, help="ms each seat waits before answering a state (see above)"
    )
    p.add_argument(
        "--commit-wait",
        type=float,
        default=0.0,
        metavar="MS",
        help="SQLite only: the writer waits MS with each batch, as PostgreSQL's for its fsync (see above)",
    )
    p.add_argument(
        "--client-impl",
        choices=["node", "python"],
        default="node" if shutil.which("node") else "python",
        help="the load generator: Node (as light as boardgame.io's; the default where node exists) or Python",
    )
    p.add_argument("--json", action="store_true", help="one JSON line per run")
    p.add_argument("--src", help="serve another checkout's code (its src/ directory), for A/B runs")
    p.add_argument(
        "--redis", help="Redis URL: serve as several processes (with --workers, --db postgresql://...)"
    )
    p.add_argument(
        "--workers",
        default="1",
        help="server processes on the port (with --redis); a list such as 1,2 runs each in turn, per round",
    )
    p.add_argument(
        "--site",
        action="store_true",
        help="start a private PostgreSQL (fsync on) and Redis for the run, and add a run of one process"
        " on PostgreSQL without Redis to each round, to show what Redis costs",
    )
    p.add_argument("--compare-bgio", action="store_true", help="interleave runs of boardgame.io's anchor")
    p.add_argument("--rounds", type=int, default=1, help="rounds with --compare-bgio or several --workers")
    p.add_argument("--client", help=argparse.SUPPRESS)  # internal: run as one client process
    p.add_argument("--ks", help=argparse.SUPPRESS)
    p.add_argument("--window", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.client:
        args.base, args.ks = args.client, [int(k) for k in args.ks.split(",") if k]
        args.window_opens, args.window_closes = map(float, args.window.split(":"))
        run_client(args)
        return
    if not (1 <= args.tables <= 1000 and 0 < args.seconds <= 120 and 0 <= args.warmup <= 30):
        raise SystemExit("--tables is 1..1000, --seconds at most 120, --warmup at most 30")
    if not (1 <= args.clients <= 16 and 1 <= args.rounds <= 10 and 0 <= args.think <= 1000):
        raise SystemExit("--clients is 1..16, --rounds 1..10, --think 0..1000 ms")
    if args.commit_wait and (args.db or args.site or not 0 < args.commit_wait <= 100):
        raise SystemExit("--commit-wait is 0..100 ms, on the default SQLite only")
    args.clients = min(args.clients, args.tables)
    counts = [int(w) for w in args.workers.split(",")]
    with contextlib.ExitStack() as stack:
        if args.site:
            from ziggurat.devcluster import postgres, redis

            args.db = stack.enter_context(postgres(durable=True)).url()
            args.redis = stack.enter_context(redis()).url
        # (workers, through Redis?): one process on its own first, as the baseline the others are over
        setups = ([(1, False)] if args.site or not args.redis else []) + (
            [(w, True) for w in counts] if args.redis else []
        )
        several = len(setups) > 1
        against: list[dict[str, float]] = []  # each round's ratios to boardgame.io
        for r in range(args.rounds if args.compare_bgio or several else 1):
            rows = []
            for args.workers, args.redis_on in setups:
                rows.append(ours(args))
                show(rows[-1], args.json)
            if several:
                for row in rows[1:]:
                    print(
                        json.dumps(
                            {"ratios_over_the_first": ratios(row, rows[0]), "workers": row["workers"]}
                        ),
                        flush=True,
                    )
            if args.compare_bgio:
                b = theirs(args, installed=r > 0)
                show(b, args.json)
                against.append(ratios(rows[0], b))
                print(json.dumps({"ratios_ours_over_theirs": against[-1], "tables": args.tables}), flush=True)
        if len(against) > 1:  # one round decides little on a shared machine: the rounds' medians
            medians = {k: round(statistics.median(x[k] for x in against), 3) for k in against[0]}
            print(json.dumps({"median_ratios_ours_over_theirs": medians, "rounds": len(against)}), flush=True)


if __name__ == "__main__":
    main()
