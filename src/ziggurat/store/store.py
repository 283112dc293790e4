"""The async store over SQLAlchemy: one small API for the server, the same on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from ziggurat.store import migrate
from ziggurat.store.records import SeatRecord, Status, TableRecord
from ziggurat.store.schema import actions, game_tables, seats
from ziggurat.store.urls import async_url


class Conflict(Exception):
    """The action index is taken: someone else stored that version first (the optimistic lock)."""


def default_url() -> str:
    """`ZIGGURAT_DATABASE_URL`, else a SQLite file in the user's data directory."""
    env = os.environ.get("ZIGGURAT_DATABASE_URL")
    if env:
        return env
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "ziggurat"
    return f"sqlite+aiosqlite:///{base / 'ziggurat.db'}"


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    # WAL + NORMAL: a commit survives the process being killed (not a power cut), at a fraction of
    # the cost of a full fsync per action.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.close()


class Store:
    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        # SQLite has one writer at a time; queueing here is cheaper than its busy-wait.
        self._write_lock = asyncio.Lock() if engine.dialect.name == "sqlite" else None

    @classmethod
    async def open(cls, url: str | None = None) -> Store:
        """Open (creating and migrating) the database; BadDatabaseUrl if `url` can't name one."""
        url = async_url(url or default_url())
        engine = create_async_engine(url, pool_pre_ping=not url.startswith("sqlite"))
        if engine.dialect.name == "sqlite":
            path = engine.url.database
            if path and path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        await migrate.upgrade(engine)
        return cls(engine)

    async def close(self) -> None:
        await self.engine.dispose()

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[AsyncConnection]:
        if self._write_lock is None:
            async with self.engine.begin() as conn:
                yield conn
            return
        async with self._write_lock, self.engine.begin() as conn:
            yield conn

    # --- writes ----------------------------------------------------------------------------------
    async def create_table(self, rec: TableRecord) -> None:
        async with self._writing() as conn:
            await conn.execute(game_tables.insert().values(**_table_row(rec)))
            if rec.seats:
                await conn.execute(seats.insert(), [_seat_row(rec.id, s) for s in rec.seats])

    async def save_table(self, rec: TableRecord) -> None:
        """Write the table row and replace its seats (seat changes are rare and small)."""
        async with self._writing() as conn:
            row = _table_row(rec)
            del row["id"]
            await conn.execute(game_tables.update().where(game_tables.c.id == rec.id).values(**row))
            await conn.execute(seats.delete().where(seats.c.table_id == rec.id))
            if rec.seats:
                await conn.execute(seats.insert(), [_seat_row(rec.id, s) for s in rec.seats])

    async def append_action(self, table_id: str, idx: int, seat: int, action: str) -> None:
        """Store action number `idx` (1-based: the version it makes). Raises Conflict if it exists."""
        try:
            async with self._writing() as conn:
                await conn.execute(
                    actions.insert().values(
                        table_id=table_id, idx=idx, seat=seat, action=action, at=time.time()
                    )
                )
        except IntegrityError as e:
            raise Conflict(f"table {table_id} already has action {idx}") from e

    async def delete_open(self, table_id: str, untouched_since: float) -> bool:
        """Remove an open table nobody has touched since then (seats go with it). False if it was
        touched, started or removed meanwhile."""
        q = game_tables.delete().where(
            game_tables.c.id == table_id,
            game_tables.c.status == "open",
            game_tables.c.touched_at < untouched_since,
        )
        async with self._writing() as conn:  # its seats go by the foreign key's ON DELETE CASCADE
            return bool((await conn.execute(q)).rowcount)

    # --- reads -----------------------------------------------------------------------------------
    async def count_open(self, created_by: str | None) -> int:
        """Open tables created from one (hashed) client address."""
        q = sa.select(sa.func.count()).where(
            game_tables.c.status == "open", game_tables.c.created_by == created_by
        )
        async with self.engine.connect() as conn:
            return int((await conn.execute(q)).scalar_one())

    async def stale_open_ids(self, untouched_since: float, limit: int = 1000) -> list[str]:
        """Open tables nobody has touched since then, oldest first."""
        q = (
            sa.select(game_tables.c.id)
            .where(game_tables.c.status == "open", game_tables.c.touched_at < untouched_since)
            .order_by(game_tables.c.touched_at)
            .limit(limit)
        )
        async with self.engine.connect() as conn:
            return [str(r[0]) for r in await conn.execute(q)]

    async def get_table(self, table_id: str) -> TableRecord | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(game_tables.select().where(game_tables.c.id == table_id))).first()
            if row is None:
                return None
            rec = _record(row._mapping)
            rows = await conn.execute(
                seats.select().where(seats.c.table_id == table_id).order_by(seats.c.seat)
            )
            rec.seats = [_seat(r._mapping) for r in rows]
            return rec

    async def list_tables(self, status: Status | None = None, limit: int = 100) -> list[TableRecord]:
        """Newest first."""
        q = game_tables.select().order_by(game_tables.c.created_at.desc()).limit(limit)
        if status is not None:
            q = q.where(game_tables.c.status == status)
        async with self.engine.connect() as conn:
            recs = [_record(r._mapping) for r in await conn.execute(q)]
            if recs:
                by_id = {r.id: r for r in recs}
                rows = await conn.execute(
                    seats.select().where(seats.c.table_id.in_(by_id)).order_by(seats.c.table_id, seats.c.seat)
                )
                for r in rows:
                    by_id[r.table_id].seats.append(_seat(r._mapping))
            return recs

    async def table_ids(self, statuses: tuple[Status, ...]) -> list[str]:
        q = (
            sa.select(game_tables.c.id)
            .where(game_tables.c.status.in_(statuses))
            .order_by(game_tables.c.created_at)
        )
        async with self.engine.connect() as conn:
            return [str(r[0]) for r in await conn.execute(q)]

    async def actions(self, table_id: str) -> list[tuple[int, str]]:
        """The log in order, as (seat, action)."""
        q = (
            sa.select(actions.c.idx, actions.c.seat, actions.c.action)
            .where(actions.c.table_id == table_id)
            .order_by(actions.c.idx)
        )
        async with self.engine.connect() as conn:
            rows = list(await conn.execute(q))
        for i, r in enumerate(rows, 1):
            if r.idx != i:  # the log must be dense: a gap means the database was edited by hand
                raise RuntimeError(f"table {table_id}: action log has a gap at {i}")
        return [(int(r.seat), str(r.action)) for r in rows]


def _table_row(rec: TableRecord) -> dict[str, Any]:
    return {
        "id": rec.id,
        "game": rec.game,
        "options": rec.options,
        "players": rec.players,
        "seed": str(rec.seed),
        "order_seed": rec.order_seed,
        "status": rec.status,
        "host": rec.host,
        "created_at": rec.created_at,
        "started_at": rec.started_at,
        "finished_at": rec.finished_at,
        "result": rec.result,
        "version": rec.version,
        "touched_at": rec.touched_at,
        "created_by": rec.created_by,
    }


def _seat_row(table_id: str, s: SeatRecord) -> dict[str, Any]:
    return {
        "table_id": table_id,
        "seat": s.seat,
        "kind": s.kind,
        "name": s.name,
        "token_hash": s.token_hash,
        "level": s.level,
        "has_left": s.has_left,
        "auto_pass": s.auto_pass,
    }


def _record(m: Any) -> TableRecord:
    return TableRecord(
        id=m["id"],
        game=m["game"],
        options=dict(m["options"] or {}),
        players=m["players"],
        seed=int(m["seed"]),
        order_seed=m["order_seed"],
        status=m["status"],
        host=m["host"],
        created_at=m["created_at"],
        started_at=m["started_at"],
        finished_at=m["finished_at"],
        result=m["result"],
        version=m["version"],
        touched_at=m["touched_at"],
        created_by=m["created_by"],
    )


def _seat(m: Any) -> SeatRecord:
    return SeatRecord(
        seat=m["seat"],
        kind=m["kind"],
        name=m["name"],
        token_hash=m["token_hash"],
        level=m["level"],
        has_left=bool(m["has_left"]),
        auto_pass=bool(m["auto_pass"]),
    )
