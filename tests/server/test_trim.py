"""Keeping memory bounded: which tables a trim unloads, and which it looks at.

A trim after a command looks only at the tables that fell idle since (so its cost follows what is idle,
not every table loaded); the sweeper's full trim looks at every table, and so also finds one that fell
idle without saying so (a clock's timer that ended).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from ziggurat.server.hall import Hall
from ziggurat.server.table.bots import BotRunner
from ziggurat.server.table.table import Table
from ziggurat.store import SeatRecord, Store, TableRecord

from .harness import fast_settings


@pytest.fixture
async def halls(store: Store) -> AsyncIterator[Callable[[int], Hall]]:
    bots = BotRunner(fast_settings(""))
    made: list[Hall] = []

    def make(max_idle_tables: int) -> Hall:
        made.append(Hall(store, bots, fast_settings("", max_idle_tables=max_idle_tables, snapshot_every=0)))
        return made[-1]

    yield make
    for h in made:
        await h.close()
    bots.close()


async def running(store: Store, tid: str) -> None:
    rec = TableRecord(tid, "zenith", {}, 2, 7, 1, "running", 0, 1.0, 1.0)
    rec.seats = [SeatRecord(i, "human", f"P{i}", f"{tid}-{i}") for i in range(2)]
    rec.started_at = time.time()
    await store.create_table(rec)


async def a_loaded_b_stored(store: Store, hall: Hall) -> Table:
    """Running tables a and b in the store, a loaded (idle): a."""
    for tid in ("a", "b"):
        await running(store, tid)
    return await hall.get("a")


async def test_idle_tables_beyond_the_limit_leave_least_recently_idle_first(
    store: Store, halls: Callable[[int], Hall]
) -> None:
    hall = halls(2)
    for tid in ("a", "b", "c"):
        await running(store, tid)
    await hall.get("a")
    await hall.get("b")
    hall.tables["a"].on_idle(hall.tables["a"])  # a command at a ended: it is the most recent now
    await hall.get("c")
    await hall.trim()
    assert set(hall.tables) == {"a", "c"}  # b went


async def test_a_table_someone_is_at_stays_and_a_full_trim_finds_it_once_it_is_not(
    store: Store, halls: Callable[[int], Hall]
) -> None:
    hall = halls(1)
    a = await a_loaded_b_stored(store, hall)
    timer: asyncio.Task[Any] = asyncio.create_task(asyncio.sleep(3600))
    a.alarms[0] = (1, timer)  # a clock's timer runs: someone is at it
    await hall.get("b")
    await hall.trim()
    assert set(hall.tables) == {"a", "b"}  # one idle table: within the limit
    del a.alarms[0]  # the timer ends without a command: the table says nothing
    timer.cancel()
    assert await hall.trim() == 0  # a trim after a command looks only at tables that said so
    assert await hall.trim(full=True) == 1 and set(hall.tables) == {"b"}  # the sweeper's looks at all


async def test_a_table_in_use_is_no_candidate_and_comes_back_as_the_most_recent(
    store: Store, halls: Callable[[int], Hall]
) -> None:
    hall = halls(1)
    a = await a_loaded_b_stored(store, hall)
    with a.held():  # (a socket between connecting and its hello)
        await hall.get("b")
        await hall.trim()
        assert set(hall.tables) == {"a", "b"}  # a is in use; b alone is idle: within the limit
    await hall.trim()  # a fell idle after b: b is the least recently used
    assert set(hall.tables) == {"a"}


async def test_a_finished_table_that_fell_idle_twice_before_a_trim_is_unloaded_once(
    store: Store, halls: Callable[[int], Hall]
) -> None:
    hall = halls(5)
    rec = TableRecord("f", "zenith", {}, 2, 7, 1, "finished", 0, 1.0, 1.0)
    rec.seats = [SeatRecord(i, "human", f"P{i}", f"f-{i}") for i in range(2)]
    await store.create_table(rec)
    f = await hall.get("f")  # (loaded: it fell idle once)
    f.on_idle(f)  # a spectator came and went: twice
    assert await hall.trim() == 1 and "f" not in hall.tables
    assert await hall.trim() == 0
