"""For `bench/load.py --commit-wait MS` (SQLite only): the server's writer waits MS after each commit
before it acknowledges the batch's writes and takes the next batch, as PostgreSQL's writer waits for
its commit's fsync. It separates what PostgreSQL's code path costs the server from what waiting for a
disk costs it: at few tables the wait slows the closed loop of moves, and a server that is less busy
spends more CPU on each move (docs/performance.md). Loaded into the server process by bench/_server.py;
never part of the product.
"""

from __future__ import annotations

import asyncio
from typing import Any

from ziggurat.store import writer


def install(seconds: float) -> None:
    """Make `SqliteWriter` wait `seconds` after each commit (its `_run`, with the wait added)."""

    async def _run(self: Any) -> None:
        while True:
            batch = await self._take()
            results = self._commit([item for item, _ in batch])
            await asyncio.sleep(seconds)  # where PostgreSQL's writer waits for the fsync of its commit
            writer._resolve([fut for _, fut in batch], results)
            self._checkpointer.dirty = True

    writer.SqliteWriter._run = _run  # type: ignore[method-assign]
