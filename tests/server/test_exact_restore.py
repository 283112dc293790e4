"""A table written and read back by each path the server uses plays on exactly as the one that never
left memory, in every registered game, with a server's keyed random stream (a 193-bit state: the one a
JSON reader rounded, issue 43): its snapshot read back from the store, unloaded and loaded again, and
restarted from its snapshot after a crash with moves since (a reshuffle among them, often). Each
table leaves memory running (play stops short of a game's last action). Failover to another process:
tests/cluster/test_exact_failover.py."""

from __future__ import annotations

import itertools
import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from ziggurat.server.hall import Hall
from ziggurat.server.table.bots import BotRunner
from ziggurat.server.table.table import Table
from ziggurat.store import Store

from .. import tiers
from .exact import GAMES, KEYED, Twin, play, players_for, plays_on_exactly, record
from .harness import fast_settings


def examples(n: int) -> settings:
    return settings(
        max_examples=tiers.examples(n),
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


PLAN = {
    "game_id": hs.sampled_from(GAMES),
    "pick": hs.integers(0, 10),
    "seed": KEYED,
    "choices": hs.integers(0, 2**32),
    "before": hs.integers(1, 60),  # actions before the snapshot
    "since": hs.integers(0, 40),  # actions after it, before the table leaves memory
}
_ids = itertools.count()


@pytest.fixture(scope="module")
def bots() -> Iterator[BotRunner]:
    runner = BotRunner(fast_settings(""))
    yield runner
    runner.close()


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A migrated database to copy: each example starts from its own file in a few milliseconds."""
    return tmp_path_factory.mktemp("exact") / "template.db"


@pytest.fixture(scope="module")
async def made(template: Path) -> AsyncIterator[Path]:
    store = await Store.open(f"sqlite+aiosqlite:///{template}")
    await store.close()
    yield template


def fresh_db(template: Path) -> str:
    path = template.with_name(f"z{next(_ids)}.db")
    shutil.copy(template, path)
    return f"sqlite+aiosqlite:///{path}"


async def started(
    store: Store, bots: BotRunner, plan: dict[str, Any], hall: Hall | None = None
) -> tuple[Table, Twin]:
    """A running table of the planned game, loaded through a hall as a server loads it, and its twin."""
    players = players_for(plan["game_id"], plan["pick"])
    rec = record(f"t{next(_ids)}", plan["game_id"], players, plan["seed"])
    await store.create_table(rec)
    hall = hall or Hall(store, bots, fast_settings("", bot_delay=3600.0))
    return await hall.get(rec.id), Twin.of(rec, plan["choices"])


@examples(60)
@given(**PLAN)
async def test_a_table_from_its_stored_snapshot_plays_on_exactly(
    made: Path, bots: BotRunner, **plan: Any
) -> None:
    store = await Store.open(fresh_db(made))
    try:
        live, twin = await started(store, bots, plan)
        await play(live, twin, plan["before"], short=True)
        snap = live.snapshot()
        assert snap is not None and await store.save_snapshots([snap]) == [live.id]
        await play(live, twin, plan["since"], short=True)
        await live.stop()
        got = (await store.restoring([live.id]))[live.id]
        back = Table((await store.get_table(live.id)) or live.rec, store, bots, live.settings)
        await back.restore(got.actions, got.snapshot, got.last)
        assert back.snapshot_version == snap.version, "restored from the snapshot, not replayed"
        await plays_on_exactly(back, twin, store, 30)
        await back.stop()
    finally:
        await store.close()


@examples(30)
@given(**PLAN)
async def test_a_table_unloaded_and_loaded_again_plays_on_exactly(
    made: Path, bots: BotRunner, **plan: Any
) -> None:
    store = await Store.open(fresh_db(made))
    try:
        hall = Hall(store, bots, fast_settings("", bot_delay=3600.0, snapshot_every=1))
        live, twin = await started(store, bots, plan, hall)
        await play(live, twin, plan["before"] + plan["since"], short=True)
        hall.settings.max_idle_tables = 0
        assert await hall.trim() == 1 and live.id not in hall.tables
        back = await hall.get(live.id)
        assert back is not live and back.snapshot_version == len(twin.actions), "from its snapshot"
        hall.settings.max_idle_tables = 10
        await plays_on_exactly(back, twin, store, 30)
        await hall.close()
    finally:
        await store.close()


@examples(30)
@given(**PLAN)
async def test_a_table_restarted_from_its_snapshot_after_a_crash_plays_on_exactly(
    made: Path, bots: BotRunner, **plan: Any
) -> None:
    url = fresh_db(made)
    store = await Store.open(url)
    live, twin = await started(store, bots, plan)
    await play(live, twin, plan["before"], short=True)
    snap = live.snapshot()
    assert snap is not None and await store.save_snapshots([snap]) == [live.id]
    await play(live, twin, plan["since"], short=True)  # then the process dies: no snapshot at shutdown
    await live.stop()
    await store.close()
    store = await Store.open(url)
    hall = Hall(store, bots, fast_settings(url, bot_delay=3600.0))
    try:
        assert await hall.restore() == 1
        assert hall._restorer is not None
        await hall._restorer
        back = hall.tables[live.id]
        assert back.snapshot_version == snap.version, "restored from the snapshot, not replayed"
        await plays_on_exactly(back, twin, store, 30)
    finally:
        await hall.close()
        await store.close()
