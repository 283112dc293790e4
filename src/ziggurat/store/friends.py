"""Friends and invitations in the store."""

from __future__ import annotations

import contextlib
import time

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from ziggurat.store.reads import Reads
from ziggurat.store.records import Status
from ziggurat.store.schema import accounts, friends, game_tables, invitations, seats
from ziggurat.store.writer import Writer


class Friends:
    def __init__(self, reads: Reads, writer: Writer) -> None:
        self.reads = reads
        self.writer = writer

    async def add(self, account: str, friend: str) -> None:
        """Follow `friend` (again: nothing changes)."""

        def add(conn: Connection) -> None:
            q = sa.select(friends.c.friend_id).where(
                friends.c.account_id == account, friends.c.friend_id == friend
            )
            if conn.execute(q).first() is None:
                conn.execute(
                    friends.insert(), {"account_id": account, "friend_id": friend, "created_at": time.time()}
                )

        with contextlib.suppress(sa.exc.IntegrityError):  # (added at once by another process: added)
            await self.writer.write(add)

    async def remove(self, account: str, friend: str) -> None:
        q = friends.delete().where(friends.c.account_id == account, friends.c.friend_id == friend)
        await self.writer.write(lambda conn: conn.execute(q))

    async def of(self, account: str) -> list[tuple[str, float]]:
        """(username, since), by username."""
        q = (
            sa.select(accounts.c.username, friends.c.created_at)
            .join(accounts, accounts.c.id == friends.c.friend_id)
            .where(friends.c.account_id == account)
            .order_by(accounts.c.username)
        )
        async with self.reads.connect() as conn:
            return [(str(n), float(t)) for n, t in await conn.execute(q)]

    async def tables(self, account: str, status: Status | None, limit: int) -> list[str]:
        """Tables where someone the account follows sits, newest first."""
        followed = sa.select(friends.c.friend_id).where(friends.c.account_id == account)
        q = (
            sa.select(game_tables.c.id)
            .where(game_tables.c.id.in_(sa.select(seats.c.table_id).where(seats.c.account_id.in_(followed))))
            .order_by(game_tables.c.created_at.desc())
            .limit(limit)
        )
        if status is not None:
            q = q.where(game_tables.c.status == status)
        async with self.reads.connect() as conn:
            return [str(r[0]) for r in await conn.execute(q)]

    # --- invitations -----------------------------------------------------------------------------------
    async def invite(self, table_id: str, account: str, by_name: str) -> None:
        """Invite the account to the table (again: the invitation is renewed)."""
        row = {"table_id": table_id, "account_id": account, "by_name": by_name, "at": time.time()}
        gone = invitations.delete().where(
            invitations.c.table_id == table_id, invitations.c.account_id == account
        )

        def invite(conn: Connection) -> None:
            conn.execute(gone)
            conn.execute(invitations.insert(), row)

        await self.writer.write(invite)

    async def invitations(self, account: str) -> list[tuple[str, str, float]]:
        """(table id, who invited, when) to open tables where the account doesn't sit yet, newest first."""
        q = (
            sa.select(invitations.c.table_id, invitations.c.by_name, invitations.c.at)
            .join(game_tables, game_tables.c.id == invitations.c.table_id)
            .where(invitations.c.account_id == account, game_tables.c.status == "open")
            .where(
                ~invitations.c.table_id.in_(sa.select(seats.c.table_id).where(seats.c.account_id == account))
            )
            .order_by(invitations.c.at.desc())
        )
        async with self.reads.connect() as conn:
            return [(str(t), str(b), float(a)) for t, b, a in await conn.execute(q)]

    async def dismiss(self, table_id: str, account: str) -> None:
        q = invitations.delete().where(
            invitations.c.table_id == table_id, invitations.c.account_id == account
        )
        await self.writer.write(lambda conn: conn.execute(q))
