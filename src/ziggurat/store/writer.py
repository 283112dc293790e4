"""The write path: group commit. Every write is acknowledged only once it is committed, but one
transaction carries every write queued meanwhile, so a busy server pays one commit for many moves.

- Appends to the action log go in batches: on SQLite one `INSERT ... ON CONFLICT DO NOTHING` per row
  inside the batch's transaction (microseconds each), on PostgreSQL one `INSERT ... SELECT unnest(...)
  ... RETURNING` for the whole batch. A row that finds its index taken is a conflict for its caller
  alone (the optimistic lock), never for the rest of the batch.
- Other writes are small functions of a SQLAlchemy `Connection` (create a table, save its seats...),
  each all-or-nothing. On SQLite they join the same batches, each in its own savepoint (SQLite has one
  writer: a second would only wait on the first); on PostgreSQL they join the batch's transaction
  (through `run_sync`), and a batch that fails is retried write by write.

SQLite's writer runs on the event loop itself: a commit in WAL mode with synchronous=NORMAL writes to
the log without waiting for the disk, in tens of microseconds, cheaper than handing every batch to a
thread and back. What does wait for the disk, the checkpoint that folds the log into the database, is
taken off the loop: the writer's connection never checkpoints, a thread does it in the background.
PostgreSQL's writer is a task with connections of its own (a pool checkout per write opened and
closed connections under load), speaking asyncpg directly for the log; a batch's one lobby write, if
it is one statement, is committed on its own beside the batch's actions (Single). Its connections are
in autocommit as far as SQLAlchemy knows: a batch's transaction is asyncpg's own, begun before its
first statement, so the lobby's statements sent to asyncpg directly (`Prepared`) are in it too.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlalchemy.pool import StaticPool

from ziggurat.store import jsontext
from ziggurat.store.leases import Fenced

T = TypeVar("T")
Op = Callable[[Connection], Any]  # a write, all or nothing: returns what its caller needs to know
MAX_BATCH = 512  # writes per transaction at most (a commit stays short even under a flood)
CHECKPOINT_EVERY = 0.5  # seconds between background checkpoints (while there are commits)
log = logging.getLogger("ziggurat.store")


@dataclass(slots=True)
class Append:
    table_id: str
    idx: int
    seat: int
    action: str
    at: float
    fence: int | None = None  # the owner's lease token, when several processes share the database
    clock: str | None = None  # at a table with a clock: the clocks just before this action (JSON)


@dataclass(slots=True, frozen=True)
class Leased:
    """A write made under a table's lease (several processes): PostgreSQL's batch share-locks the
    lease rows of all of them first, in one order, before running any (PostgresWriter._commit)."""

    op: Op
    tables: tuple[str, ...]  # (a table's write: one; snapshots: many)

    def __call__(self, conn: Connection) -> Any:
        return self.op(conn)


@dataclass(slots=True, frozen=True)
class Single:
    """A write that is one statement on PostgreSQL, atomic by itself (no lease to check): when it is
    its batch's only lobby write, PostgreSQL's writer commits it on its own beside the batch's actions,
    which spares the batch BEGIN and COMMIT (PostgresWriter). SQLite's writer runs it as any other."""

    op: Op

    def __call__(self, conn: Connection) -> Any:
        return self.op(conn)


class Writer(Protocol):
    async def append(self, row: Append) -> bool:
        """Store one action; True once committed, False if its index was taken (nothing stored)."""

    async def write(
        self, op: Callable[[Connection], T], lease: str | tuple[str, ...] | None = None, single: bool = False
    ) -> T:
        """Run `op` as one unit (all or nothing), committed; what it returns. `lease`: the table (or
        tables) whose lease `op` checks (their rows are locked with the batch's others, in order).
        `single`: `op` is one statement, atomic by itself (see Single; ignored with a lease)."""

    async def close(self) -> None: ...


def _resolve(futures: Sequence[asyncio.Future[Any]], results: Sequence[Any]) -> None:
    for fut, result in zip(futures, results, strict=True):
        if fut.done():  # the caller gave up waiting: what was stored stays stored
            continue
        if isinstance(result, BaseException):
            fut.set_exception(result)
        else:
            fut.set_result(result)


# --- SQLite ------------------------------------------------------------------------------------------
_SQLITE_APPEND = (
    "INSERT INTO actions (table_id, idx, seat, action, at, clock) VALUES (?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (table_id, idx) DO NOTHING"
)


def sqlite_pragmas(dbapi_conn: Any, _record: Any = None) -> None:
    cur = dbapi_conn.cursor()
    # WAL + NORMAL: a commit survives the process being killed (not a power cut), at a fraction of
    # the cost of a full fsync per action.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.close()


def sync_sqlite_engine(url: str, busy_ms: int) -> Engine:
    """A plain (sync) engine on the same file, one connection, for use on the event loop: in autocommit
    (the writer says BEGIN IMMEDIATE, SAVEPOINT and COMMIT itself: SQLAlchemy's own bookkeeping of them
    cost more than the writes; a reader's statements each read the latest commit), waiting at most
    `busy_ms` for a lock (on the loop, never long), and never checkpointing (a thread does that)."""
    url_ = make_url(url).set(drivername="sqlite+pysqlite")
    engine = sa.create_engine(
        url_, poolclass=StaticPool, isolation_level="AUTOCOMMIT", json_deserializer=jsontext.loads
    )

    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn: Any, record: Any) -> None:
        sqlite_pragmas(dbapi_conn, record)
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA wal_autocheckpoint=0")  # the checkpoint thread does it, off the loop
        cur.execute(f"PRAGMA busy_timeout={int(busy_ms)}")
        cur.close()

    return engine


class _Queued:
    """What both writers share: callers queue their writes and wait for each one's outcome, while one
    task of the writer's (`_run`) takes what is queued, in batches."""

    def __init__(self, name: str) -> None:
        self._queue: asyncio.Queue[tuple[Append | Op, asyncio.Future[Any]]] = asyncio.Queue()
        self._task = asyncio.create_task(self._run(), name=name)

    async def _run(self) -> None:
        raise NotImplementedError

    async def append(self, row: Append) -> bool:
        result: bool = await self._submit(row)
        return result

    async def write(
        self, op: Callable[[Connection], T], lease: str | tuple[str, ...] | None = None, single: bool = False
    ) -> T:
        tables = (lease,) if isinstance(lease, str) else lease
        item = Leased(op, tables) if tables is not None else Single(op) if single else op
        result: T = await self._submit(item)
        return result

    async def _take(self) -> list[tuple[Append | Op, asyncio.Future[Any]]]:
        """The next batch: the first write queued and, one turn of the event loop later, whatever else
        is queued (up to MAX_BATCH). The turn lets the moves read from the sockets in this one queue
        their writes too, as PostgreSQL's commit_delay does: at 10 tables, batches of 4.4 writes instead
        of 2.6 on SQLite, so fewer commits (docs/performance.md). Should the writer be stopped
        meanwhile, the write it took fails (nothing of it stored) rather than leave its caller waiting."""
        batch = [await self._queue.get()]
        try:
            await asyncio.sleep(0)
        except asyncio.CancelledError:
            fut = batch[0][1]
            if not fut.done():
                fut.set_exception(RuntimeError("the store closed before this write was stored"))
            raise
        while len(batch) < MAX_BATCH and not self._queue.empty():
            batch.append(self._queue.get_nowait())
        return batch

    def _submit(self, item: Append | Op) -> asyncio.Future[Any]:
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((item, fut))
        return fut

    async def _stop(self) -> None:
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task


class SqliteWriter(_Queued):
    def __init__(self, url: str) -> None:
        self._engine = sync_sqlite_engine(url, busy_ms=2000)  # (nobody else writes)
        self._conn = self._engine.connect()
        self._raw: sqlite3.Connection = self._conn.connection.driver_connection  # type: ignore[assignment]
        self._checkpointer = _Checkpointer(url)
        super().__init__("sqlite-writer")

    async def close(self) -> None:
        await self._stop()
        self._conn.close()
        self._engine.dispose()
        await self._checkpointer.close()

    async def _run(self) -> None:
        while True:
            batch = await self._take()
            _resolve([fut for _, fut in batch], self._commit([item for item, _ in batch]))
            self._checkpointer.dirty = True

    def _commit(self, items: list[Append | Op]) -> list[Any]:
        cursor = self._raw.cursor()
        try:
            cursor.execute("BEGIN IMMEDIATE")
            results = [self._one(cursor, item) for item in items]
            cursor.execute("COMMIT")
        except Exception as e:  # the commit failed: nothing of this batch is stored
            log.exception("a batch of %d writes failed", len(items))
            if self._raw.in_transaction:
                cursor.execute("ROLLBACK")
            return [e] * len(items)
        finally:
            cursor.close()
        return results

    def _one(self, cursor: sqlite3.Cursor, item: Append | Op) -> Any:
        if isinstance(item, Append):
            try:
                cursor.execute(
                    _SQLITE_APPEND, (item.table_id, item.idx, item.seat, item.action, item.at, item.clock)
                )
            except sqlite3.IntegrityError as e:  # no such table (a failed statement undoes only itself)
                return e
            return cursor.rowcount == 1
        # A savepoint by hand: SQLAlchemy's begin_nested() cost more than the write it wrapped.
        cursor.execute("SAVEPOINT op")
        try:
            result = item(self._conn)
        except Exception as e:
            cursor.execute("ROLLBACK TO op")
            result = e
        cursor.execute("RELEASE op")
        return result


class _Checkpointer:
    """Folds the write-ahead log into the database file from a thread, with its own connection, so the
    disk's wait never falls on the event loop (PASSIVE: it never blocks the writer or the readers)."""

    def __init__(self, url: str) -> None:
        self._path = make_url(url).database or ""
        self.dirty = False
        self._task = asyncio.create_task(self._run(), name="sqlite-checkpoint")

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(CHECKPOINT_EVERY)
            if self.dirty:
                self.dirty = False
                try:
                    await asyncio.to_thread(self._checkpoint, "PASSIVE")
                except sqlite3.Error:
                    log.exception("checkpoint failed; trying again later")

    def _checkpoint(self, mode: str) -> None:
        with contextlib.closing(sqlite3.connect(self._path, timeout=10)) as conn:
            conn.execute(f"PRAGMA wal_checkpoint({mode})")

    async def close(self) -> None:
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        with contextlib.suppress(sqlite3.Error):
            await asyncio.to_thread(self._checkpoint, "TRUNCATE")


# --- PostgreSQL ----------------------------------------------------------------------------------------
_PG_APPEND = (
    "INSERT INTO actions (table_id, idx, seat, action, at, clock)"
    " SELECT * FROM unnest($1::varchar[], $2::int[], $3::int[], $4::varchar[], $5::float8[], $6::text[])"
    " ON CONFLICT (table_id, idx) DO NOTHING RETURNING table_id, idx"
)


# Share locks on the lease rows a batch writes under, taken first and in one order (the table ids'),
# as Leases.renew takes its row locks: two transactions that lock rows in the same order can't deadlock.
_PG_FENCES = (
    "SELECT table_id, token FROM leases WHERE table_id = ANY($1::varchar[]) ORDER BY table_id FOR SHARE"
)


def _gone(conn: AsyncConnection | None) -> bool:
    return conn is None or conn.closed or conn.invalidated


async def _close(conn: AsyncConnection | None) -> None:
    if conn is not None:
        with contextlib.suppress(Exception):  # (it may have broken already)
            await conn.close()


class PostgresWriter(_Queued):
    """One connection of its own, one transaction per batch: the lobby's writes (each a function run
    through run_sync) and then every queued action in one statement. Should anything in a batch fail,
    the batch is undone and every write retried alone, so that each gets its own outcome.

    A batch of actions alone (no lobby write, no lease) is that one statement on the driver's
    connection and no BEGIN or COMMIT: outside a transaction PostgreSQL commits each statement as it
    ends (all or nothing, committed when it returns), so one round trip for the batch. A batch whose
    one lobby write is a Single (few tables: most batches are a move or two and at most one lobby
    write) sends that write at the same time on a second connection in autocommit, rather than make
    the batch a transaction, which would add BEGIN and COMMIT round trips; PostgreSQL folds the two
    commits into one WAL flush when they meet. With more lobby writes than one (many tables), one
    transaction carries them all, as one commit serves them all."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._conn: AsyncConnection | None = None  # the batches
        self._raw: Any = None  # its driver's (asyncpg's) connection, for the actions
        self._auto: AsyncConnection | None = None  # a batch's lone Single write, committed as it ends
        super().__init__("postgres-writer")

    async def close(self) -> None:
        await self._stop()
        await self._drop()
        await self._drop_auto()

    async def _open(self) -> AsyncConnection:
        """A connection of the writer's, in autocommit as SQLAlchemy sees it. (Its adapter would begin a
        transaction lazily, at its own first statement: one sent to asyncpg directly before it would be
        committed alone. A batch begins asyncpg's own transaction first; a Single needs none.)"""
        conn = await self._engine.connect()
        return await conn.execution_options(isolation_level="AUTOCOMMIT")

    async def _connection(self) -> AsyncConnection:
        if _gone(self._conn):
            await self._drop()
            self._conn = await self._open()
            self._raw = (await self._conn.get_raw_connection()).driver_connection
        assert self._conn is not None
        return self._conn

    async def _drop(self) -> None:
        await _close(self._conn)
        self._conn = self._raw = None

    async def _autocommit(self) -> AsyncConnection:
        if _gone(self._auto):
            await self._drop_auto()
            self._auto = await self._open()
        assert self._auto is not None
        return self._auto

    async def _drop_auto(self) -> None:
        await _close(self._auto)
        self._auto = None

    async def _run(self) -> None:
        while True:
            batch = await self._take()
            try:
                await self._write(batch)
            except asyncio.CancelledError:  # (the store is closing: no caller may wait for ever)
                for _, fut in batch:
                    if not fut.done():
                        fut.set_exception(RuntimeError("the store closed while this write was under way"))
                raise

    async def _write(self, batch: list[tuple[Append | Op, asyncio.Future[Any]]]) -> None:
        # The same index twice in one batch: the first asked is the one sent, the others lose.
        first: dict[tuple[str, int], asyncio.Future[Any]] = {}
        kept = []
        for item, fut in batch:
            if isinstance(item, Append) and first.setdefault((item.table_id, item.idx), fut) is not fut:
                if not fut.done():
                    fut.set_result(False)
                continue
            kept.append((item, fut))
        ops = [(item, fut) for item, fut in kept if not isinstance(item, Append)]
        single = ops[0][0] if len(ops) == 1 else None
        if isinstance(single, Single):  # sent beside the actions, not with them
            kept.remove(ops[0])
            result, _ = await asyncio.gather(self._single(single), self._batch(kept))
            _resolve([ops[0][1]], [result])
        else:
            await self._batch(kept)

    async def _batch(self, kept: list[tuple[Append | Op, asyncio.Future[Any]]]) -> None:
        if not kept:
            return
        items, futures = [item for item, _ in kept], [fut for _, fut in kept]
        try:
            results = await self._commit(items)
        except Exception:  # something in it failed (its table gone...): each alone, its own answer
            await self._drop()
            results = [await self._alone(item) for item in items]
        _resolve(futures, results)

    async def _commit(self, items: list[Append | Op]) -> list[Any]:
        conn = await self._connection()
        rows = [item for item in items if isinstance(item, Append)]
        fenced = {r.table_id for r in rows if r.fence is not None}
        fenced |= {t for i in items if isinstance(i, Leased) for t in i.tables}
        if not fenced and len(rows) == len(items):  # actions alone: their statement, no transaction
            outcome = await self._insert(rows, {})
            return [outcome[r.table_id, r.idx] for r in rows]
        # asyncpg's transaction (BEGIN, and COMMIT or ROLLBACK as the block ends); SQLAlchemy's begin
        # sends nothing in autocommit but closes what its statements open (the lobby's, in run_sync).
        async with conn.begin(), self._raw.transaction():
            tokens: dict[str, int] = {}
            if fenced:  # (a takeover waits for this transaction, and this one for a takeover)
                tokens = {str(k): int(v) for k, v in await self._raw.fetch(_PG_FENCES, list(fenced))}
            done = {id(item): await conn.run_sync(item) for item in items if not isinstance(item, Append)}
            outcome = await self._insert(rows, tokens) if rows else {}
        return [outcome[i.table_id, i.idx] if isinstance(i, Append) else done[id(i)] for i in items]

    async def _alone(self, item: Append | Op) -> Any:
        try:
            return (await self._commit([item]))[0]
        except Exception as e:
            await self._drop()
            return e

    async def _single(self, item: Single) -> Any:
        try:
            conn = await self._autocommit()
            async with conn.begin():  # (in autocommit SQLAlchemy sends no BEGIN or COMMIT)
                return await conn.run_sync(item.op)
        except Exception as e:  # its caller's error; a fresh connection next time, in case this one broke
            await self._drop_auto()
            return e

    async def _insert(self, rows: list[Append], tokens: dict[str, int]) -> dict[tuple[str, int], Any]:
        """Store these actions (in the batch's transaction, if it has one): True (stored), False (its
        index was taken) or Fenced (the lease it carried was taken over: `tokens` are the leases' now),
        by (table, index)."""
        outcome: dict[tuple[str, int], Any] = {}
        for r in rows:
            if r.fence is not None and tokens.get(r.table_id) != r.fence:
                outcome[r.table_id, r.idx] = Fenced(f"table {r.table_id} has another owner now")
        rows = [r for r in rows if (r.table_id, r.idx) not in outcome]
        columns = (
            [r.table_id for r in rows],
            [r.idx for r in rows],
            [r.seat for r in rows],
            [r.action for r in rows],
            [r.at for r in rows],
            [r.clock for r in rows],
        )
        stored = (
            {(r["table_id"], r["idx"]) for r in await self._raw.fetch(_PG_APPEND, *columns)}
            if rows
            else set()
        )
        for r in rows:
            outcome[r.table_id, r.idx] = (r.table_id, r.idx) in stored
        return outcome
