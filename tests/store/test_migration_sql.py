"""Migrations are history: the SQL each revision sends, up and down, on SQLite and on PostgreSQL, is
pinned in migration_sql/ and must not change (the builders in store/columns.py that migrations share
with schema.py may never alter it).

A new revision appends its own SQL: `python -m tests.store.test_migration_sql` rewrites the files (it
starts a throwaway PostgreSQL); the diff must touch nothing but the new revision's sections. A library
upgrade that renders SQL differently also shows here: check that it is rendering only, then rewrite.
"""

from __future__ import annotations

import asyncio
import re
import sys
import tempfile
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import event
from sqlalchemy.ext.asyncio import create_async_engine

from ziggurat.store.migrate import alembic_config

PINNED = Path(__file__).parent / "migration_sql"
_REFLECTION = re.compile(r"^PRAGMA |sqlite_master|pg_catalog|information_schema")
_INDEXES = re.compile(r"(?:CREATE INDEX [^\n]*\n\n)+")


def revisions() -> list[str]:
    newest_first = ScriptDirectory.from_config(alembic_config()).walk_revisions()
    return [s.revision for s in reversed(list(newest_first))]


def _step(conn: sa.Connection, target: str, up: bool) -> None:
    cfg = alembic_config()
    cfg.attributes["connection"] = conn
    (command.upgrade if up else command.downgrade)(cfg, target)


def _section(title: str, statements: list[str]) -> str:
    text = "".join(statements)
    # SQLite's batch mode re-creates a copied table's indexes in no fixed order: sort each such run.
    text = _INDEXES.sub(lambda m: "".join(sorted(f"{s}\n\n" for s in m[0].split("\n\n") if s)), text)
    return f"-- {title}\n\n{text}"


async def migration_sql(url: str) -> str:
    """Every statement each revision sends, base to head and back down, but for catalog reads."""
    engine = create_async_engine(url)
    sent: list[str] = []

    @event.listens_for(engine.sync_engine, "before_cursor_execute")
    def record(conn: object, cursor: object, statement: str, params: object, *rest: object) -> None:
        if not _REFLECTION.search(statement):
            lines = [line.rstrip() for line in statement.strip().splitlines()]
            text = "\n".join(line for line in lines if line)
            sent.append(text + (f"\n{params!r}" if params else "") + "\n\n")

    sections = []
    try:
        steps = [(r, r, True) for r in revisions()] + [(r, "-1", False) for r in reversed(revisions())]
        for rev, target, up in steps:
            sent.clear()
            async with engine.begin() as conn:
                await conn.run_sync(_step, target, up)
            sections.append(_section(f"{'upgrade to' if up else 'downgrade from'} {rev}", sent))
    finally:
        await engine.dispose()
    return "".join(sections)


async def test_every_revision_sends_the_pinned_sql(db_url: str) -> None:
    dialect = db_url.split("+", 1)[0]
    got = await migration_sql(db_url)
    pinned = (PINNED / f"{dialect}.sql").read_text()
    assert got == pinned, f"the migrations' SQL on {dialect} changed (see this module's docstring)"


def _write() -> None:
    from ziggurat.devcluster import postgres

    PINNED.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as d:
        (PINNED / "sqlite.sql").write_text(asyncio.run(migration_sql(f"sqlite+aiosqlite:///{d}/m.db")))
    with postgres() as pg:
        (PINNED / "postgresql.sql").write_text(asyncio.run(migration_sql(pg.new_database())))


if __name__ == "__main__":
    _write()
    sys.exit(0)
