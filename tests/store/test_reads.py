"""Reads (store/reads.py): the same results on both databases, read whole; on SQLite without leaving
the event loop."""

from __future__ import annotations

import asyncio

import sqlalchemy as sa

from ziggurat.store import SeatRecord, Store, TableRecord
from ziggurat.store.schema import game_tables


def record(tid: str) -> TableRecord:
    rec = TableRecord(tid, "zenith", {"board": "fuji"}, 2, 7, 1, "open", 0, 1.0, 1.0)
    rec.seats = [SeatRecord(0, "human", "Ada", "h" * 64), SeatRecord(1)]
    return rec


async def test_a_read_sees_every_commit_and_its_rows_outlive_the_connection(store: Store) -> None:
    await store.create_table(record("a"))
    async with store.reads.connect() as conn:
        result = await conn.execute(sa.select(game_tables.c.id, game_tables.c.options))
    await store.create_table(record("b"))  # (committed after the read: not in its result)
    assert [tuple(r) for r in result] == [("a", {"board": "fuji"})]
    got = await store.get_tables(["a", "b", "none"])
    assert sorted(r.id for r in got) == ["a", "b"] and got[0].seats[0].name == "Ada"


async def test_on_sqlite_a_read_does_not_leave_the_event_loop(tmp_path: object) -> None:
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path}/z.db")
    try:
        await store.create_table(record("a"))
        others: list[str] = []
        handle = asyncio.get_running_loop().call_soon(others.append, "ran")
        got = await store.get_table("a")  # a thread's round trip would let the callback run first
        assert got is not None and others == []
        await asyncio.sleep(0)
        assert others == ["ran"]
        handle.cancel()
    finally:
        await store.close()
