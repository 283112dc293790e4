"""Sign-in attempts, limited per username and per client address: token buckets in this process, or,
for a site of several processes (`--redis`), in Redis, so that spreading the attempts over the
processes gains an attacker nothing. Should Redis fail, each process limits on its own meanwhile."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ziggurat.server.config import Settings
from ziggurat.server.errors import Refused
from ziggurat.server.limits import PerKey

if TYPE_CHECKING:
    import redis.asyncio as aioredis

log = logging.getLogger("ziggurat.server")

# One bucket, atomically: refill by the time since the last take (Redis' own clock: every process
# agrees), take one if there is one, keep the key until it would be full again.
_TAKE = """
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local b = redis.call('HMGET', KEYS[1], 'tokens', 'stamp')
local tokens = tonumber(b[1]) or burst
local stamp = tonumber(b[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - stamp) * rate)
local ok = 0
if tokens >= 1 then
  tokens = tokens - 1
  ok = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'stamp', tostring(now))
redis.call('EXPIRE', KEYS[1], math.ceil(burst / rate) + 1)
return ok
"""


class Attempts:
    def __init__(self, settings: Settings, redis: aioredis.Redis | None = None) -> None:
        self.name_rate = (settings.signin_rate, settings.signin_burst)
        self.address_rate = (settings.signin_address_rate, settings.signin_address_burst)
        self.per_name = PerKey(*self.name_rate)
        self.per_address = PerKey(*self.address_rate)
        self.redis = redis

    async def allow(self, address: str, name_key: str | None = None) -> None:
        """One attempt from `address` (for the username keyed `name_key`), or `too-many-attempts`."""
        ok = await self._take("address", address, self.address_rate, self.per_address)
        if name_key is not None:
            ok = await self._take("name", name_key, self.name_rate, self.per_name) and ok
        if not ok:
            raise Refused("too-many-attempts", "Too many attempts; wait a minute and try again.", 429)

    async def _take(self, kind: str, key: str, rate: tuple[float, float], local: PerKey) -> bool:
        if self.redis is not None:
            try:
                took = await self.redis.eval(_TAKE, 1, f"ziggurat:attempts:{kind}:{key}", *rate)
                return bool(took)
            except Exception as e:  # Redis away: limit here until it is back
                log.warning("sign-in limits: Redis failed (%s); limiting in this process", e)
        return local.allow(key)
