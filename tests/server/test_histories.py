"""A finished game's history (server/table/histories.py): its public log is replayed once however often and
however many ask for it, never on the event loop, and one address asking too much gets 429."""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from pydantic import TypeAdapter

from ziggurat.server.cli.imports import import_match
from ziggurat.server.http.schemas import PublicLog
from ziggurat.server.table import history
from ziggurat.server.table.replays import Replay
from ziggurat.server.table.replays import Replays as ReplayCache
from ziggurat.server.table.views import summary
from ziggurat.store import Store

from .harness import ThreadServer, fast_settings, http
from .matches import bot_match


class Replays:
    """Every call of history.replay, in whichever module imported it: the thread each ran in."""

    def __init__(self) -> None:
        self.threads: list[str] = []

    def __len__(self) -> int:
        return len(self.threads)


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> Iterator[Replays]:
    seen = Replays()
    real = history.replay

    def counted(*args: Any, **kwargs: Any) -> Any:
        seen.threads.append(threading.current_thread().name)
        return real(*args, **kwargs)

    for name, module in list(sys.modules.items()):
        if name.startswith("ziggurat.server") and getattr(module, "replay", None) is real:
            monkeypatch.setattr(module, "replay", counted)
    yield seen


@pytest.fixture
async def store(server: ThreadServer) -> AsyncIterator[Store]:
    """The test server's database, opened from the tests' side to put finished games in it."""
    s = await Store.open(server.settings.db_url)
    yield s
    await s.close()


async def test_a_finished_log_is_replayed_once_off_the_loop(
    server: ThreadServer, api: httpx.AsyncClient, store: Store, replays: Replays
) -> None:
    match = bot_match("faiths", 7)
    rec = await import_match(store, match)
    url = f"/api/tables/{rec.id}/log"
    together = await asyncio.gather(*(api.get(url) for _ in range(3)))  # (all before it is replayed)
    again = [await api.get(url) for _ in range(3)]
    assert len(replays) == 1, "the log of a finished game is replayed once"
    assert replays.threads[0] != server.thread.name, "and not on the server's event loop"
    assert {r.status_code for r in together + again} == {200}
    assert len({r.content for r in together + again}) == 1
    # What it was before it was kept: the same body, checked by the same model.
    table = summary(rec, rec.version, set())
    expected = history.public_log(rec, history.replay(rec, match.actions), table)
    shape = TypeAdapter(PublicLog)
    assert again[0].json() == shape.dump_python(shape.validate_python(expected), mode="json")
    assert again[0].headers["content-type"] == "application/json"


async def test_a_replays_first_pages_asked_together_replay_it_once_off_the_loop(
    server: ThreadServer, api: httpx.AsyncClient, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[str] = []
    real = Replay.page

    def page(self: Replay, *args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread().name)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Replay, "page", page)
    rec = await import_match(store, bot_match("zealous", 4))
    cache: ReplayCache = server.server.config.app.state.replays
    built = cache.built
    url = f"/api/tables/{rec.id}/replay"
    answers = await asyncio.gather(*(api.get(url, params={"from": k, "count": 2}) for k in range(4)))
    assert [r.status_code for r in answers] == [200] * 4
    assert [r.json()["from"] for r in answers] == [0, 1, 2, 3]
    assert cache.built == built + 1, "one replay for the four first pages"
    assert len(threads) == 4 and server.thread.name not in threads, "pages are computed off the loop"


async def test_the_kept_log_comes_with_the_table_as_it_is_now(
    api: httpx.AsyncClient, store: Store, replays: Replays
) -> None:
    rec = await import_match(store, bot_match("zenith", 3))
    first = (await api.get(f"/api/tables/{rec.id}/log")).json()
    assert first["table"]["rematch"] is None
    rec.rematch = "later"
    await store.save_table(rec)
    second = (await api.get(f"/api/tables/{rec.id}/log")).json()
    assert second["table"]["rematch"] == "later" and second["log"] == first["log"]
    assert len(replays) == 1


async def test_an_address_asking_too_much_is_refused(tmp_path: Path, replays: Replays) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'z.db'}"
    store = await Store.open(url)
    try:
        a, b = [await import_match(store, bot_match(g, 2)) for g in ("zealous", "zenith")]
    finally:
        await store.close()
    # 1 a second, 40 at once; a replay of a game not in memory 0.1 a second, 4 at once.
    with ThreadServer(fast_settings(url, history_rate=1.0, history_burst=40.0)) as server:
        async with http(server.url) as api:
            for path in ("log", "replay"):  # the log and the replay of each game: 4 replays
                for t in (a, b):
                    assert (await api.get(f"/api/tables/{t.id}/{path}")).status_code == 200
            assert (await api.get(f"/api/tables/{a.id}/match")).status_code == 200  # (counted)
            assert (await api.get(f"/api/tables/{b.id}/replay", params={"from": 1})).status_code == 200
            store = await Store.open(url)
            try:
                c = await import_match(store, bot_match("zombology", 2))
            finally:
                await store.close()
            r = await api.get(f"/api/tables/{c.id}/log")  # a fifth replay, too soon
            assert (r.status_code, r.json()["code"]) == (429, "rate-limited"), r.text
            assert r.json()["message"]
            # Requests for what is kept are counted too, against the address's 40.
            statuses = [(await api.get(f"/api/tables/{a.id}/log")).status_code for _ in range(40)]
            assert statuses[:30] == [200] * 30 and statuses[-1] == 429, statuses
            assert (await api.get("/api/tables")).status_code == 200  # (the rest of the site is not)
    assert len(replays) == 2
