"""A site of several real `ziggurat serve` processes on a real PostgreSQL and a real Redis."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest

from ziggurat.devcluster import Redis

from ..server.harness import ProcessServer
from ..store.pg import Cluster

LEASE = 1.5  # seconds: short, so that a dead owner's tables move on quickly here


@pytest.fixture
def redis() -> Iterator[Redis]:
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is absent (.ci/run installs it)")
    r = Redis()
    r.start()
    yield r
    r.stop()


class Site:
    """Processes serving one site (as on several machines behind a load balancer)."""

    def __init__(self, db: str, redis: Redis, n: int, *flags: str) -> None:
        self.db, self.redis, self.flags = db, redis, flags
        # started side by side, as a deploy starts them (each waits for the others' migrations)
        self.servers = [self.start(wait=False) for _ in range(n)]
        try:
            for s in self.servers:
                s.ready()
        except BaseException:
            self.close()
            raise

    def start(self, wait: bool = True) -> ProcessServer:
        return ProcessServer(
            self.db,
            *("--redis", self.redis.url, "--lease-seconds", str(LEASE), "--bot-pool", "thread"),
            *("--max-open-tables", "1000", "--max-sockets", "1000", "--http-rate", "100000"),
            *("--log-level", "info"),
            *self.flags,
            wait=wait,
        )

    @property
    def urls(self) -> list[str]:
        return [s.url for s in self.servers]

    def close(self) -> None:
        for s in self.servers:
            s.kill()


@pytest.fixture
def site3(pg: Cluster, redis: Redis) -> Iterator[Site]:
    site = Site(pg.new_database(), redis, 3)
    yield site
    site.close()
