"""How many websockets one client address holds at once (`--max-sockets`), for the whole site.

Alone, a process counts its own sockets. In a site of several processes (`--redis`), each socket is a
lease in Redis: a member of its address's sorted set, scored with the moment it runs out. A socket is
let in only if the set, without its lapsed members, has room (one Lua script: two processes can't both
take the last place). The process renews its sockets' leases every third of their length (10 s) and
removes a socket's when it closes; a process that dies stops renewing, and its sockets' places come free
when their leases run out. Renewing writes every live socket again, so that a Redis that restarted
empty has the whole count back within one renewal (and a socket let in meanwhile may make an address
hold a few more than the cap until some close). While Redis is away, each process caps the sockets it
holds itself (server/cluster/site_redis.py). Redis has an address only as its hash (hall.address_key).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ziggurat.server.cluster.site_redis import REDIS_WAIT, Outage
from ziggurat.server.hall import address_key

if TYPE_CHECKING:
    import redis.asyncio as aioredis
    from redis.commands.core import AsyncScript

# KEYS[1]: the address's set. ARGV: the cap, the lease (s), the new socket, then this process's
# other sockets of that address (written again: a Redis that restarted empty has them back).
_ENTER = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local until_ = now + tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
for i = 4, #ARGV do redis.call('ZADD', KEYS[1], until_, ARGV[i]) end
local ok = 0
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], until_, ARGV[3])
  ok = 1
end
redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(ARGV[2]) * 1000))
return ok
"""
# KEYS[1]: the address's set. ARGV: the lease (s), then this process's sockets of that address.
_RENEW = """
local t = redis.call('TIME')
local until_ = tonumber(t[1]) + tonumber(t[2]) / 1000000 + tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], until_, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(ARGV[1]) * 1000))
return 0
"""


@dataclass(frozen=True)
class Place:
    """One socket's place in its address's count."""

    key: str  # the address's set
    member: str  # this socket, among the site's


class SocketCap:
    def __init__(self, most: int, lease_seconds: float) -> None:
        self.most, self.lease = most, lease_seconds
        self.held: dict[str, set[str]] = {}  # address key -> this process's sockets from it
        self.redis: aioredis.Redis | None = None
        self._enter: AsyncScript | None = None
        self._renew_one: AsyncScript | None = None
        self.node = secrets.token_hex(6)  # this process, in its sockets' names
        self.outage = Outage("socket cap")
        self._ids = itertools.count()
        self._renewer: asyncio.Task[None] | None = None
        self._renew_now = asyncio.Event()

    def for_site(self, redis: aioredis.Redis, node: str) -> None:
        """Count with the other processes of the site, in its Redis."""
        self.redis, self.node = redis, node
        self._enter = redis.register_script(_ENTER)
        self._renew_one = redis.register_script(_RENEW)
        self._renewer = asyncio.create_task(self._renew_forever(), name="socket-cap-renew")

    async def close(self) -> None:
        """Stop renewing, and give this process's places back (a clean stop frees them at once)."""
        if self._renewer is None:
            return
        self._renewer.cancel()
        await asyncio.gather(self._renewer, return_exceptions=True)
        self._renewer = None
        if self.redis is not None and self.held:
            with contextlib.suppress(Exception):
                async with asyncio.timeout(REDIS_WAIT), self.redis.pipeline(transaction=False) as pipe:
                    for key, members in self.held.items():
                        pipe.zrem(key, *members)
                    await pipe.execute()

    async def enter(self, address: str) -> Place | None:
        """A place for one more socket from `address`, or None: it holds as many as it may."""
        key = f"zig:sockets:{address_key(address)}"
        place = Place(key, f"{self.node}:{next(self._ids)}")
        if self._enter is not None and self.outage.worth_trying():
            others = sorted(self.held.get(key, ()))
            try:
                async with asyncio.timeout(REDIS_WAIT):
                    ok = await self._enter(keys=[key], args=[self.most, self.lease, place.member, *others])
                self._worked()
            except Exception as e:  # Redis away: this process's own count, until it is back
                self.outage.failed(e)
            else:
                return self._hold(place) if ok else None
        return self._hold(place) if len(self.held.get(key, ())) < self.most else None

    async def leave(self, place: Place) -> None:
        """The socket closed: its place is free (should Redis miss this, its lease runs out)."""
        self.held.get(place.key, set()).discard(place.member)
        self._forget_if_empty(place.key)
        if self.redis is not None and not self.outage.away:
            with contextlib.suppress(Exception):
                async with asyncio.timeout(REDIS_WAIT):
                    await self.redis.zrem(place.key, place.member)

    async def renew(self) -> None:
        """Every socket of this process, written again with a fresh lease (one round trip; a ping
        with them, so that even a process holding none notices Redis coming back)."""
        if self.redis is None or self._renew_one is None:
            return
        held = [(key, sorted(members)) for key, members in self.held.items()]
        try:
            async with asyncio.timeout(max(REDIS_WAIT, self.lease / 3)):
                async with self.redis.pipeline(transaction=False) as pipe:
                    pipe.ping()
                    for key, members in held:
                        await self._renew_one(keys=[key], args=[self.lease, *members], client=pipe)
                    await pipe.execute()
            self._worked()
        except Exception as e:
            self.outage.failed(e)

    async def _renew_forever(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.lease / 3):
                    await self._renew_now.wait()
            self._renew_now.clear()
            await self.renew()

    def _worked(self) -> None:
        if self.outage.worked():  # back (perhaps restarted empty): every socket of ours, at once
            self._renew_now.set()

    def _hold(self, place: Place) -> Place:
        self.held.setdefault(place.key, set()).add(place.member)
        return place

    def _forget_if_empty(self, key: str) -> None:
        if not self.held.get(key, True):
            del self.held[key]
