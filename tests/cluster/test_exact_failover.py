"""Failover plays on exactly: a table whose owning process dies (its lease runs out, nothing released)
is taken over by another process from its snapshot and the moves since, on PostgreSQL, and from there
plays on as the game that never left memory would, in every registered game with a server's keyed
random stream. (The other paths: tests/server/test_exact_restore.py; the same with real processes
killed: test_site.py.)"""

from __future__ import annotations

import asyncio
import itertools
import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from ziggurat.devcluster import Redis, redis
from ziggurat.server.cluster.cluster import Cluster
from ziggurat.server.hall import Hall
from ziggurat.server.table.bots import BotRunner
from ziggurat.store import Leases, Store

from ..server.exact import GAMES, KEYED, Twin, play, players_for, plays_on_exactly, record
from ..server.harness import fast_settings
from ..store.pg import Cluster as Postgres

LEASE = 0.6  # seconds: the survivor takes over soon after the owner's last renewal
_ids = itertools.count()


@pytest.fixture(scope="module")
def shared_redis() -> Iterator[Redis]:
    with redis() as r:
        yield r


@pytest.fixture(scope="module")
def bots() -> Iterator[BotRunner]:
    runner = BotRunner(fast_settings(""))
    yield runner
    runner.close()


async def process(db: str, r: Redis, bots: BotRunner) -> tuple[Hall, Store]:
    """What one server process holds: its store, and a hall among the site's."""
    store = await Store.open(db)
    s = fast_settings(db, bot_delay=3600.0, lease_seconds=LEASE, redis_url=r.url)
    cluster = Cluster(r.url, Leases(store.engine, secrets.token_hex(6), LEASE))
    return Hall(store, bots, s, cluster), store


async def crash(hall: Hall, store: Store) -> None:
    """The process dies: its duties stop and its leases are left to run out (none released)."""
    assert hall.cluster is not None and hall.duties is not None
    for task in (hall._sweeper, *hall.duties.tasks):
        if task is not None:
            task.cancel()
    await asyncio.gather(*(t for t in (hall._sweeper, *hall.duties.tasks) if t), return_exceptions=True)
    await asyncio.gather(*(t.stop() for t in hall.tables.values()))
    await hall.cluster.close()
    await store.close()


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    game_id=hs.sampled_from(GAMES),
    pick=hs.integers(0, 10),
    seed=KEYED,
    choices=hs.integers(0, 2**32),
    before=hs.integers(1, 60),
    since=hs.integers(0, 40),
)
async def test_a_table_taken_over_by_another_process_plays_on_exactly(
    pg: Postgres, shared_redis: Redis, bots: BotRunner, **plan: Any
) -> None:
    db = pg.new_database()
    owner, owner_store = await process(db, shared_redis, bots)
    await owner.restore()
    rec = record(f"f{next(_ids)}", plan["game_id"], players_for(plan["game_id"], plan["pick"]), plan["seed"])
    await owner_store.create_table(rec)
    live, twin = await owner.get(rec.id), Twin.of(rec, plan["choices"])
    assert live.fence is not None, "the owner holds its lease"
    await play(live, twin, plan["before"], short=True)
    assert await owner.save_snapshots(tables=[live]) == 1
    snapped = live.version
    await play(live, twin, plan["since"], short=True)
    await crash(owner, owner_store)
    survivor, store = await process(db, shared_redis, bots)
    try:
        await survivor.restore()
        async with asyncio.timeout(15):  # (it adopts the table once the dead owner's lease runs out)
            while rec.id not in survivor.tables:
                await asyncio.sleep(0.05)
        back = survivor.tables[rec.id]
        assert back.snapshot_version == snapped, "taken over from the snapshot and the moves since"
        await plays_on_exactly(back, twin, store, 20)
    finally:
        await survivor.close()
        await store.close()
