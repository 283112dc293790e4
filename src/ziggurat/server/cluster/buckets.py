"""Token buckets per key (a client address) for the whole site: in Redis for a site of several processes
(`--redis`), so that spreading requests over the processes gains nothing; in this process otherwise,
and meanwhile should Redis fail (server/cluster/site_redis.py)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from ziggurat.server.cluster.site_redis import REDIS_WAIT, Outage
from ziggurat.server.http.limits import PerKey

if TYPE_CHECKING:
    import redis.asyncio as aioredis

# One bucket, atomically: refill by the time since the last take (Redis' own clock: every process
# agrees), take one if there is one, keep the key until it would be full again. TAKE_FUNCTION is the
# Lua function alone, for scripts that take from several buckets at once (server/accounts/attempts.py).
TAKE_FUNCTION = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local function take(key, rate, burst)
  local b = redis.call('HMGET', key, 'tokens', 'stamp')
  local tokens = tonumber(b[1]) or burst
  local stamp = tonumber(b[2]) or now
  tokens = math.min(burst, tokens + math.max(0, now - stamp) * rate)
  local ok = 0
  if tokens >= 1 then
    tokens = tokens - 1
    ok = 1
  end
  redis.call('HSET', key, 'tokens', tostring(tokens), 'stamp', tostring(now))
  redis.call('EXPIRE', key, math.min(86400, math.ceil(burst / rate) + 1))
  return ok
end
"""
_TAKE = TAKE_FUNCTION + "return take(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]))\n"


class SiteBuckets:
    """`take(key)`: one from that key's bucket (`rate` per second, at most `burst`), or False."""

    def __init__(self, name: str, rate: float, burst: float) -> None:
        self.name, self.rate, self.burst = name, rate, burst
        self.local = PerKey(rate, burst)
        self.redis: aioredis.Redis | None = None  # set once the site's Redis is up
        self.outage = Outage(f"{name} limits")

    async def take(self, key: str) -> bool:
        if self.redis is not None and self.outage.worth_trying():
            try:
                async with asyncio.timeout(REDIS_WAIT):
                    name = f"zig:limit:{self.name}:{key}"
                    took = await self.redis.eval(_TAKE, 1, name, self.rate, self.burst)
                self.outage.worked()
                return bool(took)
            except Exception as e:  # Redis away: limit here until it is back
                self.outage.failed(e)
        return self.local.allow(key)
