from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from ziggurat.store import Store

from .pg import Cluster


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind: the whole store suite runs on both."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'store.db'}"
    cluster: Cluster = request.getfixturevalue("pg")
    return cluster.new_database()


@pytest.fixture
async def store(db_url: str) -> AsyncIterator[Store]:
    s = await Store.open(db_url)
    yield s
    await s.close()
