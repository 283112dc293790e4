"""The per-address limits' use of the site's Redis (cluster/socket_cap.py, cluster/buckets.py): their
client, how long they wait for an answer, and Redis going away and coming back.

While Redis is away (or slower than REDIS_WAIT) a limit counts in this process, and says so once (not
once per request), then once more when Redis is back. Meanwhile Redis is asked again only every
`retry` seconds, so that a Redis that hangs doesn't make every request wait for a timeout."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import redis.asyncio as aioredis

log = logging.getLogger("ziggurat.server")

REDIS_WAIT = 2.0  # seconds an answer from Redis may take before this process counts alone


def limits_redis(url: str) -> aioredis.Redis:
    """A client of the site's Redis for the limits: a few connections taken in turn, so that a burst
    of requests (a crowd connecting at once, each asking once) waits a moment for one rather than
    each opening its own, which a busy machine can take long enough over to look like Redis away."""
    import redis.asyncio as aioredis

    return aioredis.Redis.from_pool(aioredis.BlockingConnectionPool.from_url(url, max_connections=4))


class Outage:
    def __init__(self, what: str, retry: float = 1.0) -> None:
        self.what = what  # the limit, as the log names it
        self.retry = retry
        self.away = False
        self._next_try = 0.0

    def worth_trying(self) -> bool:
        """Redis is up as far as we know, or it is time to try it again."""
        return not self.away or time.monotonic() >= self._next_try

    def failed(self, error: BaseException) -> None:
        self._next_try = time.monotonic() + self.retry
        if not self.away:
            self.away = True
            log.warning("%s: Redis failed (%r); counting in this process until it is back", self.what, error)

    def worked(self) -> bool:
        """Redis answered; True if it was away until now."""
        if not self.away:
            return False
        self.away = False
        log.info("%s: Redis is back; counting for the whole site again", self.what)
        return True
