from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest

from ziggurat.store import Store

from .harness import ThreadServer, fast_settings, http


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    """One fast server for most tests: bots at once, a 1 s idle host, thread-pool bots."""
    db = tmp_path_factory.mktemp("server") / "ziggurat.db"
    with ThreadServer(fast_settings(f"sqlite+aiosqlite:///{db}")) as s:
        yield s


@pytest.fixture
async def api(server: ThreadServer) -> AsyncIterator[httpx.AsyncClient]:
    async with http(server.url) as client:
        yield client


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'ziggurat.db'}"


@pytest.fixture
async def store(sqlite_url: str) -> AsyncIterator[Store]:
    """A store of its own on a fresh SQLite file (for tests that drive tables and halls directly)."""
    s = await Store.open(sqlite_url)
    yield s
    await s.close()
