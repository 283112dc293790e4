"""Turn clocks on a real server, with short clocks (fractions of a second): a clock that runs out has a
bot play that decision, simultaneous clocks run together, a restart keeps what was left, and three
timeouts let the host kick at once."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from .harness import Client, Json, ThreadServer, bearer, fast_settings, http, new_table, play_until


@pytest.fixture(scope="module")
def clock_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    db = tmp_path_factory.mktemp("clocks") / "ziggurat.db"
    with ThreadServer(fast_settings(f"sqlite+aiosqlite:///{db}", clock_floor=0.05)) as s:
        yield s


async def _started(url: str, game: str, names: list[str], clock: Json) -> tuple[str, list[str], list[Client]]:
    async with http(url) as api:
        tid, tokens = await new_table(api, game, names, clock=clock)
        r = await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
        assert r.status_code == 200, r.text
    clients = [await Client(url, tid, t).connect() for t in tokens]
    for c in clients:
        await c.next("state")
    return tid, tokens, clients


async def _state_at(c: Client, version: int, timeout: float = 20) -> Json:
    """The first state this client got at `version` or later (waiting for it if need be)."""
    async with asyncio.timeout(timeout):
        while True:
            for m in c.messages:
                if m["type"] == "state" and m["version"] >= version:
                    return m
            await c.next("state")


def _entry(state: Json, version: int) -> Json:
    return next(e for e in state["log"] if e["version"] == version)


async def test_a_clock_that_runs_out_has_a_bot_play_that_decision(clock_server: ThreadServer) -> None:
    clock = {"mode": "realtime", "bank": 0.4, "increment": 0}
    tid, _, (ada, bo) = await _started(clock_server.url, "zenith", ["Ada", "Bo"], clock)
    first = ada if ada.state and ada.state["legal"] else bo
    seat = first.you["seat"]
    assert first.state is not None
    assert first.state["clock"]["running"][seat] and first.state["clock"]["left"][seat] <= 0.4
    assert first.state["clock"]["mode"] == "realtime"
    # Nobody acts: the clock runs out and a bot plays that decision for them.
    after = await _state_at(first, 1)
    assert _entry(after, 1)["seat"] == seat
    assert after["clock"]["timeouts"][seat] == 1 and not after["clock"]["running"][seat]
    async with http(clock_server.url) as api:
        table = (await api.get(f"/api/tables/{tid}")).json()
    assert table["seats"][seat]["kind"] == "human"  # the seat stays theirs
    assert table["clock"] == clock
    for c in (ada, bo):
        await c.close()


async def test_simultaneous_clocks_run_together(clock_server: ThreadServer) -> None:
    # Zombology starts with a secret choice for everyone: three clocks at once. Two answer at once (and
    # gain a long increment); the third runs out and a bot answers for them.
    clock = {"mode": "realtime", "bank": 1.0, "increment": 60}
    _, _, clients = await _started(clock_server.url, "zombology", ["Ada", "Bo", "Cy"], clock)
    st = clients[0].state
    assert st is not None and st["to_act"] == [0, 1, 2]
    assert st["clock"]["running"] == [True, True, True]
    for c in clients[:2]:
        assert c.state is not None
        assert (await c.act(c.state["legal"][0], 0))["type"] == "ack"
    slow = clients[2].you["seat"]
    after = await _state_at(clients[2], 3)
    assert _entry(after, 3)["seat"] == slow
    timeouts = after["clock"]["timeouts"]
    assert timeouts[slow] == 1 and sum(timeouts) == 1
    for c in clients:
        await c.close()


async def test_a_restart_keeps_what_each_clock_had_left(tmp_path: Path) -> None:
    db = f"sqlite+aiosqlite:///{tmp_path / 'ziggurat.db'}"
    settings = fast_settings(db, clock_floor=0.05)
    with ThreadServer(settings) as server:
        # A: a long game clock; the first player moves at once, the second is thinking at the restart.
        long = {"mode": "realtime", "bank": 30, "increment": 5}
        a_id, a_tokens, a = await _started(server.url, "zenith", ["Ada", "Bo"], long)
        mover = next(c for c in a if c.state and c.state["legal"])
        assert mover.state is not None
        assert (await mover.act(mover.state["legal"][0]))["type"] == "ack"
        moved = (await _state_at(mover, 1))["clock"]
        m_seat = mover.you["seat"]
        thinker_seat = 1 - m_seat
        assert not moved["running"][m_seat] and moved["running"][thinker_seat]
        # B: a short clock, running out during the restart.
        short = {"mode": "realtime", "bank": 2.5, "increment": 0}
        b_id, b_tokens, b = await _started(server.url, "zenith", ["Cy", "Di"], short)
        b_first = next(c for c in b if c.state and c.state["legal"]).you["seat"]
        for c in a + b:
            await c.close()
        await asyncio.sleep(1.0)
    with ThreadServer(settings) as server:
        a2 = await Client(server.url, a_id, a_tokens[0]).connect()
        st = await _state_at(a2, 1)
        again = st["clock"]
        assert again is not None, st
        # The stopped clock kept exactly what it had; the running one went on running meanwhile.
        assert again["left"][m_seat] == moved["left"][m_seat]
        assert again["running"][thinker_seat]
        assert 0 < again["left"][thinker_seat] <= 30 - 1.0
        b2 = await Client(server.url, b_id, b_tokens[0]).connect()
        st_b = await _state_at(b2, 0)
        if st_b["version"] == 0:  # (not run out yet: less than it started with, and still running)
            assert st_b["clock"]["left"][b_first] <= 2.5 - 1.0
        out = await _state_at(b2, 1)
        assert _entry(out, 1)["seat"] == b_first and out["clock"]["timeouts"][b_first] == 1
        await a2.close()
        await b2.close()


async def test_three_timeouts_let_the_host_kick_at_once(clock_server: ThreadServer) -> None:
    clock = {"mode": "realtime", "bank": 0.2, "increment": 0}
    tid, tokens, (ada, bo) = await _started(clock_server.url, "zenith", ["Ada", "Bo"], clock)
    bo_seat = bo.you["seat"]
    host = bearer(tokens[0])
    async with http(clock_server.url) as api:
        kick = lambda: api.post(f"/api/tables/{tid}/seats/{bo_seat}/kick", json={}, headers=host)  # noqa: E731
        r = await kick()  # Bo is here and his time hasn't run out yet
        assert r.status_code == 409 and r.json()["code"] == "still-here"
        # Nobody plays: the bots play for both, each clock running out at every decision.
        async with asyncio.timeout(30):
            while True:
                st = await ada.next("state")
                if st["clock"]["timeouts"][bo_seat] >= 3:
                    break
                assert st["clock"]["timeouts"][bo_seat] < 3
                r = await kick()
                assert r.json().get("code") == "still-here", r.text
        r = await kick()
        assert r.status_code == 200, r.text
        assert r.json()["seats"][bo_seat]["kind"] == "bot"
    for c in (ada, bo):
        await c.close()


async def test_a_person_who_keeps_up_never_times_out(clock_server: ThreadServer) -> None:
    # A whole game of Zenith on a 20 s real-time clock with an increment, played at once: no timeouts,
    # and every clock has stopped at the end. Its rematch has the same clock.
    clock = {"mode": "realtime", "bank": 20, "increment": 2}
    tid, tokens, clients = await _started(clock_server.url, "zenith", ["Ada", "Bo"], clock)
    await play_until(clients, lambda s: False, random.Random(5), timeout=120)
    st = clients[0].state
    assert st is not None and st["result"] is not None
    # (the last state may come before the table is marked finished: the clocks stop with the game)
    assert st["clock"] is None or (st["clock"]["timeouts"] == [0, 0] and not any(st["clock"]["running"]))
    for c in clients:
        await c.close()
    async with http(clock_server.url) as api:
        r = await api.post(f"/api/tables/{tid}/rematch", headers=bearer(tokens[1]))
        assert r.status_code == 200, r.text
        assert r.json()["table"]["clock"] == clock


async def test_a_bad_time_control_is_refused_and_creates_nothing(clock_server: ThreadServer) -> None:
    async with http(clock_server.url) as api:
        before = len((await api.get("/api/tables", params={"status": "open"})).json())
        body = {"game": "zenith", "seats": 2, "name": "Ada", "clock": {"mode": "realtime", "bank": -1}}
        r = await api.post("/api/tables", json=body)
        assert r.status_code == 400 and r.json()["code"] == "bad-clock"
        assert len((await api.get("/api/tables", params={"status": "open"})).json()) == before
