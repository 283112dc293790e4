"""`ziggurat serve` killed with SIGKILL mid-game and restarted on the same database: every table is back
at the version it acknowledged, and play goes on (bots included)."""

from __future__ import annotations

import asyncio
import logging
import random
from pathlib import Path
from typing import Any

import pytest

from ziggurat.engine import Match, registry
from ziggurat.server import broken as broken_module
from ziggurat.server.errors import Refused
from ziggurat.server.hall import Hall
from ziggurat.server.table.bots import BotRunner
from ziggurat.server.table.table import Table
from ziggurat.store import SeatRecord, Store, TableRecord

from .harness import Client, ProcessServer, ThreadServer, bearer, fast_settings, http, new_table, play_until


async def test_a_killed_server_restarts_with_every_table_at_its_acknowledged_version(tmp_path: Path) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path / 'ziggurat.db'}"
    server = ProcessServer(db)  # real bot processes, as `make serve` runs
    try:
        async with http(server.url) as api:
            # A: Zealous against two bots, waiting on Ada after a few of her moves.
            a_id, a_tok = await new_table(api, "zealous", ["Ada"], bots=2)
            await api.post(f"/api/tables/{a_id}/start", headers=bearer(a_tok[0]))
            ada = await Client(server.url, a_id, a_tok[0]).connect()
            acks = lambda: sum(m["type"] == "ack" for m in ada.messages)  # noqa: E731
            await play_until([ada], lambda s: acks() >= 4 and bool(s["legal"]), random.Random(7))
            assert ada.state is not None
            a_version, a_view = ada.state["version"], ada.state["view"]
            # B: still open, with a bot and an empty seat.
            r = await api.post(
                "/api/tables",
                json={"game": "zealous", "seats": 4, "name": "Bea", "options": {"length": "advanced"}},
            )
            b_id = r.json()["table"]["id"]
            await api.put(
                f"/api/tables/{b_id}/seats/2/bot", json={"level": "random"}, headers=bearer(r.json()["token"])
            )
            await api.post(f"/api/tables/{b_id}/join", json={"name": "Bob"})
            # C: finished.
            c_id, c_tok = await new_table(api, "zenith", ["Cy"], bots=1)
            await api.post(f"/api/tables/{c_id}/start", headers=bearer(c_tok[0]))
            cy = await Client(server.url, c_id, c_tok[0]).connect()
            await play_until([cy], lambda s: False, random.Random(1))
            c_table = (await api.get(f"/api/tables/{c_id}")).json()
            # D: a simultaneous choice (Zombology), two of three people have chosen.
            d_id, d_tok = await new_table(api, "zombology", ["Di", "Ed", "Flo"])
            await api.post(f"/api/tables/{d_id}/start", headers=bearer(d_tok[0]))
            d = [await Client(server.url, d_id, t).connect() for t in d_tok]
            for c in d:
                await c.next("state")
            for c in d[:2]:
                assert c.state is not None and c.state["legal"]
                assert (await c.act(c.state["legal"][0], 0))["type"] == "ack"
            d_version = 2
            b_before = (await api.get(f"/api/tables/{b_id}")).json()

        server.kill()
        server = ProcessServer(db)
        async with http(server.url) as api:
            a = (await api.get(f"/api/tables/{a_id}")).json()
            assert (a["status"], a["version"]) == ("running", a_version)
            back = await Client(server.url, a_id, a_tok[0]).connect(version=a_version)
            st = await back.next("state")
            assert st["resync"] is False and st["log"] == [] and st["view"] == a_view and st["legal"]
            await play_until([back], lambda s: False, random.Random(8), timeout=90)  # the bots play on
            assert (await api.get(f"/api/tables/{a_id}")).json()["status"] == "finished"

            b = (await api.get(f"/api/tables/{b_id}")).json()
            assert (
                b["status"] == "open"
                and b["seats"] == b_before["seats"]
                and b["options"] == b_before["options"]
                and b["options"]["length"] == "advanced"
            )

            finished = {
                t["id"]: t for t in (await api.get("/api/tables", params={"status": "finished"})).json()
            }
            assert (
                finished[c_id]["result"] == c_table["result"]
                and finished[c_id]["version"] == c_table["version"]
            )
            match = Match.from_json((await api.get(f"/api/tables/{c_id}/match")).json())
            assert len(match.actions) == c_table["version"]

            dd = (await api.get(f"/api/tables/{d_id}")).json()
            assert dd["version"] == d_version
            flo = await Client(server.url, d_id, d_tok[2]).connect(version=0)
            st = await flo.next("state")
            assert st["legal"], "Flo's choice is still open"
            assert (await flo.act(st["legal"][0], 0))["type"] == "ack", "her decision began at version 0"
            for c in (back, flo):
                await c.close()
    finally:
        server.stop()


async def test_a_table_whose_log_no_longer_replays_doesnt_keep_the_server_down(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'z.db'}"
    store = await Store.open(url)
    seats = [SeatRecord(i, "bot", f"B{i}", None, "random") for i in range(3)]
    for tid in ("good", "bad"):
        rec = TableRecord(tid, "zealous", {"length": "beginner"}, 3, 5, 6, "running", None, 1.0, seats=seats)
        await store.create_table(rec)
    await store.append_action("bad", 1, 2, "fly:away")  # e.g. a rules change made it illegal
    await store.close()
    with ThreadServer(fast_settings(url, bot_delay=5.0)) as server:
        async with http(server.url) as api:
            assert (await api.get("/api/tables/good")).json()["status"] == "running"
            r = await api.get("/api/tables/bad")
            assert (r.status_code, r.json()["code"]) == (500, "table-broken") and r.json()["message"]
        c = await Client(server.url, "bad").connect(hello=False)
        said = await c.next("error")
        assert said["code"] == "table-broken" and said["message"]
        await c.close()


async def test_running_tables_come_back_in_the_background_and_their_bots_play_on(tmp_path: Path) -> None:
    """A restart doesn't wait for every table to replay: the server serves at once, running tables come
    back behind it, and a game nobody is at (bots in every seat) plays on without anyone asking."""
    db = f"sqlite+aiosqlite:///{tmp_path / 'z.db'}"
    store = await Store.open(db)
    try:
        for k in range(3):
            rec = TableRecord(
                f"alone{k}", "zenith", {"board": "fuji"}, 2, 7 + k, 1, "running", None, 1.0, 1.0
            )
            rec.seats = [SeatRecord(i, "bot", f"Bot {i}", None, "random") for i in range(2)]
            await store.create_table(rec)
        with ThreadServer(fast_settings(db)):
            async with asyncio.timeout(30):  # no request at all: only the store is watched
                while any(t.status != "finished" for t in await store.list_tables()):
                    await asyncio.sleep(0.1)
        for k in range(3):
            rec = await store.get_table(f"alone{k}")
            assert rec is not None and rec.result is not None
            assert len(await store.actions(f"alone{k}")) == rec.version > 0
    finally:
        await store.close()


async def test_a_broken_table_is_reported_once_and_not_retried_in_a_loop(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table whose log doesn't replay: one clear line in the log (no traceback), `table-broken` with
    {code, message} at once to everyone who asks until its wait is over (no replay meanwhile), then
    tried again, waiting twice as long if it fails again; every other table works meanwhile."""
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'z.db'}")
    seats = [SeatRecord(i, "bot", f"B{i}", None, "random") for i in range(3)]
    for tid in ("good", "bad"):
        rec = TableRecord(tid, "zealous", {"length": "beginner"}, 3, 5, 6, "running", None, 1.0, seats=seats)
        await store.create_table(rec)
    await store.append_action("bad", 1, 2, "fly:away")
    replays = 0
    restore = Table.restore

    async def counted(self: Table, *args: Any, **kwargs: Any) -> None:
        nonlocal replays
        replays += self.id == "bad"
        await restore(self, *args, **kwargs)

    monkeypatch.setattr(Table, "restore", counted)
    clock = [1000.0]
    monkeypatch.setattr(broken_module.time, "monotonic", lambda: clock[0])
    hall = Hall(store, BotRunner(fast_settings("")), fast_settings("", bot_delay=3600.0))
    try:
        with caplog.at_level(logging.DEBUG, logger="ziggurat.server"):
            for _ in range(5):
                with pytest.raises(Refused) as e:
                    await hall.get("bad")
                assert (e.value.code, e.value.status) == ("table-broken", 500) and e.value.message
                assert (await hall.get("good")).version == 0
        assert replays == 1
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert len(errors) == 1 and errors[0].exc_info is None, "one line, the traceback at debug level"
        assert "table bad: its log does not replay" in errors[0].getMessage()
        clock[0] += broken_module.BROKEN_FIRST  # its wait is over: tried again, then waits twice as long
        for _ in range(3):
            with pytest.raises(Refused):
                await hall.get("bad")
        assert replays == 2 and hall.broken.tables["bad"].wait == 2 * broken_module.BROKEN_FIRST
    finally:
        await hall.close()
        await store.close()


async def test_a_table_restarted_from_its_snapshot_deals_what_its_seed_deals(tmp_path: Path) -> None:
    """The issue-43 reproduction on real processes: Faiths at four, a clean stop (every table's snapshot
    written), a restart that restores from it, play on (reshuffles among the moves), kill -9, a restart
    from the snapshot and the moves since. At each restart the table is the game its seed and stored
    log give, seen by each seat exactly as that game shows it (an affected server dealt other cards
    after the first restart, and after the kill answered table-broken)."""
    db = f"sqlite+aiosqlite:///{tmp_path / 'z.db'}"
    options = {"max_rounds": 100, "territories_to_win": 26}
    server = ProcessServer(db)
    try:
        async with http(server.url) as api:
            tid, tokens = await new_table(api, "faiths", ["Ada", "Bo", "Cy", "Di"], options=options)
            assert (await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))).status_code == 200
        rng = random.Random(43)
        for target, clean in ((60, True), (200, False), (260, False)):
            players = [await Client(server.url, tid, t).connect() for t in tokens]
            # (a seat's turn in Faiths is several actions: paced under the default 20 messages a second)
            reached = lambda s: s["version"] >= target  # noqa: B023, E731
            await play_until(players, reached, rng, timeout=120, pause=0.06)
            for c in players:
                await c.close()
            if clean:
                server.stop()  # (SIGINT: every table's snapshot written)
            else:
                server.kill()  # (SIGKILL: the snapshot and the moves since)
            server = ProcessServer(db)
            players = [await Client(server.url, tid, t).connect() for t in tokens]
            for c in players:
                await c.next("state")
            await seen_as_the_seed_deals(db, tid, players)
            for c in players:
                await c.close()
    finally:
        server.stop()


async def seen_as_the_seed_deals(db: str, tid: str, players: list[Client]) -> None:
    store = await Store.open(db)
    try:
        rec = await store.get_table(tid)
        assert rec is not None and rec.status == "running"
        actions = await store.actions(tid)
        assert (await store.set_aside_actions(tid)) == []
    finally:
        await store.close()
    game = registry.get("faiths")
    truth = Match(rec.game, rec.players, rec.options, rec.seed, actions=actions).replay()
    for c in players:
        seat = c.you["seat"]
        assert c.state is not None and c.state["version"] == len(actions)
        assert c.state["view"] == game.view(truth, seat), f"seat {seat} sees another game"
        assert c.state["legal"] == game.legal(truth, seat)
