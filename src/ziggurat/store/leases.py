"""Table ownership among several server processes sharing one PostgreSQL: leases with fencing tokens.

A process owns a table while its lease lasts; it renews its leases well before they expire. Another
process may take a table over only once its lease has expired, and the token then goes up by one.
Every write of an owner carries its token (`Append.fence`, `Store.save_table(fence=...)`), checked
under a share lock on the lease row in the write's own transaction, so a takeover waits for writes in
flight and a process that lost its lease (paused, cut off) can never store anything after it.
Times are the database's clock, so the processes' clocks don't matter.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from ziggurat.store.schema import game_tables, leases


class Fenced(Exception):
    """This process's lease on the table was taken over: the write was refused, nothing stored."""


_NOW = sa.func.extract("epoch", sa.func.clock_timestamp())

_ACQUIRE = sa.text(
    """
    INSERT INTO leases (table_id, owner, token, expires_at)
    VALUES (:table_id, :owner, 1, extract(epoch from clock_timestamp()) + :ttl)
    ON CONFLICT (table_id) DO UPDATE
    SET owner = EXCLUDED.owner, token = leases.token + 1, expires_at = EXCLUDED.expires_at
    WHERE leases.expires_at < extract(epoch from clock_timestamp()) OR leases.owner = EXCLUDED.owner
    RETURNING token
    """
)


# The rows are locked in the table ids' order, as the writer's share locks are (store/writer.py): an
# UPDATE of many rows would lock them in whatever order it finds them, and deadlock with a write batch.
_RENEW = sa.text(
    """
    UPDATE leases SET expires_at = extract(epoch from clock_timestamp()) + :ttl
    WHERE table_id IN (
        SELECT table_id FROM leases WHERE table_id = ANY(:ids) AND owner = :owner
        ORDER BY table_id FOR NO KEY UPDATE
    )
    RETURNING table_id
    """
)


_RELEASE = sa.text(
    """
    UPDATE leases SET expires_at = 0, owner = ''
    WHERE table_id IN (
        SELECT l.table_id FROM leases l
        JOIN unnest(CAST(:ids AS varchar[]), CAST(:tokens AS int[])) AS h(id, token)
            ON l.table_id = h.id AND l.token = h.token
        WHERE l.owner = :owner ORDER BY l.table_id FOR NO KEY UPDATE
    )
    """
)


class Leases:
    def __init__(self, engine: AsyncEngine, node: str, ttl: float) -> None:
        self.engine = engine
        self.node = node  # this process
        self.ttl = ttl  # seconds a lease lasts unless renewed

    async def acquire(self, table_id: str) -> int | None:
        """Own the table (it was free, expired, or already ours): the new fencing token. None while
        another process's lease lasts, or if there is no such table."""
        try:
            async with self.engine.begin() as conn:
                params = {"table_id": table_id, "owner": self.node, "ttl": self.ttl}
                token = (await conn.execute(_ACQUIRE, params)).scalar()
        except IntegrityError:  # no such table
            return None
        return None if token is None else int(token)

    async def renew(self, table_ids: list[str]) -> set[str]:
        """Extend these leases; the ones still ours (a missing one was taken over)."""
        if not table_ids:
            return set()
        async with self.engine.begin() as conn:
            rows = await conn.execute(_RENEW, {"ids": table_ids, "owner": self.node, "ttl": self.ttl})
            return {str(r[0]) for r in rows}

    async def release(self, held: list[tuple[str, int]]) -> None:
        """Let these tables go now, each (table, token) (unloaded from memory, nothing for them to do):
        whoever needs one next takes it at once, and nobody takes it over meanwhile ("parked": no
        owner). One statement for all, its rows locked in the table ids' order, as renewals do."""
        if not held:
            return
        ids, tokens = zip(*sorted(held), strict=True)
        params = {"ids": list(ids), "tokens": list(tokens), "owner": self.node}
        async with self.engine.begin() as conn:
            await conn.execute(_RELEASE, params)

    async def holder(self, table_id: str) -> tuple[str, int] | None:
        """(owner, token) while a lease on the table lasts; None when nobody owns it."""
        q = sa.select(leases.c.owner, leases.c.token).where(
            leases.c.table_id == table_id, leases.c.expires_at > _NOW
        )
        async with self.engine.connect() as conn:
            row = (await conn.execute(q)).first()
        return None if row is None else (str(row[0]), int(row[1]))

    async def holders(self, table_ids: list[str]) -> dict[str, str]:
        """The live owners of these tables (those that have one)."""
        q = sa.select(leases.c.table_id, leases.c.owner).where(
            leases.c.table_id.in_(table_ids), leases.c.expires_at > _NOW, leases.c.owner != ""
        )
        async with self.engine.connect() as conn:
            return {str(r[0]): str(r[1]) for r in await conn.execute(q)}

    async def orphans(self, limit: int = 200) -> list[str]:
        """Running tables whose owner's lease ran out without letting them go (the owner died), or
        that never had one: to take over, so that their bots play on and their timers keep running.
        (A parked table, let go with nothing to do, waits for someone to ask for it.)"""
        settled = sa.select(leases.c.table_id).where((leases.c.expires_at > _NOW) | (leases.c.owner == ""))
        q = (
            sa.select(game_tables.c.id)
            .where(game_tables.c.status == "running", game_tables.c.id.not_in(settled))
            .limit(limit)
        )
        async with self.engine.connect() as conn:
            return [str(r[0]) for r in await conn.execute(q)]
