"""`ziggurat serve --db` takes URLs as people have them (`sqlite:///path`, `postgres://…` as hosting
providers hand out DATABASE_URL, `postgresql://…`), and a URL that can't work is one clear line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ziggurat.store import BadDatabaseUrl, async_url

from ..store.pg import Cluster
from .harness import ProcessServer, http, new_table

EXE = str(Path(sys.executable).parent / "ziggurat")


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("sqlite:///relative.db", "sqlite+aiosqlite:///relative.db"),
        ("sqlite:////tmp/my games/z.db", "sqlite+aiosqlite:////tmp/my games/z.db"),
        ("sqlite+aiosqlite:///z.db", "sqlite+aiosqlite:///z.db"),
        ("postgres://u:p%40ss@db.example:5432/zig", "postgresql+asyncpg://u:p%40ss@db.example:5432/zig"),
        ("postgresql://u@db.example/zig", "postgresql+asyncpg://u@db.example/zig"),
        ("postgresql+asyncpg://u@db.example/zig", "postgresql+asyncpg://u@db.example/zig"),
        ("postgres://u@h/zig?sslmode=require", "postgresql+asyncpg://u@h/zig?ssl=require"),
    ],
)
def test_urls_map_to_the_async_drivers(typed: str, meant: str) -> None:
    assert async_url(typed) == meant


@pytest.mark.parametrize("bad", ["mysql://u@h/db", "not a url", "postgres://u:secret@h", "sqlite://"])
def test_urls_that_cannot_work_are_refused_in_words(bad: str) -> None:
    with pytest.raises(BadDatabaseUrl) as e:
        async_url(bad)
    assert "secret" not in str(e.value) and "try sqlite:///" in str(e.value)


async def test_serve_takes_a_plain_sqlite_url(tmp_path: Path) -> None:
    server = ProcessServer(f"sqlite:///{tmp_path / 'plain.db'}")
    try:
        async with http(server.url) as api:
            await new_table(api, "zenith", ["Ada"], bots=1)
        assert (tmp_path / "plain.db").exists()
    finally:
        server.stop()


async def test_serve_takes_a_postgres_url_as_providers_give_it(pg: Cluster) -> None:
    url = pg.new_database().replace("postgresql+asyncpg://", "postgres://")
    server = ProcessServer(url)
    try:
        async with http(server.url) as api:
            await new_table(api, "zenith", ["Ada"], bots=1)
    finally:
        server.stop()


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("mysql://u@localhost/db", "SQLite or PostgreSQL"),
        ("nonsense", "not a database URL"),
        ("postgres://app:wrong@127.0.0.1:1/db", "can't open the database postgresql+asyncpg://app:***@"),
        ("sqlite:////proc/no/such/dir/z.db", "can't open the database"),
    ],
)
def test_a_url_that_cannot_work_is_one_clear_line(url: str, says: str) -> None:
    run = subprocess.run(
        [EXE, "serve", "--port", "0", "--db", url], capture_output=True, text=True, timeout=60
    )
    assert run.returncode != 0
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0], run.stderr
    assert "Traceback" not in run.stderr and "wrong" not in run.stderr
