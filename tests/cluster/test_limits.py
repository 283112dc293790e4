"""Per-address limits hold for the whole site, not per process: a site of several processes shares
one count of each address's websockets and one budget of its chat messages, through Redis."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from pathlib import Path

from websockets.exceptions import ConnectionClosed

from ziggurat.devcluster import Redis

from ..server.harness import Client, ProcessServer, ThreadServer, fast_settings, http, new_table
from ..store.pg import Cluster
from .test_workers import _children

CAP = 32


async def _open(url: str, table: str) -> Client | None:
    """A spectator's socket, welcomed (None: refused for the address's cap, and closed)."""
    c = await Client(url, table).connect(hello=False)
    with contextlib.suppress(ConnectionClosed):
        await c.send({"type": "hello"})
    m = await c.next("welcome", "error")
    if m["type"] == "welcome":
        return c
    assert m["code"] == "too-many-sockets", m
    await c.close()
    return None


def _sockets_of(pid: int) -> int:
    """How many sockets a process has open (its clients' connections, and a few of its own)."""
    fds = Path(f"/proc/{pid}/fd")
    return sum(1 for fd in fds.iterdir() if os.readlink(fd).startswith("socket:"))


def _open_now(c: Client) -> bool:
    return c.ws is not None and c.ws.close_code is None


async def test_one_address_has_one_socket_cap_for_the_site(pg: Cluster, redis: Redis) -> None:
    """Issue 43: with `--workers 2` and a cap of 32, 60 of 80 sockets from one address were accepted.
    And a process that dies takes its sockets' places with it (leases that only the living renew)."""
    db = pg.new_database()
    server = ProcessServer(
        db,
        *("--workers", "2", "--redis", redis.url, "--lease-seconds", "1.5", "--bot-pool", "thread"),
        *("--max-sockets", str(CAP)),
    )
    try:
        # The table belongs to a third process of the site, which lives on: killing a worker then
        # closes only the sockets it held (not, as a table moving would, the other worker's too).
        with ThreadServer(fast_settings(db, redis_url=redis.url, lease_seconds=1.5)) as owner:
            async with http(owner.url) as api:
                tid, _ = await new_table(api, "zenith", ["Ada", "Bo"])
            opened = await asyncio.gather(*(_open(server.url, tid) for _ in range(80)))
            held = [c for c in opened if c is not None]
            assert len(held) == CAP
            busiest = max(_children(server.proc.pid), key=_sockets_of)
            os.kill(busiest, signal.SIGKILL)  # with its share of the sockets; the other lives on
            async with asyncio.timeout(10):
                while all(_open_now(c) for c in held):
                    await asyncio.sleep(0.05)
            await asyncio.sleep(0.5)  # (every socket of the dead worker has seen its connection drop)
            held = [c for c in held if _open_now(c)]
            assert len(held) < CAP
            async with asyncio.timeout(60):  # their places come free once their leases run out
                while len(held) < CAP:
                    c = await _open(server.url, tid)
                    if c is None:
                        await asyncio.sleep(0.2)
                    else:
                        held.append(c)
            assert await _open(server.url, tid) is None, f"exactly {CAP} again"
            assert all(_open_now(c) for c in held)
            for c in held:
                await c.close()
    finally:
        server.stop()


async def test_one_address_has_one_chat_budget_for_the_site(pg: Cluster, redis: Redis) -> None:
    """Sockets of one address on two processes, at tables owned by either, share its chat budget."""
    db = pg.new_database()
    limits = {"redis_url": redis.url, "lease_seconds": 1.5, "chat_address_rate": 1e-6}
    with (
        ThreadServer(fast_settings(db, **limits, chat_address_burst=10)) as one,
        ThreadServer(fast_settings(db, **limits, chat_address_burst=10)) as two,
    ):
        tables = []
        for s in (one, two):  # a table owned by each process
            async with http(s.url) as api:
                tables.append((await new_table(api, "zenith", ["Ada", "Bo"]))[0])
        crowd = [await Client(s.url, t).connect() for s in (one, two) for t in tables for _ in range(4)]
        stored = 0
        for i, c in enumerate(crowd):
            for k in range(3):
                text = f"{i}.{k}"
                await c.send({"type": "chat", "text": text, "ref": text})
                while True:
                    m = await c.next("chat", "error")
                    if m["type"] == "error" and m.get("ref") == text:
                        assert m["code"] == "chat-rate", m
                        break
                    if m["type"] == "chat" and any(x["text"] == text for x in m["messages"]):
                        stored += 1
                        break
        assert stored == 10
        for c in crowd:
            await c.close()
