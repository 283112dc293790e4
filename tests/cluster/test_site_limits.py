"""The per-address limits of a site of several processes, on a real Redis: each SocketCap or
SiteBuckets here is one process's. A process dies without a word, Redis stops and starts again empty."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
import redis.asyncio as aioredis

from ziggurat.devcluster import Redis
from ziggurat.server.cluster.buckets import SiteBuckets
from ziggurat.server.cluster.site_redis import limits_redis
from ziggurat.server.cluster.socket_cap import SocketCap

ADDRESS = "203.0.113.7"
LEASE = 2.0  # seconds a socket's place lasts unrenewed (renewed every third)


@pytest.fixture
async def processes(redis: Redis) -> AsyncIterator[Callable[..., SocketCap]]:
    """`new(most)`: one more process's cap, on the site's Redis (each with its own client)."""
    made: list[tuple[SocketCap, aioredis.Redis]] = []

    def new(most: int = 4) -> SocketCap:
        client = limits_redis(redis.url)
        cap = SocketCap(most, LEASE)
        cap.for_site(client, f"node{len(made)}")
        made.append((cap, client))
        return cap

    yield new
    for cap, client in made:
        with contextlib.suppress(Exception):
            await cap.close()
            await client.aclose()


async def _eventually(check: Callable[[], Awaitable[bool]], timeout: float = 20.0) -> None:
    async with asyncio.timeout(timeout):
        while not await check():
            await asyncio.sleep(0.05)


async def test_the_processes_share_one_cap(processes: Callable[..., SocketCap]) -> None:
    one, two = processes(), processes()
    first = [await one.enter(ADDRESS) for _ in range(3)]
    assert None not in first
    assert await two.enter(ADDRESS) is not None  # the 4th, in the other process
    assert await two.enter(ADDRESS) is None and await one.enter(ADDRESS) is None
    assert await two.enter("198.51.100.1") is not None  # another address counts apart
    await one.leave(first[0])
    assert await two.enter(ADDRESS) is not None


async def test_a_dead_processs_places_come_free_and_a_living_ones_stay(
    processes: Callable[..., SocketCap],
) -> None:
    doomed, living = processes(), processes()
    for cap in (doomed, living, doomed, living):
        assert await cap.enter(ADDRESS) is not None
    assert doomed._renewer is not None
    doomed._renewer.cancel()  # it dies: no more renewals, no goodbye
    newcomer = processes()
    assert await newcomer.enter(ADDRESS) is None

    async def took() -> bool:
        return await newcomer.enter(ADDRESS) is not None

    await _eventually(took)  # a dead place, once its lease ran out; the living's leases were as old
    assert await newcomer.enter(ADDRESS) is not None, "the dead process's other place"
    assert await newcomer.enter(ADDRESS) is None, "the living process's two places still count"


async def test_redis_away_each_process_caps_alone_then_the_site_counts_again(
    processes: Callable[..., SocketCap], redis: Redis, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="ziggurat.server")
    one, two = processes(), processes()
    assert await one.enter(ADDRESS) is not None
    redis.stop()
    # Meanwhile each process caps what it holds itself: never unlimited, never refusing everyone.
    assert [await one.enter(ADDRESS) is not None for _ in range(4)] == [True, True, True, False]
    assert [await two.enter(ADDRESS) is not None for _ in range(5)] == [True] * 4 + [False]
    away = [r for r in caplog.records if "socket cap: Redis failed" in r.getMessage()]
    assert len(away) == 2, "said once by each process, not once per socket"
    redis.start()  # empty: what it counted is gone
    await _eventually(lambda: _back(one, two))
    # Both wrote their sockets again: the site holds 8 of 4, and nobody more comes in anywhere.
    newcomer = processes()
    assert await newcomer.enter(ADDRESS) is None
    back = [r for r in caplog.records if "socket cap: Redis is back" in r.getMessage()]
    assert len(back) == 2
    assert len([r for r in caplog.records if "socket cap" in r.getMessage()]) == 4


async def _back(*caps: SocketCap) -> bool:
    return not any(cap.outage.away for cap in caps)


async def test_chat_budgets_are_the_sites_and_each_process_limits_alone_while_redis_is_away(
    redis: Redis, caplog: pytest.LogCaptureFixture
) -> None:
    clients = [limits_redis(redis.url) for _ in range(2)]
    one, two = (SiteBuckets("chat", 1e-6, 3) for _ in clients)
    one.redis, two.redis = clients
    try:
        assert [await b.take("a") for b in (one, two, one, two)] == [True, True, True, False]
        redis.stop()
        assert [await two.take("a") for _ in range(4)] == [True, True, True, False]
        assert len([r for r in caplog.records if "chat limits: Redis failed" in r.getMessage()]) == 1
    finally:
        for c in clients:
            await c.aclose()
