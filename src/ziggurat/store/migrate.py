"""Alembic, driven from code: the server upgrades its database to head at every start."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config(url: str | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    if url:
        cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def _upgrade(connection: Connection, revision: str) -> None:
    cfg = alembic_config()
    cfg.attributes["connection"] = connection  # env.py migrates on this connection
    command.upgrade(cfg, revision)


async def upgrade(engine: AsyncEngine, revision: str = "head") -> None:
    sqlite = engine.dialect.name == "sqlite"
    async with engine.connect() as conn:
        if sqlite:
            # SQLite alters a table by copying it and dropping the old one; with foreign keys on, that drop
            # would cascade to every seat and action. (A no-op inside a transaction: so first, and alone.)
            await conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            await conn.commit()
        try:
            await conn.run_sync(_upgrade, revision)
            await conn.commit()
        finally:
            if sqlite:
                await conn.rollback()
                await conn.exec_driver_sql("PRAGMA foreign_keys=ON")
                await conn.commit()
