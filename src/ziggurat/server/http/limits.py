"""Rate limits: a token bucket per websocket connection and per client address for the lobby."""

from __future__ import annotations

import time


class Bucket:
    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class PerKey:
    """One bucket per key (a client address); forgets idle keys so the map stays small."""

    def __init__(self, rate: float, burst: float, max_keys: int = 10000) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self.buckets: dict[str, Bucket] = {}

    def allow(self, key: str) -> bool:
        b = self.buckets.get(key)
        if b is None:
            if len(self.buckets) >= self.max_keys:
                self.buckets.clear()
            b = self.buckets[key] = Bucket(self.rate, self.burst)
        return b.allow()
