"""Bots think off the event loop with a time budget; a bot that runs out of time still moves."""

from __future__ import annotations

import asyncio
import random
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from ziggurat.server.table import autoplay, bot_worker
from ziggurat.server.table.bots import BotRunner

from .harness import Client, ThreadServer, bearer, fast_settings, http, new_table, play_until


async def test_a_bot_that_runs_out_of_time_gives_none(monkeypatch: pytest.MonkeyPatch) -> None:
    """The caller has its answer (None) while the bot is still thinking: counted, not timed (the bot
    thinks until the test lets it go, and reports whether it was let go or gave up waiting)."""
    release = threading.Event()
    finished: list[bool] = []

    def stuck_choose(*args: Any) -> str:
        finished.append(release.wait(timeout=10))
        return "never-legal"

    monkeypatch.setattr(bot_worker, "choose", stuck_choose)
    runner = BotRunner(fast_settings("sqlite://", bot_budget=0.05))
    try:
        assert await runner.choose("zenith", {}, 0, "random", 1) is None
        assert finished == [], "the caller waited for the bot"
    finally:
        release.set()
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


async def test_bots_are_paced_for_people_with_their_thinking_inside_the_pause(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A bot's action comes no sooner than `bot_delay` after the change before it, so a person sees
    each one; a bot that thinks for a while doesn't wait the whole delay on top (the pause is a floor
    from the change, not a sleep before thinking)."""
    real = bot_worker.choose
    thinking: list[float] = []
    # The pause the bot's turn still sleeps after thinking: what is left of the delay, never the whole
    # delay again. Read from the computed sleep, not the wall clock, so a loaded machine can't flake it.
    pauses: list[float] = []
    real_sleep = asyncio.sleep

    async def sleep(delay: float, *args: Any) -> Any:
        if sys._getframe(1).f_globals["__name__"] == autoplay.__name__:
            pauses.append(delay)
        return await real_sleep(delay, *args)

    monkeypatch.setattr(asyncio, "sleep", sleep)

    def slow(*args: Any) -> str:
        t = time.monotonic()
        time.sleep(0.3)
        thinking.append(time.monotonic() - t)
        return real(*args)

    monkeypatch.setattr(bot_worker, "choose", slow)
    settings = fast_settings(f"sqlite+aiosqlite:///{tmp_path / 'z.db'}", bot_delay=0.4)
    with ThreadServer(settings) as server:
        async with http(server.url) as api:
            tid, tokens = await new_table(api, "zenith", ["Ada"], bots=1)
            await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
            ada = await Client(server.url, tid, tokens[0]).connect()
            rng, gaps = random.Random(3), []
            while len(gaps) < 4:
                st = ada.state if ada.state and ada.state["legal"] else await ada.next("state")
                if st["result"] is not None:
                    break
                if not st["legal"]:
                    continue
                assert (await ada.act(rng.choice(st["legal"]), st["version"]))["type"] == "ack"
                acked, mine = time.monotonic(), st["version"] + 1
                while True:  # the bot's answer: the next version, or the end
                    st = await ada.next("state")
                    if st["version"] > mine or st["result"] is not None:
                        break
                if st["version"] > mine:
                    gaps.append(time.monotonic() - acked)
            await ada.close()
    assert len(gaps) == 4 and thinking
    assert min(gaps) >= 0.4 - 0.02, gaps  # never sooner than the pace (the ack comes after the change)
    # Thinking (0.3 s at least) inside the pause: what is left to sleep is under 0.1 s on any machine,
    # where a sleep before thinking would sleep the whole 0.4 s.
    assert len(pauses) >= len(gaps) and max(pauses) <= 0.4 - 0.3 + 1e-6, pauses
