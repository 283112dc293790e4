"""Alembic environment. The server passes an open connection (Store.open); the `alembic` command line
may pass a URL instead (-x url=... or sqlalchemy.url), which is then opened with the async engine."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import create_async_engine

from ziggurat.store.schema import metadata

config = context.config


def _run(connection: Connection) -> None:
    # Batch mode lets later migrations alter SQLite tables (it has no ALTER COLUMN).
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


async def _run_url(url: str) -> None:
    engine = create_async_engine(url)
    async with engine.begin() as conn:
        await conn.run_sync(_run)
    await engine.dispose()


if context.is_offline_mode():
    context.configure(
        url=config.get_main_option("sqlalchemy.url"), target_metadata=metadata, literal_binds=True
    )
    with context.begin_transaction():
        context.run_migrations()
else:
    shared = config.attributes.get("connection")
    if shared is not None:
        _run(shared)
    else:
        url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option(
            "sqlalchemy.url"
        )
        if not url:
            raise SystemExit("alembic: pass -x url=sqlite+aiosqlite:///path.db (or postgresql+asyncpg://...)")
        asyncio.run(_run_url(url))
