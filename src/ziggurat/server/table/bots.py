"""Bots think off the event loop, in a process pool (or threads, for tests) with a time budget."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from ziggurat.server.config import Settings
from ziggurat.server.table import bot_worker

log = logging.getLogger("ziggurat.server")


def check_level(level: str) -> None:
    """Raise ValueError for a level the bots package doesn't know."""
    from ziggurat.bots import make_bot  # (imported when first needed: not on the way to serving)

    make_bot(level, 0)


class BotRunner:
    def __init__(self, settings: Settings) -> None:
        self.budget = settings.bot_budget
        self.pool: Executor
        if settings.bot_pool == "process":
            # spawn, not fork: the server process has threads (fork would copy their locks mid-use).
            self.pool = ProcessPoolExecutor(
                settings.bot_workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=bot_worker.warm,
                initargs=(os.getpid(),),
            )
        else:
            self.pool = ThreadPoolExecutor(settings.bot_workers, thread_name_prefix="bot")

    async def choose(
        self,
        game_id: str,
        state_json: dict[str, Any],
        seat: int,
        level: str,
        seed: int,
        budget: float | None = None,
    ) -> str | None:
        """The bot's action, or None if it failed or ran out of time (the caller then plays at random).
        `budget` (seconds) shortens the usual one for this decision."""
        loop = asyncio.get_running_loop()
        budget = self.budget if budget is None else min(budget, self.budget)
        think = budget * 0.8  # leave the pool's round trip some room inside the budget
        fut = loop.run_in_executor(
            self.pool, bot_worker.choose, game_id, state_json, seat, level, seed, think
        )
        try:
            action: str | None = await asyncio.wait_for(fut, budget)
        except TimeoutError:
            log.warning("bot %s for %s seat %d ran out of time", level, game_id, seat)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot %s for %s seat %d failed", level, game_id, seat)
        else:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                # Python 3.11's wait_for returns an answer that came as its task was cancelled (its
                # table stopping) and drops the cancel: passed on, or the task waits out bot_delay.
                raise asyncio.CancelledError
            return action
        return None

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
