"""Reads: on SQLite on the event loop itself, on PostgreSQL through the async engine.

The async SQLite driver runs every call (a cursor, its execute, its fetch, the connection's release)
on a thread of its own and back, and each round trip costs the loop far more CPU than SQLite's own
work: it made the lobby's listing of open tables, and every store read (a signed-in request's
session), the dearest part of their requests (bench/results/2026-12-02-issue-14-lobby-sqlite-reads.md).
In WAL mode a reader never waits for the writer, and SQLite answers the lobby's queries at once, so,
as the writer does (store/writer.py), SQLite's reads run on the
loop, on a connection of their own: `async with reads.connect() as conn: await conn.execute(q)`, the
same code as on the async engine, with results read whole before the connection goes back.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any, Protocol

from sqlalchemy.engine import Connection, Engine, Result
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.sql.expression import Executable

from ziggurat.store.writer import sync_sqlite_engine

Params = Mapping[str, Any] | Sequence[Mapping[str, Any]] | None
Rows = Result[*tuple[Any, ...]]


class ReadConnection(Protocol):
    """What reads use of a connection (an AsyncConnection has it, and so has `_OnLoop`)."""

    async def execute(self, statement: Executable, parameters: Params = None) -> Rows: ...


class _OnLoop:
    """A sync connection with the async engine's `execute`: it runs at once, and its rows are read
    whole (as the async engine's are), so a result outlives the connection's return to the pool."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    async def execute(self, statement: Executable, parameters: Params = None) -> Rows:
        return self._conn.execute(statement, parameters).freeze()()


class Reads:
    def __init__(self, engine: AsyncEngine) -> None:
        self._async = engine
        self._sync: Engine | None = None
        if engine.url.get_backend_name() == "sqlite" and engine.url.database not in (None, "", ":memory:"):
            # (WAL readers rarely wait; at most a second)
            self._sync = sync_sqlite_engine(engine.url.render_as_string(hide_password=False), busy_ms=1000)

    @contextlib.asynccontextmanager
    async def connect(self) -> AsyncIterator[ReadConnection]:
        if self._sync is None:
            async with self._async.connect() as conn:
                yield conn
        else:
            with self._sync.connect() as conn:
                yield _OnLoop(conn)

    def close(self) -> None:
        if self._sync is not None:
            self._sync.dispose()
