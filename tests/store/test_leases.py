"""Leases and fencing tokens on a real PostgreSQL: one owner per table at a time, and a former owner's
writes refused once another has taken over."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
import sqlalchemy as sa

from ziggurat.store import Conflict, Fenced, Leases, SeatRecord, Store, TableRecord

from .pg import Cluster


@pytest.fixture
async def pg_store(pg: Cluster) -> AsyncIterator[Store]:
    store = await Store.open(pg.new_database())
    yield store
    await store.close()


def table(tid: str, status: str = "running") -> TableRecord:
    rec = TableRecord(tid, "zenith", {"board": "fuji"}, 2, 5, 6, status, None, 1.0)  # type: ignore[arg-type]
    rec.seats = [SeatRecord(0, "human", "Ada", "h" * 64), SeatRecord(1, "bot", "Bot", None, "random")]
    return rec


async def test_one_owner_at_a_time_and_a_takeover_once_the_lease_runs_out(pg_store: Store) -> None:
    await pg_store.create_table(table("t"))
    a, b = Leases(pg_store.engine, "a", 0.4), Leases(pg_store.engine, "b", 0.4)
    assert await a.acquire("t") == 1
    assert await b.acquire("t") is None  # a's lease lasts
    assert await a.holder("t") == ("a", 1)
    assert await a.renew(["t"]) == {"t"}
    await asyncio.sleep(0.6)
    assert await a.holder("t") is None  # ran out
    assert await b.acquire("t") == 2  # a new owner, a higher token
    assert await a.renew(["t"]) == set()  # a learns it lost the table
    assert await a.acquire("t") is None
    await a.release([("t", 2)])  # (only the owner lets go)
    assert await a.holder("t") == ("b", 2)
    await b.release([("t", 1)])  # (and only of the lease it holds: its token)
    assert await a.holder("t") == ("b", 2)
    await b.release([("t", 2)])  # b lets go: a may have it at once
    assert await a.acquire("t") == 3
    assert await a.acquire("nope") is None


async def test_a_former_owners_writes_are_refused(pg_store: Store) -> None:
    await pg_store.create_table(table("t"), owner=("a", 0.3))  # the creator holds the first lease
    a, b = Leases(pg_store.engine, "a", 0.3), Leases(pg_store.engine, "b", 5)
    assert await a.holder("t") == ("a", 1)
    await pg_store.append_action("t", 1, 0, "place:s1", fence=1)
    await asyncio.sleep(0.5)
    assert await b.acquire("t") == 2
    with pytest.raises(Fenced):  # a paused past its lease: its late move is refused, nothing stored
        await pg_store.append_action("t", 2, 1, "place:s2", fence=1)
    rec = table("t")
    rec.status = "finished"
    with pytest.raises(Fenced):
        await pg_store.save_table(rec, fence=1)
    await pg_store.append_action("t", 2, 1, "place:s3", fence=2)  # the new owner goes on
    with pytest.raises(Conflict):  # (and the optimistic lock still holds for it)
        await pg_store.append_action("t", 2, 1, "place:s4", fence=2)
    await pg_store.save_table(rec, fence=2)
    assert await pg_store.actions("t") == [(0, "place:s1"), (1, "place:s3")]
    got = await pg_store.get_table("t")
    assert got is not None and got.status == "finished"


async def test_a_batch_mixing_owners_refuses_only_the_stale_ones(pg_store: Store) -> None:
    for tid in ("x", "y"):
        await pg_store.create_table(table(tid), owner=("a", 60))
    outcomes = await asyncio.gather(
        pg_store.append_action("x", 1, 0, "place:s1", fence=1),
        pg_store.append_action("y", 1, 0, "place:s1", fence=7),  # a token y never had
        pg_store.append_action("x", 2, 1, "place:s2", fence=1),
        return_exceptions=True,
    )
    assert outcomes[0] is None and outcomes[2] is None and isinstance(outcomes[1], Fenced)
    assert len(await pg_store.actions("x")) == 2 and await pg_store.actions("y") == []


async def test_orphans_are_running_tables_nobody_holds(pg_store: Store) -> None:
    await pg_store.create_table(table("held"))
    await pg_store.create_table(table("free"))
    await pg_store.create_table(table("open", "open"))
    a = Leases(pg_store.engine, "a", 60)
    await a.acquire("held")
    assert await a.orphans() == ["free"]


async def xids(store: Store, sql: str) -> set[int]:
    async with store.engine.connect() as conn:
        return {int(r[0]) for r in await conn.exec_driver_sql(sql)}


async def test_the_fence_is_checked_in_the_transaction_that_stores_the_moves(pg_store: Store) -> None:
    """The share lock on the lease (which a takeover waits for) is held until the moves are committed:
    the lock and the rows come from one transaction, also when a batch holds nothing but moves."""
    await pg_store.create_table(table("t"), owner=("a", 60))
    await asyncio.gather(*(pg_store.append_action("t", i, 0, f"place:s{i}", fence=1) for i in (1, 2, 3)))
    stored = await xids(pg_store, "SELECT xmin::text::bigint FROM actions WHERE table_id = 't'")
    locked = await xids(pg_store, "SELECT xmax::text::bigint FROM leases WHERE table_id = 't'")
    assert len(stored) == 1 and stored == locked  # (xmax of a row only locked: the locker's xid)


async def test_renewing_leases_never_deadlocks_with_write_batches(pg_store: Store) -> None:
    """Renewals lock many lease rows while batches of moves and table saves share-lock theirs: both in
    the table ids' order, so neither waits on the other in a cycle (PostgreSQL would abort one)."""
    ids = [f"t{i:02}" for i in range(12)]
    for tid in ids:
        await pg_store.create_table(table(tid), owner=("a", 60))
    a = Leases(pg_store.engine, "a", 60)
    done = False

    async def renew() -> None:
        while not done:
            assert await a.renew(list(reversed(ids))) == set(ids)

    async def write(tid: str) -> None:
        for idx in range(1, 31):
            await pg_store.append_action(tid, idx, 0, "place:s1", fence=1)
            if idx % 10 == 0:
                await pg_store.save_table(table(tid), fence=1)

    renewals = [asyncio.create_task(renew()) for _ in range(2)]
    await asyncio.gather(*(write(tid) for tid in reversed(ids)))
    done = True
    await asyncio.gather(*renewals)
    for tid in ids:
        assert len(await pg_store.actions(tid)) == 30


async def test_the_open_table_cap_counts_another_processs_create_that_held_the_lock(
    pg_store: Store,
) -> None:
    """Two processes create tables for one creator at once: the second waits for the first's lock on
    the creator and then counts the first's table, committed meanwhile, so the cap holds across
    processes (READ COMMITTED would otherwise count from a snapshot taken before that commit)."""
    first = table("mine1", "open")
    first.created_by = "someone"
    assert await pg_store.create_table(first, max_open=2)
    async with pg_store.engine.connect() as other:  # another process, in the middle of its create
        await other.execute(sa.text("SELECT pg_advisory_xact_lock(hashtext('someone'))"))
        third = table("mine3", "open")
        third.created_by = "someone"
        ours = asyncio.create_task(pg_store.create_table(third, max_open=2))
        await _until_someone_waits_for_a_lock(pg_store)
        assert not ours.done()
        await other.execute(
            sa.text(
                "INSERT INTO game_tables (id, game, options, players, seed, order_seed, status, created_at,"
                " version, created_by) VALUES ('mine2', 'zenith', '{}', 2, '5', 6, 'open', 1.0, 0, 'someone')"
            )
        )
        await other.commit()
        assert await asyncio.wait_for(ours, 10) is False  # it counted mine2: two open already
    assert sorted(t.id for t in await pg_store.list_tables("open")) == ["mine1", "mine2"]


async def _until_someone_waits_for_a_lock(store: Store) -> None:
    q = sa.text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")
    for _ in range(500):
        async with store.engine.connect() as conn:
            if (await conn.execute(q)).scalar():
                return
        await asyncio.sleep(0.01)
    raise AssertionError("nobody waited for the creator's lock")
