"""A process's link to the site closes whenever it is asked to, even just after it opened: redis-py
swallows a cancellation that comes while it connects, and a close that waited for that one
cancellation waited forever (a server stopped right after it started never exited)."""

from __future__ import annotations

import asyncio

from ziggurat.devcluster import Redis
from ziggurat.server.cluster.cluster import Cluster
from ziggurat.store import Leases


async def test_a_cluster_closed_while_it_connects_closes(redis: Redis) -> None:
    for k in range(40):
        cluster = Cluster(redis.url, Leases(None, f"node{k}", 1.0))  # type: ignore[arg-type]
        await cluster.start()
        await asyncio.sleep((0, 0.0005, 0.002, 0.01)[k % 4])  # (while it connects and subscribes)
        async with asyncio.timeout(10):
            await cluster.close()
        assert all(t.done() for t in cluster._tasks)
