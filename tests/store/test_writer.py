"""Group commit: writes queued together are committed together, yet each keeps its own outcome."""

from __future__ import annotations

import asyncio

import pytest
import sqlalchemy as sa

from ziggurat.store import Conflict, SeatRecord, Store, TableRecord
from ziggurat.store.writer import Append, _Queued

from .pg import Cluster


def table(tid: str) -> TableRecord:
    rec = TableRecord(tid, "zenith", {"board": "fuji"}, 2, 5, 6, "running", None, 1.0)
    rec.seats = [SeatRecord(0, "human", "Ada", "h" * 64), SeatRecord(1, "bot", "Bot", None, "random")]
    return rec


async def test_many_tables_appending_at_once_all_commit(store: Store) -> None:
    for k in range(10):
        await store.create_table(table(f"t{k}"))

    async def play(tid: str) -> None:
        for i in range(1, 21):
            await store.append_action(tid, i, i % 2, f"place:s{i}")

    await asyncio.gather(*(play(f"t{k}") for k in range(10)))
    for k in range(10):
        assert await store.actions(f"t{k}") == [(i % 2, f"place:s{i}") for i in range(1, 21)]


async def test_each_write_in_a_batch_has_its_own_outcome(store: Store) -> None:
    await store.create_table(table("a"))
    outcomes = await asyncio.gather(
        store.append_action("a", 1, 0, "place:s1"),
        store.create_table(table("a")),  # the id is taken: this write fails, alone
        store.append_action("a", 1, 1, "place:s2"),  # index 1 is taken by the first: a conflict
        store.append_action("ghost", 1, 0, "place:s1"),  # no such table
        store.create_table(table("b")),
        store.append_action("a", 2, 1, "place:s3"),
        return_exceptions=True,
    )
    assert outcomes[0] is None and outcomes[4] is True and outcomes[5] is None
    assert isinstance(outcomes[1], Exception) and isinstance(outcomes[2], Conflict)
    assert isinstance(outcomes[3], Exception) and not isinstance(outcomes[3], Conflict)
    assert await store.actions("a") == [(0, "place:s1"), (1, "place:s3")]
    got = await store.get_table("b")
    assert got is not None and [s.name for s in got.seats] == ["Ada", "Bot"]


async def test_a_lobby_write_that_fails_fails_alone_and_the_writer_goes_on(store: Store) -> None:
    """A lobby write of one statement is committed on its own on PostgreSQL, outside the batch's
    transaction: one that fails takes nothing else with it, and those after it are stored."""
    await store.create_table(table("a"))
    started = table("a")
    started.version = 1
    outcomes = await asyncio.gather(
        store.save_table(table("ghost")),  # not stored: refused, alone
        store.append_action("a", 1, 0, "place:s1"),
        store.create_table(table("a")),  # its id is taken
        store.create_table(table("b")),
        store.save_table(started),
        store.append_action("a", 2, 1, "place:s2"),
        return_exceptions=True,
    )
    assert isinstance(outcomes[0], Exception) and isinstance(outcomes[2], Exception)
    assert outcomes[1:] == [None, outcomes[2], True, None, None]
    assert await store.get_table("ghost") is None
    assert await store.actions("a") == [(0, "place:s1"), (1, "place:s2")]
    b = await store.get_table("b")
    assert b is not None and b.status == "running"
    b.status = "finished"
    await store.save_table(b)  # (after a failure, a fresh connection where it needs one)
    got, a = await store.get_table("b"), await store.get_table("a")
    assert got is not None and got.status == "finished" and a is not None and a.version == 1


async def test_a_lobby_write_whose_last_part_fails_stores_nothing_of_it(store: Store) -> None:
    """A save and what goes with it (a rated game's ratings) are one transaction. On PostgreSQL the
    table's statement goes to asyncpg directly, and the transaction it is in is the batch's: with the
    ratings failing, the table stays as it was, and the moves in the same batch are stored."""
    await store.create_table(table("a"))
    await store.create_table(table("b"))
    finished = table("a")
    finished.status, finished.version = "finished", 3

    def ratings(conn: sa.Connection) -> None:
        raise RuntimeError("the ratings could not be written")

    outcomes = await asyncio.gather(
        store.append_action("b", 1, 0, "place:s1"),
        store.save_table(finished, also=ratings),
        store.append_action("b", 2, 1, "place:s2"),
        return_exceptions=True,
    )
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], RuntimeError)
    got = await store.get_table("a")
    assert got is not None and (got.status, got.version) == ("running", 0)
    assert await store.actions("b") == [(0, "place:s1"), (1, "place:s2")]


async def test_the_open_table_cap_is_counted_in_the_same_transaction(store: Store) -> None:
    recs = []
    for k in range(6):
        rec = table(f"o{k}")
        rec.status, rec.created_by = "open", "someone"
        recs.append(rec)
    made = await asyncio.gather(*(store.create_table(r, max_open=4) for r in recs))
    assert made.count(True) == 4 and made.count(False) == 2  # never five, however they race
    assert len(await store.list_tables("open")) == 4


@pytest.mark.parametrize("n", [1, 600])
async def test_a_batch_larger_than_the_limit_is_split_and_all_stored(store: Store, n: int) -> None:
    for k in range(3):
        await store.create_table(table(f"x{k}"))
    tids = [f"x{k % 3}" for k in range(n)]
    counters = {t: 0 for t in set(tids)}
    appends = []
    for tid in tids:
        counters[tid] += 1
        appends.append(store.append_action(tid, counters[tid], 0, "place:s1"))
    await asyncio.gather(*appends)
    stored = [len(await store.actions(t)) for t in counters]
    assert sum(stored) == n


async def test_a_write_taken_as_the_writer_stops_fails_rather_than_waits() -> None:
    """The writer waits one turn of the loop between taking a batch's first write and the rest: stopped
    in that turn, the write it took fails, and nothing is left waiting for a commit that won't come."""

    class Probe(_Queued):
        async def _run(self) -> None:
            await self._take()
            raise AssertionError("the probe was meant to be stopped in its turn")

    probe = Probe("probe")
    fut = probe._submit(Append("t", 1, 0, "stay", 0.0))
    await asyncio.sleep(0)  # the probe takes the write and gives the loop its turn
    await probe._stop()
    with pytest.raises(RuntimeError, match="store closed"):
        fut.result()


async def test_a_lobby_write_under_way_as_postgresql_s_writer_closes_fails_rather_than_waits(
    pg: Cluster,
) -> None:
    """PostgreSQL's writer sends a batch's lone lobby write of one statement on a connection of its
    own: closed while one is under way (here waiting for a lock someone else holds), that write fails,
    and its caller does not wait for ever."""
    store = await Store.open(pg.new_database())
    async with store.engine.connect() as other:
        await other.execute(sa.text("SELECT pg_advisory_lock(4242)"))
        writing = asyncio.ensure_future(
            store.writer.write(
                lambda conn: conn.execute(sa.text("SELECT pg_advisory_lock(4242)")), single=True
            )
        )
        for _ in range(500):  # until the write waits for the lock
            waiting = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
            if (await other.execute(sa.text(waiting))).scalar():
                break
            await asyncio.sleep(0.01)
        else:
            raise AssertionError("the write never reached the lock")
        await store.close()
        with pytest.raises(RuntimeError, match="store closed"):
            await asyncio.wait_for(writing, 10)
