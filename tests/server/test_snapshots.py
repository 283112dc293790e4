"""Snapshots: a table rebuilt from its snapshot and the actions after it is exactly the table a full
replay of its log gives (state, log entries, who is asked what since when, clocks), in every game,
with take-backs and clocks; a snapshot that doesn't fit is ignored; a clean shutdown writes them and
the next start uses them, and a start after a crash still has every action."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import time
from pathlib import Path
from typing import Any

import pytest

from ziggurat.engine import IllegalAction, all_games
from ziggurat.server.errors import Refused
from ziggurat.server.hall import Hall
from ziggurat.server.table.bots import BotRunner
from ziggurat.server.table.table import Table
from ziggurat.store import SeatRecord, Snapshot, Store, TableRecord

from .harness import fast_settings

GAMES = ["zealous", "faiths", "zombology", "zenith"]
OPTIONS = {"zealous": {"length": "beginner"}, "zenith": {"board": "fuji"}}


@pytest.fixture
def bots(tmp_path: Path) -> Any:
    runner = BotRunner(fast_settings(""))
    yield runner
    runner.close()


def record(tid: str, game: str, players: int, seed: int, clock: bool) -> TableRecord:
    rec = TableRecord(tid, game, OPTIONS.get(game, {}), players, seed, 1, "running", 0, 1.0, 1.0)
    rec.seats = [SeatRecord(i, "human", f"P{i}", f"{tid}-{i}") for i in range(players)]
    rec.clock = {"mode": "realtime", "bank": 3600.0, "increment": 5.0} if clock else None
    rec.started_at = time.time()  # (the clocks run from now: an hour each)
    return rec


def table(rec: TableRecord, store: Store, bots: BotRunner) -> Table:
    return Table(rec, store, bots, fast_settings(""))


def entries(t: Table) -> list[Any]:
    return json.loads(json.dumps([[e.version, e.seat, e.action, e.events] for e in t.log]))


def assert_same(a: Table, b: Table, clocks: bool = True) -> None:
    assert a.version == b.version
    assert a.game.to_json(a.state) == b.game.to_json(b.state)
    assert entries(a) == entries(b)
    assert (a.to_act, a.legal, a.asked_since) == (b.to_act, b.legal, b.asked_since)
    if clocks:  # (a log cut short has no stored clocks for its end: they start anew, each at its time)
        assert (a.clocks and a.clocks.to_json()) == (b.clocks and b.clocks.to_json())
    assert a.rec.status == b.rec.status


async def play(t: Table, rng: random.Random, moves: int, snaps: list[Snapshot]) -> None:
    """Random play through the table's own commands (stored as a server stores them), with take-backs
    now and then, and snapshots taken at random versions."""
    for _ in range(moves):
        if t.rec.status != "running":
            return
        if rng.random() < 0.1 and t.version:
            with_undo = t.log[-1].seat
            if with_undo is not None:
                with contextlib.suppress(IllegalAction, Refused):
                    await t.undo(t.rec.seats[with_undo].token_hash, t.version)
        else:
            seat = rng.choice(t.to_act)
            await t.act(t.rec.seats[seat].token_hash, rng.choice(t.legal[seat]), t.version, seat)
        if rng.random() < 0.15:
            snap = t.snapshot()
            if snap is not None:
                snaps.append(snap)


@pytest.mark.parametrize("game", GAMES)
async def test_a_table_from_its_snapshot_is_the_table_its_whole_log_gives(
    game: str, store: Store, bots: BotRunner
) -> None:
    rng = random.Random(game)
    info = next(g.info for g in all_games() if g.info.id == game)
    checked = 0
    for k in range(10):
        players = rng.randint(info.min_players, min(info.max_players, 5))
        rec = record(f"{game}{k}", game, players, rng.randrange(1 << 60), clock=k % 2 == 0)
        await store.create_table(rec)
        live = table(rec, store, bots)
        await live.restore([])
        snaps: list[Snapshot] = []
        await play(live, rng, rng.randint(1, 160), snaps)
        snaps.append(live.snapshot() or Snapshot(rec.id, 0, "", "", 0.0))  # (at the very end too)
        await live.stop()
        stored = (await store.get_table(rec.id)) or rec
        log = await store.actions(rec.id)
        for snap in snaps:
            if not snap.version:
                continue
            # Stopped where it stands, or (a finished game) at a random point after the snapshot, as a
            # server that stopped there would have found it.
            end = len(log) if stored.status == "running" else rng.randint(snap.version, len(log) - 1)
            base = stored.copy()
            base.status, base.result, base.finished_at = "running", None, None
            full = table(base.copy(), store, bots)
            await full.restore(log[:end])
            fast = table(base.copy(), store, bots)
            await fast.restore(log[snap.version : end], snap, log[snap.version - 1])
            assert fast.snapshot_version == snap.version, "the snapshot was used"
            # Its log's entries stay text until the table needs them (if nothing came after them).
            if end == snap.version and fast.clocks is None:
                assert fast._unread is not None
            assert_same(fast, full, clocks=end == len(log))
            # From here on, both record and go on alike.
            for _ in range(3):
                if not fast.to_act:
                    break
                seat = fast.to_act[0]
                action = rng.choice(fast.legal[seat])
                fast.apply(seat, action)
                full.apply(seat, action)
                assert_same(fast, full, clocks=False)
            await fast.stop()
            await full.stop()
            checked += 1
    assert checked >= 10


async def test_a_snapshot_that_doesnt_fit_is_ignored_and_the_whole_log_replayed(
    store: Store, bots: BotRunner, caplog: pytest.LogCaptureFixture
) -> None:
    rec = record("t", "zealous", 3, 7, clock=False)
    await store.create_table(rec)
    live = table(rec, store, bots)
    await live.restore([])
    snaps: list[Snapshot] = []
    await play(live, random.Random(3), 30, snaps)
    good = live.snapshot()
    await live.stop()
    assert good is not None and live.rec.status == "running"
    log = await store.actions("t")
    full = table(rec.copy(), store, bots)
    await full.restore(log)
    other = record("o", "zealous", 3, 8, clock=False)  # another table's snapshot, at the same version
    await store.create_table(other)
    o = table(other, store, bots)
    await o.restore([])
    await play(o, random.Random(4), 30, [])
    wrong = o.snapshot()
    await o.stop()
    assert wrong is not None
    v = good.version
    broken = [
        Snapshot("t", v, "{not json", good.log),
        Snapshot("t", v, json.dumps({"game": "zenith", "players": 2}), good.log),  # another game's
        Snapshot("t", v, good.state, json.dumps({"entries": [], "asked_since": []})),
        Snapshot("t", wrong.version, wrong.state, wrong.log),  # its last action isn't this table's
        Snapshot("t", v, good.state, good.log.replace('"count":', '"count":1', 1)),  # entries missing
        Snapshot("t", v, good.state, good.log.partition("\n")[0]),  # no entries at all
    ]
    for snap in broken:
        caplog.clear()
        t = table(rec.copy(), store, bots)
        with caplog.at_level(logging.WARNING, "ziggurat.server"):
            await t.restore(log[snap.version :], snap, log[snap.version - 1])
        assert "not used" in caplog.text and t.snapshot_version == -1
        assert_same(t, full)
        await t.stop()
    await full.stop()


async def hall_restored(store: Store, bots: BotRunner, caplog: pytest.LogCaptureFixture) -> Hall:
    hall = Hall(store, bots, fast_settings("", snapshot_every=0, bot_delay=3600.0))
    with caplog.at_level(logging.INFO, "ziggurat.server"):
        await hall.restore()
        assert hall._restorer is not None
        await hall._restorer
    return hall


async def test_a_clean_shutdown_snapshots_running_tables_and_the_next_start_uses_them(
    store: Store, bots: BotRunner, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(5)
    for k in range(4):
        rec = record(f"t{k}", "zealous", 3, k, clock=k == 0)
        await store.create_table(rec)
        t = table(rec, store, bots)
        await t.restore([])
        await play(t, rng, 40, [])
        await t.stop()
    hall = await hall_restored(store, bots, caplog)
    assert "0 from snapshots" in caplog.text
    before = {tid: t for tid, t in hall.tables.items()}
    caplog.clear()
    with caplog.at_level(logging.INFO, "ziggurat.server"):
        await hall.close()
    assert "saved snapshots of 4 running tables" in caplog.text
    got = await store.restoring(list(before))
    assert all(g.snapshot is not None and g.actions == [] for g in got.values())

    caplog.clear()
    asked: list[str] = []  # (the clocked table's last action comes with the others' logs, not alone)
    monkeypatch.setattr(store, "last_action", lambda tid: asked.append(tid))
    hall = await hall_restored(store, bots, caplog)
    monkeypatch.undo()
    assert asked == []
    assert "4 from snapshots, replaying 0 actions" in caplog.text
    for tid, t in hall.tables.items():
        assert_same(t, before[tid])
        assert t.snapshot_version == t.version
    # More moves, then a crash (no shutdown: no new snapshot): the next start has them all, from the log.
    for t in hall.tables.values():
        await play(t, rng, 5, [])
    after = {tid: (t.version, t.game.to_json(t.state)) for tid, t in hall.tables.items()}
    for t in hall.tables.values():
        t.closed = True  # (what a crash leaves: nothing written after its last action)
    hall.tables = {}
    await hall.close()
    caplog.clear()
    hall = await hall_restored(store, bots, caplog)
    assert "4 from snapshots" in caplog.text and "replaying 0 actions" not in caplog.text
    for tid, t in hall.tables.items():
        assert (t.version, t.game.to_json(t.state)) == after[tid]
        full = table(t.rec.copy(), store, bots)
        await full.restore(await store.actions(tid))
        assert_same(t, full)
        await full.stop()
    await hall.close()


async def test_the_sweep_snapshots_tables_that_moved_enough(
    store: Store, bots: BotRunner, caplog: pytest.LogCaptureFixture
) -> None:
    rec = record("s", "zenith", 2, 3, clock=False)
    await store.create_table(rec)
    hall = Hall(store, bots, fast_settings("", snapshot_every=10, sweep_interval=0.05, bot_delay=3600.0))
    await hall.restore()
    t = await hall.get("s")
    await play(t, random.Random(1), 6, [])
    await asyncio.sleep(0.2)
    assert (await store.restoring(["s"]))["s"].snapshot is None, "not yet: it moved fewer than 10"
    await play(t, random.Random(2), 12, [])
    async with asyncio.timeout(5):
        while (snap := (await store.restoring(["s"]))["s"].snapshot) is None:
            await asyncio.sleep(0.05)
        while t.snapshot_version < snap.version:  # (the sweep notes it once its write has returned)
            await asyncio.sleep(0.01)
    assert snap.version >= 10 and t.snapshot_version == snap.version
    hall.tables = {}  # (no shutdown snapshot)
    await hall.close()


@pytest.mark.parametrize("written", ["first", "second"])
async def test_a_snapshot_of_an_earlier_format_still_reads_but_the_log_is_replayed(
    written: str, store: Store, bots: BotRunner
) -> None:
    """The first snapshots stored their log as one object, {"entries": [...], "asked_since": [...]}; the
    second, a head line without `format`. Servers of both read large integers back through a reader
    that could round them, so their snapshots are read but not trusted: the table replays its log."""
    rec = record("t", "faiths", 4, 9, clock=False)
    await store.create_table(rec)
    live = table(rec, store, bots)
    await live.restore([])
    await play(live, random.Random(6), 25, [])
    snap = live.snapshot()
    assert snap is not None
    if written == "first":
        old = json.dumps({"entries": entries(live), "asked_since": sorted(live.asked_since.items())})
    else:
        head, _, rows = snap.log.partition("\n")
        old = json.dumps({k: v for k, v in json.loads(head).items() if k != "format"}) + "\n" + rows
    t = table(rec.copy(), store, bots)
    await t.restore([], Snapshot("t", snap.version, snap.state, old), (await store.actions("t"))[-1])
    assert t.snapshot_version == -1, "not used: the next save writes one of this format"
    assert_same(t, live)
    await live.stop()
    await t.stop()


async def test_entries_that_dont_read_say_so_when_first_needed(store: Store, bots: BotRunner) -> None:
    """Only the head is checked at a restart; entries spoiled behind it (by hand) fail when the table
    first needs them, with a message naming the table, not a wrong log."""
    rec = record("t", "zenith", 2, 9, clock=False)
    await store.create_table(rec)
    live = table(rec, store, bots)
    await live.restore([])
    await play(live, random.Random(7), 12, [])
    snap = live.snapshot()
    await live.stop()
    assert snap is not None
    head, _, rows = snap.log.partition("\n")
    spoiled = Snapshot("t", snap.version, snap.state, head + "\n" + rows.replace("[0,", "[1,", 1))
    t = table(rec.copy(), store, bots)
    await t.restore([], spoiled, (await store.actions("t"))[-1])
    assert t.snapshot_version == snap.version
    with pytest.raises(RuntimeError, match="table t: its snapshot's log entries don't read"):
        t.log.append  # noqa: B018 (reading the log is what fails)
    await t.stop()


async def test_a_running_table_unloaded_for_room_leaves_its_snapshot(store: Store, bots: BotRunner) -> None:
    """Idle tables beyond `max_idle_tables` leave memory; a running one writes its snapshot as it goes,
    so that loading it again replays nothing."""
    rec = record("t", "faiths", 4, 4, clock=False)
    await store.create_table(rec)
    t = table(rec, store, bots)
    await t.restore([])
    await play(t, random.Random(8), 20, [])
    await t.stop()
    assert (await store.restoring(["t"]))["t"].snapshot is None
    hall = Hall(store, bots, fast_settings("", snapshot_every=50, max_idle_tables=0, bot_delay=3600.0))
    loaded = await hall.get("t")
    assert loaded.snapshot_version == 0 and loaded.version > 0
    assert await hall.trim() == 1 and "t" not in hall.tables
    got = (await store.restoring(["t"]))["t"]
    assert got.snapshot is not None and got.snapshot.version == loaded.version and got.actions == []
    again = await hall.get("t")
    assert again.snapshot_version == loaded.version and again is not loaded
    assert_same(again, loaded)
    await hall.close()
