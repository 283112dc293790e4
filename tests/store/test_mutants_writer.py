"""The writers, checked where a wrong answer would be silent (mutation testing found these unchecked):
each write of a batch gets its own outcome even when an earlier caller gave up waiting; `write` hands
the writer what PostgreSQL's batch must lock (a table's lease) or may commit alone (a single
statement); a SQLite batch that fails midway stores nothing and the writer goes on; and the
write-ahead log is folded into the database file itself after commits, not before and not forever
after."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from ziggurat.store import Store, writer
from ziggurat.store.writer import Append, Leased, Single, _Queued, _resolve

from .test_writer import table


async def test_a_caller_who_gave_up_leaves_the_rest_of_the_batch_its_outcomes() -> None:
    loop = asyncio.get_running_loop()
    gone, stored, failed = loop.create_future(), loop.create_future(), loop.create_future()
    gone.cancel()  # its caller stopped waiting: what was stored stays stored, nobody is told
    refused = ValueError("index taken")
    _resolve([gone, stored, failed], [True, True, refused])
    assert stored.result() is True
    assert failed.exception() is refused


class _Kept(_Queued):
    """A writer that keeps what it is handed, and answers each write with the item itself."""

    def __init__(self) -> None:
        super().__init__("kept")

    async def _run(self) -> None:
        while True:
            item, fut = await self._queue.get()
            fut.set_result(item)


def _op(conn: Any) -> str:
    return f"ran on {conn}"


async def test_write_wraps_an_op_as_its_lease_and_statement_ask() -> None:
    w = _Kept()
    try:
        plain: object = await w.write(_op)
        assert plain is _op  # a lobby write: run as it is
        single = await w.write(_op, single=True)
        assert isinstance(single, Single) and single.op is _op
        one = await w.write(_op, lease="t1")
        assert isinstance(one, Leased) and one.op is _op and one.tables == ("t1",)
        many = await w.write(_op, lease=("a", "b"))
        assert isinstance(many, Leased) and many.tables == ("a", "b")
        # under a lease the write is checked with the batch's locks, never committed on its own
        both = await w.write(_op, lease="t2", single=True)
        assert isinstance(both, Leased) and both.tables == ("t2",)
        assert single("c") == one("c") == "ran on c"
    finally:
        await w._stop()


async def test_a_sqlite_batch_that_fails_midway_stores_nothing_and_the_writer_goes_on(tmp_path: Path) -> None:
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'z.db'}")
    try:
        await store.create_table(table("a"))
        good = Append("a", 1, 0, "place:s1", 1.0)
        unbound = Append("a", 2, 1, "place:s2", 2.0, clock=object())  # type: ignore[arg-type]
        outcomes = await asyncio.gather(
            store.writer.append(good), store.writer.append(unbound), return_exceptions=True
        )
        assert all(isinstance(o, sqlite3.Error) for o in outcomes), outcomes
        assert await store.actions("a") == []  # the batch as a whole: nothing of it
        await store.append_action("a", 1, 0, "place:s1")  # the writer is alive, its transaction closed
        assert await store.actions("a") == [(0, "place:s1")]
    finally:
        await store.close()


async def test_the_wal_is_checkpointed_after_commits_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(writer, "CHECKPOINT_EVERY", 0.02)
    modes: list[str] = []
    monkeypatch.setattr(writer._Checkpointer, "_checkpoint", lambda self, mode: modes.append(mode))
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'z.db'}")
    try:
        await asyncio.sleep(0.2)
        assert modes == [], "nothing was committed: nothing to fold in"
        await store.create_table(table("a"))
        await asyncio.sleep(0.2)
        assert modes == ["PASSIVE"], "one checkpoint after the commit, then none while idle"
    finally:
        await store.close()
    assert modes == ["PASSIVE", "TRUNCATE"], "closing folds in the rest and empties the log"


async def test_the_checkpoint_folds_the_log_into_the_database_file_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The checkpoint thread opens the store's own file (not an empty database of its own): a commit
    reaches the database file while the store is open, not only when it closes."""
    monkeypatch.setattr(writer, "CHECKPOINT_EVERY", 0.02)
    db = tmp_path / "z.db"
    store = await Store.open(f"sqlite+aiosqlite:///{db}")
    try:
        await asyncio.sleep(0.1)
        before = db.read_bytes()
        await store.create_table(table("a"))
        assert b"fuji" not in before  # (the new table's options)
        async with asyncio.timeout(5):
            while b"fuji" not in db.read_bytes():  # in the log (-wal) until a checkpoint folds it in
                await asyncio.sleep(0.02)
    finally:
        await store.close()
