"""Failover: how long a table is unavailable when the process that owns it is killed with SIGKILL.

    python bench/failover.py [--kills 20] [--game zenith] [--lease-seconds 3]

Starts a private PostgreSQL (fsync on) and Redis, and two `ziggurat serve` processes on them (as on
two machines). Each round: a table is created through one process (which then owns it), its players
connect through the other and make a few moves, each acknowledged, which the owner stores. Then the
owner is killed (kill -9) and the clock starts; the players reconnect through the survivor, as the
browser does, and the clock stops at the first move accepted there (its `ack`). The survivor takes the
table over when the dead owner's lease runs out, from the stored log. Every round also checks that no
acknowledged move was lost: the table comes back at the version of the last `ack`. The killed process
is started again for the next round, and the roles swap.

Prints every kill's time, then the median and the maximum. Bounded: at most 20 s per round.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import signal
import statistics
import time
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from _server import NO_CAPS, load, new_game, start, stop

Json = dict[str, Any]


class Seat:
    """One person: a token, a socket to one process, the last state it saw."""

    def __init__(self, base: str, table: str, token: str) -> None:
        self.base, self.table, self.token = base, table, token
        self.ws: ClientConnection | None = None
        self.state: Json | None = None

    async def connect(self, base: str) -> bool:
        """A socket through `base` and its welcome; False if the process refused or moved us on."""
        await self.close()
        self.base = base
        url = base.replace("http://", "ws://") + f"ws/tables/{self.table}"
        try:
            self.ws = await connect(url, proxy=None, open_timeout=2)
            hello: Json = {"type": "hello", "token": self.token}
            if self.state is not None:
                hello["version"] = self.state["version"]
            await self.ws.send(json.dumps(hello))
            welcome = await self.until("welcome", "error", timeout=2)
        except Exception:
            return False
        return welcome is not None and welcome["type"] == "welcome"

    async def until(self, *types: str, timeout: float) -> Json | None:
        """The next message of these types (keeping the latest state on the way), None if cut off."""
        assert self.ws is not None
        try:
            async with asyncio.timeout(timeout):
                while True:
                    m: Json = json.loads(await self.ws.recv())
                    if m["type"] == "state":
                        self.state = m
                    if m["type"] in types:
                        return m
        except Exception:
            return None

    async def settle(self) -> None:
        """Read what is already waiting (the state after a welcome), briefly."""
        await self.until("never", timeout=0.1)

    async def act(self, rng: random.Random) -> Json | None:
        """One random legal move if it's ours: its ack (or error), None if we were cut off."""
        st = self.state
        if self.ws is None or st is None or not st["legal"]:
            return None
        action = rng.choice(st["legal"])
        try:
            await self.ws.send(json.dumps({"type": "act", "action": action, "version": st["version"]}))
        except Exception:  # cut off (the table moved): found again by the caller
            return None
        return await self.until("ack", "error", timeout=2)

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
            self.ws = None


async def new_table(owner: str, game: str, players: int) -> tuple[str, list[str]]:
    """A started table, created (and so owned) by the process at `owner`."""
    async with httpx.AsyncClient(base_url=owner, timeout=10) as api:
        tid, tokens = await new_game(api, game, players)
        r = await api.post(f"/api/tables/{tid}/start", headers={"Authorization": f"Bearer {tokens[0]}"})
        r.raise_for_status()
    return tid, tokens


async def one_round(owner: Any, survivor: str, args: argparse.Namespace, rng: random.Random) -> float:
    """Kill `owner` (a process) mid-game; seconds until the survivor accepts a move. Checks the log."""
    proc, owner_url = owner
    tid, tokens = await new_table(owner_url, args.game, args.players)
    seats = [Seat(survivor, tid, t) for t in tokens]
    for s in seats:
        if not await s.connect(survivor):
            raise SystemExit("a player could not connect through the other process")
        await s.settle()
    acked = 0
    async with asyncio.timeout(20):
        while acked < args.moves:  # a few moves through the survivor, applied and stored by the owner
            for s in seats:
                answer = await s.act(rng)
                if answer is not None and answer["type"] == "ack":
                    acked = answer["version"]
                await s.settle()
        proc.send_signal(signal.SIGKILL)
        killed = time.monotonic()
        while True:  # as the browser does: reconnect (to the survivor) and play on
            for s in seats:
                if (s.ws is None or s.ws.close_code is not None) and await s.connect(survivor):
                    await s.settle()
                answer = await s.act(rng)
                if answer is not None and answer["type"] == "ack":
                    took = time.monotonic() - killed
                    if answer["version"] != acked + 1:
                        raise SystemExit(f"acknowledged moves lost: {acked} acked, now {answer['version']}")
                    for seat in seats:
                        await seat.close()
                    return took
            await asyncio.sleep(0.05)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--kills", type=int, default=20)
    p.add_argument("--game", default="zenith")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--moves", type=int, default=4, help="moves acknowledged before the kill")
    p.add_argument("--lease-seconds", type=float, default=3.0, help="the servers' (their default: 3)")
    args = p.parse_args()
    if not (1 <= args.kills <= 50 and 1 <= args.moves <= 20):
        raise SystemExit("--kills is 1..50, --moves 1..20")
    from ziggurat.devcluster import postgres, redis

    rng = random.Random(1)
    times: list[float] = []
    with postgres(durable=True) as pg, redis() as r:
        flags = [*NO_CAPS, "--redis", r.url, "--lease-seconds", str(args.lease_seconds)]
        procs = [start(pg.url(), *flags) for _ in range(2)]
        print(f"load {load()}; two processes, lease {args.lease_seconds} s, {args.game}", flush=True)
        try:
            for k in range(args.kills):
                owner, survivor = procs[k % 2], procs[(k + 1) % 2]
                took = asyncio.run(one_round(owner, survivor[1], args, rng))
                times.append(took)
                print(f"kill {k + 1:2}: first move accepted at the new owner after {took:.2f} s", flush=True)
                stop(owner[0])
                procs[k % 2] = start(pg.url(), *flags)
        finally:
            for proc, _ in procs:
                stop(proc)
    print(
        json.dumps(
            {
                "kills": len(times),
                "lease_s": args.lease_seconds,
                "median_s": round(statistics.median(times), 2),
                "max_s": round(max(times), 2),
                "min_s": round(min(times), 2),
                "acknowledged_lost": 0,
                "load": load(),
            }
        ),
        flush=True,
    )


if __name__ == "__main__":
    main()
