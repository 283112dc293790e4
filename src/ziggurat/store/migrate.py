"""Alembic, driven from code: the server upgrades its database to head at every start.

A database already at head (every start but the first after an upgrade) is recognised by one query,
without importing Alembic at all: that import was a fifth of the server's start-up.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import sqlalchemy as sa
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).parent / "migrations"
HEAD = "0014"  # the newest revision in migrations/versions (a test checks it is Alembic's head)


def alembic_config(url: str | None = None) -> Config:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    if url:
        cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def _upgrade(connection: Connection, revision: str) -> None:
    from alembic import command

    cfg = alembic_config()
    cfg.attributes["connection"] = connection  # env.py migrates on this connection
    command.upgrade(cfg, revision)


_MIGRATION_LOCK = 0x7A1660  # any constant of ours: the advisory lock the migrating process holds


async def _current(engine: AsyncEngine) -> str | None:
    """The database's revision, or None (a new database, or one Alembic never touched)."""
    async with engine.connect() as conn:
        try:
            return (await conn.execute(sa.text("SELECT version_num FROM alembic_version"))).scalar()
        except sa.exc.DBAPIError:
            return None


async def upgrade(engine: AsyncEngine, revision: str = "head") -> None:
    if revision in ("head", HEAD) and await _current(engine) == HEAD:
        return
    sqlite = engine.dialect.name == "sqlite"
    async with engine.connect() as conn:
        if sqlite:
            # SQLite alters a table by copying it and dropping the old one; with foreign keys on, that drop
            # would cascade to every seat and action. (A no-op inside a transaction: so first, and alone.)
            await conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            await conn.commit()
        try:
            if not sqlite:  # several processes starting at once (several machines): one migrates at a time
                await conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})")
            await conn.run_sync(_upgrade, revision)
            await conn.commit()
        finally:
            if sqlite:
                await conn.rollback()
                await conn.exec_driver_sql("PRAGMA foreign_keys=ON")
                await conn.commit()
