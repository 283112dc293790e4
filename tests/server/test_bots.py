"""Bots think off the event loop with a time budget; a bot that runs out of time still moves."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from ziggurat.server import bot_worker
from ziggurat.server.bots import BotRunner

from .harness import Client, ThreadServer, bearer, fast_settings, http, new_table, play_until


def slow_choose(*args: Any) -> str:
    time.sleep(0.3)
    return "never-legal"


async def test_a_bot_that_runs_out_of_time_gives_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot_worker, "choose", slow_choose)
    runner = BotRunner(fast_settings("sqlite://", bot_budget=0.05))
    t = time.monotonic()
    assert await runner.choose("zenith", {}, 0, "random", 1) is None
    assert time.monotonic() - t < 0.25, "the caller doesn't wait for the bot"
    runner.close()


async def test_bots_move_in_a_worker_thread_and_play_at_random_when_late(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    threads: set[str] = set()
    real = bot_worker.choose

    def spy(*args: Any) -> str:
        threads.add(threading.current_thread().name)
        if random.random() < 0.5:
            time.sleep(0.3)  # late: the table plays a random legal action instead
        return real(*args)

    monkeypatch.setattr(bot_worker, "choose", spy)
    settings = fast_settings(f"sqlite+aiosqlite:///{tmp_path / 'z.db'}", bot_budget=0.05, bot_workers=4)
    with ThreadServer(settings) as server:
        async with http(server.url) as api:
            tid, tokens = await new_table(api, "zenith", ["Ada"], bots=1)
            await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
            ada = await Client(server.url, tid, tokens[0]).connect()
            await play_until([ada], lambda s: False, random.Random(1))
            await ada.close()
            assert (await api.get(f"/api/tables/{tid}")).json()["status"] == "finished"
    assert threads and all(name.startswith("bot") for name in threads)
