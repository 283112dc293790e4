"""The async store over SQLAlchemy: one small API for the server, the same on SQLite and PostgreSQL."""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from ziggurat.store import jsontext, migrate, pg_lobby
from ziggurat.store.accounts import Accounts
from ziggurat.store.friends import Friends
from ziggurat.store.leases import Fenced
from ziggurat.store.prepared import Prepared
from ziggurat.store.ratings import Current, Ratings, rate
from ziggurat.store.reads import ReadConnection, Reads
from ziggurat.store.records import RatingChange, Restoring, Snapshot, Status, TableRecord
from ziggurat.store.rows import chat_message, seat_record, seat_row, table_record, table_row
from ziggurat.store.schema import (
    actions,
    chat_messages,
    game_tables,
    leases,
    seats,
    set_aside_actions,
    snapshots,
)
from ziggurat.store.urls import async_url
from ziggurat.store.writer import Append, PostgresWriter, SqliteWriter, Writer, sqlite_pragmas

log = logging.getLogger("ziggurat.store")
T = TypeVar("T")


class Conflict(Exception):
    """The action index is taken: someone else stored that version first (the optimistic lock)."""


def default_url() -> str:
    """`ZIGGURAT_DATABASE_URL`, else a SQLite file in the user's data directory."""
    env = os.environ.get("ZIGGURAT_DATABASE_URL")
    if env:
        return env
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "ziggurat"
    return f"sqlite+aiosqlite:///{base / 'ziggurat.db'}"


class Store:
    def __init__(self, engine: AsyncEngine, writer: Writer) -> None:
        self.engine = engine  # migrations, and leases (several processes, on PostgreSQL)
        self.reads = Reads(engine)  # every read (store/reads.py)
        self.writer = writer  # every write, committed in groups (store/writer.py)
        self.accounts = Accounts(self.reads, writer)  # accounts, sessions, the seats they hold
        self.ratings = Ratings(self.reads, writer)  # ratings per account and game, and their updates
        self.friends = Friends(self.reads, writer)  # whom accounts follow, and invitations to tables

    @classmethod
    async def open(cls, url: str | None = None) -> Store:
        """Open (creating and migrating) the database; BadDatabaseUrl if `url` can't name one."""
        url = async_url(url or default_url())
        sqlite = url.startswith("sqlite")
        # No pre-ping per checkout on PostgreSQL (it cost a round trip a query); a dropped connection
        # is replaced when it fails. Pool: the writer, the lobby's reads and a margin.
        options: dict[str, Any] = {} if sqlite else {"pool_size": 10, "max_overflow": 20}
        engine = create_async_engine(url, json_deserializer=jsontext.loads, **options)
        if sqlite:
            path = engine.url.database
            if path:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            event.listen(engine.sync_engine, "connect", sqlite_pragmas)
        await migrate.upgrade(engine)
        return cls(engine, SqliteWriter(url) if sqlite else PostgresWriter(engine))

    async def close(self) -> None:
        await self.writer.close()
        self.reads.close()
        await self.engine.dispose()

    # --- writes ----------------------------------------------------------------------------------
    async def create_table(
        self, rec: TableRecord, max_open: int | None = None, owner: tuple[str, float] | None = None
    ) -> bool:
        """Store a new table with its seats. With `max_open`, only if its creator has fewer open tables
        than that (counted and created as one, under the creator's lock on PostgreSQL); False if not.
        With `owner` (node, seconds), that process holds the table's first lease (token 1)."""
        row, seat_rows = table_row(rec), [seat_row(rec.id, s) for s in rec.seats]

        def create(conn: Connection) -> bool:
            if conn.dialect.name == "postgresql":  # (one statement, capped or not)
                return pg_lobby.create(conn, row, seat_rows, max_open, owner)
            # (SQLite: one process, so no leases, and one writer, so no lock.)
            if max_open is not None and _COUNT_OPEN.scalar(conn, {"by": rec.created_by}) >= max_open:
                return False
            _INSERT_TABLE.run(conn, row)
            _INSERT_SEATS.run(conn, seat_rows)
            return True

        return await self.writer.write(create, single=True)

    async def save_table(
        self, rec: TableRecord, fence: int | None = None, also: Callable[[Connection], T] | None = None
    ) -> T | None:
        """Write the table row and replace its seats (seat changes are rare and small). With `fence`,
        only while that lease token is the table's (else Fenced, nothing written). `also` runs in the
        same transaction, after (a rated game's ratings): what it returns."""
        row, seat_rows = table_row(rec), [seat_row(rec.id, s) for s in rec.seats]

        def save(conn: Connection) -> T | None:
            _check_fence(conn, rec.id, fence)
            if conn.dialect.name == "postgresql":
                pg_lobby.save(conn, row, seat_rows)
            else:
                columns = {k: v for k, v in row.items() if k != "id"}  # (the key names the row)
                _UPDATE_TABLE.run(conn, {**columns, "key": rec.id})
                _DELETE_SEATS.run(conn, {"key": rec.id})
                _INSERT_SEATS.run(conn, seat_rows)
                if rec.status == "finished":  # a finished table is replayed whole when asked for
                    _DELETE_SNAPSHOT.run(conn, {"key": rec.id})
            return None if also is None else also(conn)

        # Unfenced and alone, PostgreSQL's is one statement.
        single = fence is None and also is None
        return await self.writer.write(save, lease=None if fence is None else rec.id, single=single)

    async def save_rated(
        self,
        rec: TableRecord,
        players: list[str],
        compute: Callable[[Current], list[RatingChange]],
        shown: Callable[[float, float], int],
        fence: int | None = None,
    ) -> list[RatingChange]:
        """Save a finished rated table and rate its game in the same transaction, so that it is rated
        once, whatever crashes (store/ratings.py's `rate`: `players`' accounts, `compute` their updates,
        `shown` the rating a seat shows); the rating changes made (none if it was rated already)."""
        changes = await self.save_table(rec, fence, also=rate(rec.id, rec.game, players, compute, shown))
        return changes or []

    async def append_action(
        self,
        table_id: str,
        idx: int,
        seat: int,
        action: str,
        fence: int | None = None,
        at: float | None = None,
        clock: str | None = None,
    ) -> None:
        """Store action number `idx` (1-based: the version it makes), committed when this returns, made
        at `at` (now if None), with the table's clocks just before it (JSON) if it has any.
        Raises Conflict if that number is taken, Fenced if `fence` is no longer the table's token."""
        row = Append(table_id, idx, seat, action, time.time() if at is None else at, fence, clock)
        if not await self.writer.append(row):
            raise Conflict(f"table {table_id} already has action {idx}")

    async def save_snapshots(self, snaps: list[Snapshot]) -> list[str]:
        """Write these snapshots in one transaction, each replacing its table's last one; the ids of the
        tables written. Only running tables get one, and a snapshot carrying a fence only while that
        lease token is its table's (a process that lost the table writes nothing for it)."""
        if not snaps:
            return []
        ids = sorted({s.table_id for s in snaps})
        fenced = tuple(sorted({s.table_id for s in snaps if s.fence is not None}))

        def save(conn: Connection) -> list[str]:
            running = {str(r[0]) for r in conn.execute(_RUNNING, {"ids": ids})}
            tokens = {str(k): v for k, v in conn.execute(_TOKENS, {"ids": list(fenced)})} if fenced else {}
            rows: list[dict[str, Any]] = [
                {"table_id": s.table_id, "version": s.version, "state": s.state, "log": s.log, "at": s.at}
                for s in snaps
                if s.table_id in running and (s.fence is None or tokens.get(s.table_id) == s.fence)
            ]
            if rows:
                conn.execute(_DELETE_SNAPSHOTS, {"ids": [r["table_id"] for r in rows]})
                conn.execute(_INSERT_SNAPSHOT, rows)
            return [r["table_id"] for r in rows]

        return await self.writer.write(save, lease=fenced or None)

    async def restoring(self, table_ids: list[str]) -> dict[str, Restoring]:
        """What rebuilding these tables takes: each one's snapshot if it fits the stored log, and the
        actions after it (the whole log without one). Two queries however many tables, and the action
        at a snapshot's own version comes too (`Restoring.last`: the table checks it is the one its
        snapshot ends with). A snapshot beyond the stored log is ignored (logged), and its table's
        whole log read again."""
        a, s = actions.c, snapshots.c
        q = (
            sa.select(a.table_id, a.idx, a.seat, a.action)
            .select_from(actions.outerjoin(snapshots, s.table_id == a.table_id))
            .where(a.table_id.in_(table_ids), a.idx >= sa.func.coalesce(s.version, 0))
            .order_by(a.table_id, a.idx)
        )
        snaps: dict[str, Snapshot] = {}
        async with self.reads.connect() as conn:
            # The actions first, then the snapshots. The two statements may see the database at two
            # moments: a snapshot written in between (the sweep) only moves forward, so the actions
            # read still reach back to it; one deleted in between (its table finished) sends that
            # table's whole log to be read again, below.
            rows = (await conn.execute(q)).all()  # (plain tuples: a restart reads 100,000s of them)
            for r in await conn.execute(sa.select(*_SNAPSHOT_COLUMNS).where(s.table_id.in_(table_ids))):
                snaps[r[0]] = Snapshot(r[0], int(r[1]), r[2], r[3], float(r[4]))
        out = {tid: Restoring(snaps.get(tid), []) for tid in table_ids}
        stale: set[str] = set()  # tables whose whole log is read again
        for table_id, idx, seat, action in rows:
            got = out[table_id]
            start = 0 if got.snapshot is None else got.snapshot.version
            if start and idx == start and not got.actions and got.last is None:
                got.last = (seat, action)
                continue
            if start and got.last is None:  # the log ends before the snapshot's version
                continue
            if not start and not got.actions and idx > 1:  # read after a snapshot since deleted
                stale.add(table_id)
                continue
            if idx != start + len(got.actions) + 1:  # the log must be dense: a gap means it was edited
                raise RuntimeError(
                    f"table {table_id}: action log has a gap at {start + len(got.actions) + 1}"
                )
            got.actions.append((seat, action))
        for table_id, got in out.items():
            if got.snapshot is not None and got.last is None:
                log.warning("table %s: its snapshot is beyond its stored log; replaying it all", table_id)
                stale.add(table_id)
        if stale:
            for table_id, logged in (await self.logs(sorted(stale))).items():
                out[table_id] = Restoring(None, logged)
        return out

    async def last_action(self, table_id: str) -> tuple[int, float, str | None] | None:
        """(number, time, clocks JSON) of a table's last stored action, or None before the first."""
        return (await self.last_actions([table_id])).get(table_id)

    async def last_actions(self, table_ids: list[str]) -> dict[str, tuple[int, float, str | None]]:
        """`last_action` of each of these tables that has one, in one query (a restart resumes the
        clocks of every running table with a time control)."""
        if not table_ids:
            return {}
        a = actions.c
        top = (
            sa.select(a.table_id, sa.func.max(a.idx).label("idx"))
            .where(a.table_id.in_(table_ids))
            .group_by(a.table_id)
            .subquery()
        )
        q = sa.select(a.table_id, a.idx, a.at, a.clock).join(
            top, sa.and_(a.table_id == top.c.table_id, a.idx == top.c.idx)
        )
        async with self.reads.connect() as conn:
            rows = (await conn.execute(q)).all()
        return {str(r[0]): (int(r[1]), float(r[2]), r[3]) for r in rows}

    async def add_chat(self, table_id: str, message: dict[str, Any], fence: int | None = None) -> None:
        """Store chat message number `message["seq"]` (seq, at, seat, name, spectator, text), committed
        when this returns. Raises Conflict if that number is taken, Fenced as `save_table` does."""
        row = {"table_id": table_id, **message}

        def add(conn: Connection) -> bool:
            _check_fence(conn, table_id, fence)
            if conn.execute(_CHAT_TAKEN, row).first() is not None:
                return False
            conn.execute(_INSERT_CHAT, row)
            return True

        if not await self.writer.write(add, lease=None if fence is None else table_id):
            raise Conflict(f"table {table_id} already has chat message {message['seq']}")

    async def chat(self, table_id: str, after: int | None = None, limit: int = 50) -> list[dict[str, Any]]:
        """A table's latest `limit` chat messages numbered after `after` (any, if None), oldest first."""
        q = sa.select(*_CHAT_COLUMNS).where(chat_messages.c.table_id == table_id)
        if after is not None:
            q = q.where(chat_messages.c.seq > after)
        q = q.order_by(chat_messages.c.seq.desc()).limit(limit)
        async with self.reads.connect() as conn:
            rows = (await conn.execute(q)).all()
        return [chat_message(r) for r in reversed(rows)]

    async def last_chat_seq(self, table_id: str) -> int:
        q = sa.select(sa.func.max(chat_messages.c.seq)).where(chat_messages.c.table_id == table_id)
        async with self.reads.connect() as conn:
            return (await conn.execute(q)).scalar() or 0

    async def delete_open(self, table_id: str, untouched_since: float) -> bool:
        """Remove an open table nobody has touched since then (its seats go by the foreign key's ON
        DELETE CASCADE). False if it was touched, started or removed meanwhile."""
        q = game_tables.delete().where(
            game_tables.c.id == table_id,
            game_tables.c.status == "open",
            game_tables.c.touched_at < untouched_since,
        )
        return await self.writer.write(lambda conn: bool(conn.execute(q).rowcount))

    # --- reads -----------------------------------------------------------------------------------
    async def stale_open_ids(self, untouched_since: float, limit: int = 1000) -> list[str]:
        """Open tables nobody has touched since then, oldest first."""
        q = (
            sa.select(game_tables.c.id)
            .where(game_tables.c.status == "open", game_tables.c.touched_at < untouched_since)
            .order_by(game_tables.c.touched_at)
            .limit(limit)
        )
        async with self.reads.connect() as conn:
            return [str(r[0]) for r in await conn.execute(q)]

    async def get_table(self, table_id: str) -> TableRecord | None:
        found = await self.get_tables([table_id])
        return found[0] if found else None

    async def get_tables(self, table_ids: list[str]) -> list[TableRecord]:
        """These tables (those that exist), with their seats: two queries however many."""
        async with self.reads.connect() as conn:
            rows = await conn.execute(game_tables.select().where(game_tables.c.id.in_(table_ids)))
            return await _with_seats(conn, [table_record(r._mapping) for r in rows])

    async def list_tables(self, status: Status | None = None, limit: int = 100) -> list[TableRecord]:
        """Newest first."""
        q = game_tables.select().order_by(game_tables.c.created_at.desc()).limit(limit)
        if status is not None:
            q = q.where(game_tables.c.status == status)
        async with self.reads.connect() as conn:
            return await _with_seats(conn, [table_record(r._mapping) for r in await conn.execute(q)])

    async def table_ids(self, statuses: tuple[Status, ...]) -> list[str]:
        q = (
            sa.select(game_tables.c.id)
            .where(game_tables.c.status.in_(statuses))
            .order_by(game_tables.c.created_at)
        )
        async with self.reads.connect() as conn:
            return [str(r[0]) for r in await conn.execute(q)]

    async def set_aside(self, table_id: str, first: int, fence: int | None = None) -> int:
        """Take actions `first` on out of a table's log, into `set_aside_actions` (kept, never replayed),
        with its snapshot, and its stored version back to `first - 1` at most: a repair
        (server/table/restore.py) when its log stopped replaying there. How many actions moved. Fenced
        like every write of the table's owner."""
        a, now = actions.c, time.time()
        later = sa.and_(a.table_id == table_id, a.idx >= first)
        moved = sa.select(a.table_id, a.idx, a.seat, a.action, a.at, a.clock, sa.literal(now)).where(later)
        names = ["table_id", "idx", "seat", "action", "at", "clock", "set_aside_at"]
        version = game_tables.c.version

        def move(conn: Connection) -> int:
            _check_fence(conn, table_id, fence)
            conn.execute(set_aside_actions.insert().from_select(names, moved))
            n = conn.execute(actions.delete().where(later)).rowcount
            conn.execute(snapshots.delete().where(snapshots.c.table_id == table_id))
            back = sa.case((version >= first, first - 1), else_=version)
            conn.execute(game_tables.update().where(game_tables.c.id == table_id).values(version=back))
            return int(n)

        return await self.writer.write(move, lease=None if fence is None else table_id)

    async def set_aside_actions(self, table_id: str) -> list[tuple[int, int, str]]:
        """A table's set-aside actions, as (number, seat, action), in order."""
        c = set_aside_actions.c
        q = sa.select(c.idx, c.seat, c.action).where(c.table_id == table_id).order_by(c.idx)
        async with self.reads.connect() as conn:
            return [(int(i), int(seat), str(act)) for i, seat, act in await conn.execute(q)]

    async def actions(self, table_id: str) -> list[tuple[int, str]]:
        """The log in order, as (seat, action)."""
        return (await self.logs([table_id]))[table_id]

    async def logs(self, table_ids: list[str]) -> dict[str, list[tuple[int, str]]]:
        """Each table's log in order, as (seat, action): one query however many tables."""
        q = (
            sa.select(actions.c.table_id, actions.c.idx, actions.c.seat, actions.c.action)
            .where(actions.c.table_id.in_(table_ids))
            .order_by(actions.c.table_id, actions.c.idx)
        )
        out: dict[str, list[tuple[int, str]]] = {tid: [] for tid in table_ids}
        async with self.reads.connect() as conn:
            rows = (await conn.execute(q)).all()  # (plain tuples: a restart reads 100,000s of them)
        for table_id, idx, seat, action in rows:
            log = out[table_id]
            if idx != len(log) + 1:  # the log must be dense: a gap means the database was edited
                raise RuntimeError(f"table {table_id}: action log has a gap at {len(log) + 1}")
            log.append((seat, action))
        return out


async def _with_seats(conn: ReadConnection, recs: list[TableRecord]) -> list[TableRecord]:
    if recs:
        by_id = {r.id: r for r in recs}
        q = seats.select().where(seats.c.table_id.in_(by_id)).order_by(seats.c.table_id, seats.c.seat)
        for r in await conn.execute(q):
            by_id[r.table_id].seats.append(seat_record(r._mapping))
    return recs


# The statements of the lobby's writes, built once (building one per call cost more than running it).
# The lobby's writes with every game: run on SQLite's own cursor (store/prepared.py).
_COUNT_OPEN = Prepared(
    sa.select(sa.func.count()).where(
        game_tables.c.status == "open", game_tables.c.created_by == sa.bindparam("by")
    )
)
_INSERT_TABLE = Prepared(game_tables.insert())
_LEASE_TOKEN = (
    sa.select(leases.c.token).where(leases.c.table_id == sa.bindparam("key")).with_for_update(read=True)
)
_CHAT_COLUMNS = [getattr(chat_messages.c, k) for k in ("seq", "at", "seat", "name", "spectator", "text")]
_CHAT_TAKEN = sa.select(chat_messages.c.seq).where(
    chat_messages.c.table_id == sa.bindparam("table_id"), chat_messages.c.seq == sa.bindparam("seq")
)
_INSERT_CHAT = chat_messages.insert()
_UPDATE_TABLE = Prepared(game_tables.update().where(game_tables.c.id == sa.bindparam("key")))
_INSERT_SEATS = Prepared(seats.insert())
_DELETE_SEATS = Prepared(seats.delete().where(seats.c.table_id == sa.bindparam("key")))
_DELETE_SNAPSHOT = Prepared(snapshots.delete().where(snapshots.c.table_id == sa.bindparam("key")))
_DELETE_SNAPSHOTS = snapshots.delete().where(snapshots.c.table_id.in_(sa.bindparam("ids", expanding=True)))
_INSERT_SNAPSHOT = snapshots.insert()
_RUNNING = sa.select(game_tables.c.id).where(
    game_tables.c.id.in_(sa.bindparam("ids", expanding=True)), game_tables.c.status == "running"
)
_TOKENS = sa.select(leases.c.table_id, leases.c.token).where(
    leases.c.table_id.in_(sa.bindparam("ids", expanding=True))
)
_SNAPSHOT_COLUMNS = [getattr(snapshots.c, k) for k in ("table_id", "version", "state", "log", "at")]


def _check_fence(conn: Connection, table_id: str, fence: int | None) -> None:
    """With `fence` (several processes), the write goes on only while that lease token is the table's."""
    if fence is not None and conn.execute(_LEASE_TOKEN, {"key": table_id}).scalar() != fence:
        raise Fenced(f"table {table_id} has another owner now")
