"""For `bench/load.py --commit-wait MS` (SQLite only): the server's writer waits MS with each batch it
takes before it commits and acknowledges it, and takes the next batch only then, as PostgreSQL's writer
waits for its commit's fsync. It separates what PostgreSQL's code path costs the server from what
waiting for a disk costs it: at few tables the wait slows the closed loop of moves, and a server that is
less busy spends more CPU on each move (docs/performance.md). Loaded into the server process by
bench/_server.py; never part of the product.
"""

from __future__ import annotations

import asyncio
from typing import Any

from ziggurat.store.writer import SqliteWriter


def install(seconds: float) -> None:
    """Make `SqliteWriter` wait `seconds` with every batch it takes (a wrapper of its `_take`)."""
    take = SqliteWriter._take

    async def _take(self: Any) -> Any:
        batch = await take(self)
        try:
            await asyncio.sleep(seconds)  # where PostgreSQL's writer waits for the fsync of its commit
        except asyncio.CancelledError:  # (the store is closing: as `_take` does, fail what was taken)
            for _, fut in batch:
                if not fut.done():
                    fut.set_exception(RuntimeError("the store closed before this write was stored"))
            raise
        return batch

    SqliteWriter._take = _take  # type: ignore[method-assign]
