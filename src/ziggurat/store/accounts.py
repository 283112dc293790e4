"""Accounts and their sessions in the store, and the seats an account holds.

Writes go through the store's writer (one writer per database: SQLite has one at a time anyway), reads
through the engine. Seats themselves are changed only by their table's actor (it holds them in memory
and rewrites them at each change): here they are only read.
"""

from __future__ import annotations

import time

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from ziggurat.store.reads import Reads
from ziggurat.store.records import AccountRecord
from ziggurat.store.schema import accounts, game_tables, seats, sessions, username_keys
from ziggurat.store.writer import Writer


class Accounts:
    def __init__(self, reads: Reads, writer: Writer) -> None:
        self.reads = reads
        self.writer = writer

    # --- accounts ------------------------------------------------------------------------------------
    async def create(self, rec: AccountRecord, keys: tuple[str, ...]) -> bool:
        """Store a new account with its username's look-alike keys; False if any key is another
        account's (nothing stored)."""
        row = {
            "id": rec.id,
            "username": rec.username,
            "password_hash": rec.password_hash,
            "created_at": rec.created_at,
        }
        key_rows = [{"key": k, "account_id": rec.id} for k in dict.fromkeys(keys)]

        def create(conn: Connection) -> bool:
            if conn.execute(_TAKEN, {"keys": list(keys)}).first() is not None:
                return False
            conn.execute(accounts.insert(), row)
            conn.execute(username_keys.insert(), key_rows)
            return True

        try:
            return await self.writer.write(create)
        except sa.exc.IntegrityError:  # another process took a key between our read and insert
            return False

    async def by_name(self, username: str, keys: tuple[str, ...]) -> AccountRecord | None:
        """The account of this username: the one written exactly so, else the one holding the first
        of its keys that an account holds (two accounts from before look-alikes were one name may
        share keys: each still has its own name exactly, see migration 0013)."""
        found = [
            sa.select(*accounts.c, sa.literal(0).label("rank")).where(accounts.c.username == username),
            *(
                sa.select(*accounts.c, sa.literal(i + 1).label("rank"))
                .join(username_keys, username_keys.c.account_id == accounts.c.id)
                .where(username_keys.c.key == k)
                for i, k in enumerate(keys)
            ),
        ]
        q = sa.union_all(*found).order_by(sa.column("rank")).limit(1)
        async with self.reads.connect() as conn:
            row = (await conn.execute(q)).first()
        return None if row is None else _account(row._mapping)

    async def by_id(self, account_id: str) -> AccountRecord | None:
        async with self.reads.connect() as conn:
            row = (await conn.execute(accounts.select().where(accounts.c.id == account_id))).first()
        return None if row is None else _account(row._mapping)

    async def names(self, account_ids: list[str]) -> dict[str, str]:
        """Usernames by account id (those that exist)."""
        if not account_ids:
            return {}
        q = sa.select(accounts.c.id, accounts.c.username).where(accounts.c.id.in_(account_ids))
        async with self.reads.connect() as conn:
            return {str(i): str(n) for i, n in await conn.execute(q)}

    async def set_password(self, account_id: str, password_hash: str) -> None:
        q = accounts.update().where(accounts.c.id == account_id).values(password_hash=password_hash)
        await self.writer.write(lambda conn: conn.execute(q))

    # --- sessions ------------------------------------------------------------------------------------
    async def open_session(self, account_id: str, id_hash: str, ttl: float) -> None:
        now = time.time()
        row = {"id_hash": id_hash, "account_id": account_id, "created_at": now, "expires_at": now + ttl}
        await self.writer.write(lambda conn: conn.execute(sessions.insert(), row))

    async def session_account(self, id_hash: str) -> AccountRecord | None:
        """The account signed in by this session, if it exists and has not expired."""
        q = (
            accounts.select()
            .join(sessions, sessions.c.account_id == accounts.c.id)
            .where(sessions.c.id_hash == id_hash, sessions.c.expires_at > time.time())
        )
        async with self.reads.connect() as conn:
            row = (await conn.execute(q)).first()
        return None if row is None else _account(row._mapping)

    async def end_session(self, id_hash: str) -> None:
        q = sessions.delete().where(sessions.c.id_hash == id_hash)
        await self.writer.write(lambda conn: conn.execute(q))

    async def end_sessions(self, account_id: str, keep: str | None = None) -> int:
        """End every session of the account (but `keep`, a session's hash); how many ended. Expired
        sessions of everyone go too (a sign-out is rare enough to carry the sweep)."""
        q = sessions.delete().where(sessions.c.account_id == account_id)
        if keep is not None:
            q = q.where(sessions.c.id_hash != keep)
        expired = sessions.delete().where(sessions.c.expires_at <= sa.bindparam("now"))

        def end(conn: Connection) -> int:
            n = conn.execute(q).rowcount
            conn.execute(expired, {"now": time.time()})
            return int(n)

        return await self.writer.write(end)

    # --- seats ---------------------------------------------------------------------------------------
    async def seat_secret(self, table_id: str, account_id: str) -> tuple[str | None, str | None] | None:
        """The account's seat at this table as (its token hash, the hash it is held by at a rematch),
        or None if the account holds no seat there."""
        q = sa.select(seats.c.token_hash, seats.c.invite_hash).where(
            seats.c.table_id == table_id, seats.c.account_id == account_id
        )
        async with self.reads.connect() as conn:
            row = (await conn.execute(q)).first()
        return None if row is None else (row[0], row[1])

    async def session_seat(self, id_hash: str, table_id: str) -> str | None:
        """The token hash of the seat at this table of the account this session signs in (one query:
        a socket's hello without a token)."""
        q = (
            sa.select(seats.c.token_hash)
            .join(sessions, sessions.c.account_id == seats.c.account_id)
            .where(
                sessions.c.id_hash == id_hash,
                sessions.c.expires_at > time.time(),
                seats.c.table_id == table_id,
            )
        )
        async with self.reads.connect() as conn:
            return (await conn.execute(q)).scalar()

    async def seats_of(
        self, account_id: str, limit: int | None = 50, unfinished: bool = False
    ) -> list[tuple[str, int]]:
        """(table id, seat) where the account sits: open and running tables first, newest first (with
        `unfinished`, only those)."""
        finished = sa.case((game_tables.c.status == "finished", 1), else_=0)
        q = (
            sa.select(seats.c.table_id, seats.c.seat)
            .join(game_tables, game_tables.c.id == seats.c.table_id)
            .where(seats.c.account_id == account_id)
            .order_by(finished, game_tables.c.created_at.desc())
            .limit(limit)
        )
        if unfinished:
            q = q.where(game_tables.c.status != "finished")
        async with self.reads.connect() as conn:
            return [(str(t), int(s)) for t, s in await conn.execute(q)]

    async def tables_holding(self, token_hashes: list[str]) -> list[tuple[str, str]]:
        """(table id, token hash) of the seats these token hashes hold and no account holds yet."""
        if not token_hashes:
            return []
        q = sa.select(seats.c.table_id, seats.c.token_hash).where(
            seats.c.token_hash.in_(token_hashes), seats.c.account_id.is_(None)
        )
        async with self.reads.connect() as conn:
            return [(str(t), str(h)) for t, h in await conn.execute(q)]


_TAKEN = sa.select(username_keys.c.key).where(username_keys.c.key.in_(sa.bindparam("keys", expanding=True)))


def _account(m: sa.RowMapping) -> AccountRecord:
    return AccountRecord(
        id=m["id"], username=m["username"], password_hash=m["password_hash"], created_at=m["created_at"]
    )
