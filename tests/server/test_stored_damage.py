"""Databases written by the affected servers: they read large integers back rounded (orjson 3.13 turned
a random stream's 193-bit state into a float, and `int()` took it), wrote snapshots without a `format`,
and played on after a rounded restore. Here such a server is played again (its reader, its stream's
JSON and its snapshot head), then today's server loads what it left: the log is the truth, nothing stays
unloadable, and moves its log no longer replays are set aside, not lost."""

from __future__ import annotations

import contextlib
import json
import logging
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ziggurat.engine import Match, Rng, registry
from ziggurat.server.hall import Hall
from ziggurat.server.table import snapshot_log
from ziggurat.server.table.bots import BotRunner
from ziggurat.server.table.history import replay
from ziggurat.server.table.replays import Replay
from ziggurat.server.table.table import Table
from ziggurat.store import Store, TableRecord, jsontext

from .exact import record
from .harness import fast_settings

SEED = (1 << 128) | 0x5EED_0F_43_0DD  # a keyed stream, as a server deals


@pytest.fixture
def bots() -> Iterator[BotRunner]:
    runner = BotRunner(fast_settings(""))
    yield runner
    runner.close()


def _rounding(text: str | bytes) -> Any:
    """What orjson 3.13 reads: an integer beyond 64 bits comes back a float."""
    return json.loads(text, parse_int=lambda s: int(s) if -(1 << 63) <= int(s) < 1 << 64 else float(s))


@contextlib.contextmanager
def affected_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Today's code as the affected servers ran: that reader, the stream written as a number and read
    with `int()`, snapshots of the second format (trusted when read)."""
    with monkeypatch.context() as m:
        m.setattr(jsontext, "loads", _rounding)
        m.setattr(Rng, "to_json", lambda self: self.s)
        m.setattr(Rng, "from_json", classmethod(lambda cls, value: cls.from_state(int(value))))
        m.setattr(snapshot_log, "FORMAT", 2)
        yield


async def random_moves(t: Table, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if t.rec.status != "running":
            return
        seat = rng.choice(t.to_act)
        await t.act(t.rec.seats[seat].token_hash, rng.choice(t.legal[seat]), t.version, seat)


async def damaged(
    store: Store, bots: BotRunner, tid: str, game_id: str, players: int, seed: int, to_the_end: bool = False
) -> int:
    """A table as an affected server leaves it: played, snapshotted, restored from its snapshot (the
    stream rounded), played on, snapshotted again (and played to the end). Its version."""
    rng = random.Random(seed)
    rec = record(tid, game_id, players, SEED + seed)
    await store.create_table(rec)
    t = Table(rec, store, bots, fast_settings(""))
    await t.restore([])
    await random_moves(t, rng, 30)
    for _ in range(2):  # (two restarts: the second restore rounds again, from a rounded snapshot)
        snap = t.snapshot()
        if snap is None:
            break
        await store.save_snapshots([snap])
        await t.stop()
        got = (await store.restoring([tid]))[tid]
        t = Table((await store.get_table(tid)) or rec, store, bots, fast_settings(""))
        await t.restore(got.actions, got.snapshot, got.last)
        assert t.snapshot_version == snap.version
        await random_moves(t, rng, 40)
        snap = t.snapshot()
        if snap is not None:
            await store.save_snapshots([snap])
    if to_the_end:
        await random_moves(t, rng, 5000)
        assert t.rec.status == "finished"
    await t.stop()
    return t.version


async def test_a_damaged_table_plays_on_from_the_last_move_its_log_replays(
    tmp_path: Path, bots: BotRunner, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'z.db'}")
    made: dict[str, int] = {}
    with affected_server(monkeypatch):
        for k in range(12):
            game_id = ("faiths", "zealous", "zombology")[k % 3]
            made[f"d{k}"] = await damaged(store, bots, f"d{k}", game_id, 4, k)
        for k in range(12, 18):  # (Faiths deals the most: most often, a log that no longer replays)
            made[f"d{k}"] = await damaged(store, bots, f"d{k}", "faiths", 4, k, to_the_end=True)
    logged = {tid: await store.actions(tid) for tid in made}  # (as the affected server left them)
    hall = Hall(store, bots, fast_settings("", bot_delay=3600.0))
    cut = whole = shown = 0
    try:
        for tid, version in made.items():
            rec = await store.get_table(tid)
            assert rec is not None
            if rec.status != "running":
                shown += await as_far_as_it_goes(hall, rec, logged[tid])
                continue
            with caplog.at_level(logging.WARNING, logger="ziggurat.server"):
                t = await hall.get(tid)  # never table-broken
            kept = await store.actions(tid)
            aside = await store.set_aside_actions(tid)
            assert t.version == len(kept) and t.snapshot_version == -1
            assert [(i, s, a) for i, s, a in aside] == [
                (i, s, a) for i, (s, a) in enumerate(logged[tid], 1) if i > len(kept)
            ]
            assert kept == logged[tid][: len(kept)]
            if aside:
                cut += 1
                assert f"table {tid}: its log stops replaying at action {len(kept) + 1}" in caplog.text
            else:
                whole += 1
                assert len(kept) == version
            # The log is the truth: the table is its log's replay, and plays on from there.
            game = registry.get(rec.game)
            truth = Match(rec.game, rec.players, rec.options, rec.seed, actions=kept).replay()
            assert game.to_json(t.state) == game.to_json(truth)
            await random_moves(t, random.Random(7), 10)
            again = Match(rec.game, rec.players, rec.options, rec.seed, actions=await store.actions(tid))
            assert game.to_json(again.replay()) == game.to_json(t.state), "the repaired log replays whole"
    finally:
        await hall.close()
        await store.close()
    assert cut >= 3, f"{cut} of {cut + whole} damaged running tables stopped replaying"
    assert shown >= 3, f"{shown} damaged finished tables stopped replaying"


async def as_far_as_it_goes(hall: Hall, rec: TableRecord, actions: list[tuple[int, str]]) -> int:
    """A finished game whose log stops replaying: its result stands, and its log, its replay and the
    table itself show it as far as it goes (not 400 illegal-action, not 500 table-broken). 1 if its log
    stopped replaying, else 0."""
    entries = replay(rec, actions)
    pages = Replay(rec, actions)
    assert pages.last == len(entries) - 1 and pages.page(rec, 0, 5, None, True)["log"]
    public = await hall.public_log(rec.id)
    assert public["table"]["result"] == rec.result and len(public["log"]) <= len(entries)
    t = await hall.get(rec.id)
    assert t.version == len(entries) - 1 and t.to_act == () and t.rec.result == rec.result
    return int(len(entries) - 1 < len(actions))
