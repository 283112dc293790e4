"""What the writers share, checked where a wrong answer would be silent on SQLite (mutation testing
found these unchecked): each write of a batch gets its own outcome even when an earlier caller gave
up waiting, and `write` hands the writer what PostgreSQL's batch must lock (a table's lease) or may
commit alone (a single statement)."""

from __future__ import annotations

import asyncio
from typing import Any

from ziggurat.store.writer import Leased, Single, _Queued, _resolve


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
