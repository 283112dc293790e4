"""Sign-in attempts are limited for the whole site: two processes share the buckets through Redis."""

from __future__ import annotations

import pytest

from ziggurat.devcluster import Redis
from ziggurat.server.attempts import Attempts
from ziggurat.server.config import Settings
from ziggurat.server.errors import Refused


async def test_two_processes_share_the_limits(redis: Redis) -> None:
    import redis.asyncio as aioredis

    settings = Settings(signin_rate=1e-6, signin_burst=3, signin_address_rate=1e-6, signin_address_burst=4)
    clients = [aioredis.Redis.from_url(redis.url) for _ in range(2)]
    one, two = (Attempts(settings, c) for c in clients)
    try:
        for limits in (one, two, one):  # three attempts at one username, spread over the processes
            await limits.allow("10.0.0.1", "ana")
        with pytest.raises(Refused) as e:
            await two.allow("10.0.0.2", "ana")  # (another address: the username's are used up)
        assert e.value.code == "too-many-attempts"
        await one.allow("10.0.0.1", "bob")  # the address's 4th
        with pytest.raises(Refused):
            await two.allow("10.0.0.1", "carl")  # ...and no 5th, from any process
        # Redis gone: each process limits on its own meanwhile (never unlimited, never down)
        redis.stop()
        alone = Attempts(settings, aioredis.Redis.from_url(redis.url))
        for _ in range(3):
            await alone.allow("10.0.0.9", "dora")
        with pytest.raises(Refused):
            await alone.allow("10.0.0.9", "dora")
    finally:
        for c in clients:
            await c.aclose()
