"""Sign-in attempts are limited for the whole site: two processes share the buckets, and the addresses
known to a name, through Redis."""

from __future__ import annotations

import pytest

from ziggurat.devcluster import Redis
from ziggurat.server.accounts.attempts import Attempts
from ziggurat.server.config import Settings
from ziggurat.server.errors import Refused

NEVER = 1e-6


async def test_two_processes_share_the_limits(redis: Redis) -> None:
    import redis.asyncio as aioredis

    settings = Settings(
        signin_rate=NEVER,
        signin_burst=3,
        signin_stranger_rate=NEVER,
        signin_stranger_burst=5,
        signin_address_rate=NEVER,
        signin_address_burst=5,
    )
    clients = [aioredis.Redis.from_url(redis.url) for _ in range(2)]
    one, two = (Attempts(settings, c) for c in clients)
    try:
        await one.signed_in("10.0.0.7", "ana")  # the owner's address, known to the name in every process
        for limits in (one, two, one):  # three attempts at one name from one address, over the processes
            await limits.allow("10.0.0.1", "ana")
        with pytest.raises(Refused) as e:
            await two.allow("10.0.0.1", "ana")  # that address's are used up...
        assert e.value.code == "too-many-attempts"
        await one.allow("10.0.0.2", "ana")  # ...not another's: together the 4th and 5th of strangers
        await two.allow("10.0.0.3", "ana")
        with pytest.raises(Refused):
            await one.allow("10.0.0.4", "ana")  # strangers to the name have had theirs
        for limits in (two, one, two):
            await limits.allow("10.0.0.7", "ana")  # the owner's address is no stranger, in any process
        await one.allow("10.0.0.1", "bob")  # the address's 5th over all names (the refused one counted)
        with pytest.raises(Refused):
            await two.allow("10.0.0.1", "carl")  # ...and no 6th, from any process
        # Redis gone: each process limits on its own meanwhile (never unlimited, never down)
        redis.stop()
        alone = Attempts(settings, aioredis.Redis.from_url(redis.url))
        await alone.signed_in("10.0.0.8", "dora")  # (known here, Redis or not)
        for _ in range(3):
            await alone.allow("10.0.0.9", "dora")
        with pytest.raises(Refused):
            await alone.allow("10.0.0.9", "dora")
        for _ in range(3):
            await alone.allow("10.0.0.8", "dora")
    finally:
        for c in clients:
            await c.aclose()
