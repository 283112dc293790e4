"""One site, three real `ziggurat serve` processes on one PostgreSQL and one Redis: the people of a
table each on a different process, owners killed, paused and cut off from Redis mid-game. After each,
every acknowledged action is stored exactly once, the log is dense, and it replays to the result."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal

import pytest

from ..store.pg import Cluster
from .conftest import LEASE, Redis, Site
from .players import Player, check_the_record, seat_players

GAMES = [
    ("zenith", ["Ada", "Bo", "Cy"], 0, {}),
    ("zealous", ["Ada", "Bo", "Cy"], 0, {"length": "beginner"}),
    ("zombology", ["Ada", "Bo", "Cy"], 0, {}),
    ("faiths", ["Ada", "Bo", "Cy"], 1, {"max_rounds": 2}),
]


@pytest.mark.parametrize(("game", "names", "bots", "options"), GAMES, ids=[g[0] for g in GAMES])
async def test_people_on_different_processes_play_a_whole_game(
    site3: Site, game: str, names: list[str], bots: int, options: dict[str, object]
) -> None:
    players = await seat_players(site3.urls, game, names, bots, **options)
    await asyncio.gather(*(p.play() for p in players))
    await check_the_record(site3.urls[2], players)
    assert all(p.reconnects == 0 for p in players)
    for p in players:
        await p.close()


async def _owner(site: Site, table: str) -> str | None:
    from ziggurat.store import Leases, Store

    store = await Store.open(site.db)
    try:
        held = await Leases(store.engine, "probe", 1).holder(table)
    finally:
        await store.close()
    return None if held is None else held[0]


async def test_killing_the_owner_mid_game_loses_nothing(site3: Site) -> None:
    players = await seat_players(site3.urls, "zombology", ["Ada", "Bo", "Cy"])
    await asyncio.gather(*(p.play(until=lambda s: s["version"] >= 12) for p in players))
    owner = site3.servers[0]  # the table was created there
    os.kill(owner.proc.pid, signal.SIGKILL)  # and it dies without a word
    await asyncio.gather(*(p.play() for p in players))
    await check_the_record(site3.urls[1], players)
    assert players[0].reconnects >= 1  # Ada was on the dead process; the others may have been moved too


async def test_killing_a_process_that_doesnt_own_the_table_loses_nothing(site3: Site) -> None:
    players = await seat_players(site3.urls, "zombology", ["Ada", "Bo", "Cy"])
    await asyncio.gather(*(p.play(until=lambda s: s["version"] >= 12) for p in players))
    os.kill(site3.servers[1].proc.pid, signal.SIGKILL)  # Bo's process
    await asyncio.gather(*(p.play() for p in players))
    await check_the_record(site3.urls[0], players)
    assert players[1].reconnects >= 1 and players[0].reconnects == 0


async def test_redis_restarting_mid_game_loses_nothing(site3: Site, redis: Redis) -> None:
    players = await seat_players(site3.urls, "zombology", ["Ada", "Bo", "Cy"])
    await asyncio.gather(*(p.play(until=lambda s: s["version"] >= 12) for p in players))
    redis.stop()
    await asyncio.sleep(1.0)
    redis.start()  # same port, empty: the processes reconnect, and the sockets served from elsewhere resync
    await asyncio.gather(*(p.play() for p in players))
    await check_the_record(site3.urls[0], players)


async def test_a_paused_owners_late_writes_are_refused(site3: Site) -> None:
    """SIGSTOP: the owner is frozen past its lease (as behind a network partition) while requests for
    its table wait in its buffers. Another process takes the table over and play goes on; woken, the old
    owner's late writes are refused by the fencing token, and it lets the table go."""
    _, b, c = site3.urls
    players = await seat_players(
        site3.urls, "zombology", ["Ada", "Bo", "Cy"], play_on=[[b, c], [c, b], [b, c]]
    )
    await asyncio.gather(*(p.play(until=lambda s: s["version"] >= 9) for p in players))
    frozen = site3.servers[0]  # the owner (the table was made there), serving no socket itself
    os.kill(frozen.proc.pid, signal.SIGSTOP)
    try:
        await asyncio.gather(*(p.play(until=lambda s: s["version"] >= 24) for p in players))
        assert await _owner(site3, players[0].table) is not None  # someone else owns it now
    finally:
        os.kill(frozen.proc.pid, signal.SIGCONT)
    await asyncio.sleep(LEASE)
    await asyncio.gather(*(p.play() for p in players))
    await check_the_record(b, players)
    assert any("lost to another process" in line for line in frozen.output)
    assert sum(p.reconnects for p in players) >= 1


async def test_bots_play_on_when_their_tables_owner_dies_with_nobody_connected(
    pg: Cluster, redis: Redis
) -> None:
    """The owner dies while a bot waits to move, and the only person at the table has gone: another
    process takes the table over by itself (no request asks for it), and the bot moves."""
    site = Site(pg.new_database(), redis, 2, "--bot-delay", "1.5")
    try:
        (ada,) = await seat_players(site.urls, "zenith", ["Ada"], bots=1, play_on=[[site.urls[1]]])
        await ada.play(until=lambda s: s["version"] >= 1 and not s["legal"])  # the bot's turn, waiting
        version = ada.client.state["version"] if ada.client and ada.client.state else 0
        await ada.close()
        os.kill(site.servers[0].proc.pid, signal.SIGKILL)  # the owner, mid-wait
        async with asyncio.timeout(LEASE * 2 + 10):
            while len(await _actions(site, ada.table)) <= version:
                await asyncio.sleep(0.2)
        assert await _owner(site, ada.table) not in (None, "probe")
    finally:
        site.close()


async def test_a_clock_runs_on_when_its_tables_owner_dies(pg: Cluster, redis: Redis) -> None:
    """Ada's clock is running when the table's owner dies, with nobody at the table: another process
    takes it over by itself and, when her time runs out, a bot plays that move for her. The clocks came
    back from the log: her clock ran from when her decision began, not from the takeover."""
    site = Site(pg.new_database(), redis, 2, "--clock-floor", "0.05", "--bot-delay", "0.2")
    clock = {"mode": "realtime", "bank": 4, "increment": 0}
    try:
        (ada,) = await seat_players(site.urls, "zenith", ["Ada"], 1, [[site.urls[1]]], clock=clock)
        await ada.play(until=lambda s: s["version"] >= 2 and bool(s["legal"]))  # her turn, after the bot's
        assert ada.client is not None and ada.client.state is not None
        version, seat = ada.client.state["version"], ada.seat
        await ada.close()
        os.kill(site.servers[0].proc.pid, signal.SIGKILL)  # the owner, while her clock runs
        async with asyncio.timeout(LEASE * 2 + 20):
            while len(await _actions(site, ada.table)) <= version:
                await asyncio.sleep(0.2)
        assert (await _actions(site, ada.table))[version][0] == seat  # her move, played by a bot
        began, _ = await _row(site, ada.table, version)
        _, stored = await _row(site, ada.table, version + 1)
        clocks = json.loads(stored)
        assert clocks["timed_out"] and clocks["run"][seat][0] == round(began, 4)
    finally:
        site.close()


async def _row(site: Site, table: str, idx: int) -> tuple[float, str]:
    """When action `idx` was stored, and the clocks stored with it."""
    import sqlalchemy as sa

    from ziggurat.store import Store
    from ziggurat.store.schema import actions

    store = await Store.open(site.db)
    try:
        q = sa.select(actions.c.at, actions.c.clock).where(actions.c.table_id == table, actions.c.idx == idx)
        async with store.engine.connect() as conn:
            at, clock = (await conn.execute(q)).one()
        return float(at), str(clock)
    finally:
        await store.close()


async def _actions(site: Site, table: str) -> list[tuple[int, str]]:
    from ziggurat.store import Store

    store = await Store.open(site.db)
    try:
        return await store.actions(table)
    finally:
        await store.close()


async def test_chat_reaches_people_on_every_process_and_outlives_its_owner(site3: Site) -> None:
    """Issue 18's chat through three processes: a message said on one reaches the others' sockets
    (requests and pushes cross Redis, the owner stores it under its lease); the owner killed, the
    history comes back from PostgreSQL and the numbering goes on."""
    players = await seat_players(site3.urls, "zenith", ["Ada", "Bo", "Cy"])
    clients = [p.client for p in players]
    assert all(c is not None for c in clients)
    ada, bo, cy = clients[0], clients[1], clients[2]
    assert ada is not None and bo is not None and cy is not None
    await bo.send({"type": "chat", "text": "from the second process"})
    for c in (ada, bo, cy):
        m = (await c.next("chat"))["messages"][0]
        assert (m["seq"], m["name"], m["text"]) == (1, "Bo", "from the second process")
    os.kill(site3.servers[0].proc.pid, signal.SIGKILL)  # the owner (the table was created there)
    for p in players:
        await p.close()
    again = await _chat_when_back(site3.urls[1], players[2].table, players[2].token)
    assert [m["text"] for m in again] == ["from the second process", "after the owner died"]
    assert [m["seq"] for m in again] == [1, 2]


async def _chat_when_back(url: str, table: str, token: str) -> list[dict[str, object]]:
    """Once another process has taken the table over: say something, then read the chat afresh."""
    from ..server.harness import Client

    for _ in range(40):
        with contextlib.suppress(Exception):  # (the dead owner's lease runs out first: a few seconds)
            c = await Client(url, table, token).connect(hello=False)
            try:
                await c.send({"type": "hello", "token": token})
                await c.next("welcome", timeout=2)
                await c.send({"type": "chat", "text": "after the owner died"})
                answer = await c.next("chat", "error", timeout=2)
            finally:
                await c.close()
            if answer["type"] == "chat":
                fresh = await Client(url, table, token).connect(hello=False)
                await fresh.send({"type": "hello", "token": token, "chat": 0})
                messages: list[dict[str, object]] = (await fresh.next("chat"))["messages"]
                await fresh.close()
                return messages
        await asyncio.sleep(0.25)
    raise AssertionError("no process took the table over")


async def test_play_again_through_three_processes(site3: Site) -> None:
    """A rematch asked through a process that doesn't own the finished table, accepted through the
    third, started through the first, and played to the end on all three."""
    from ..server.harness import bearer, http

    players = await seat_players(site3.urls, "zenith", ["Ada", "Bo"])
    await asyncio.gather(*(p.play() for p in players))
    old = players[0].table
    async with http(site3.urls[1]) as api:
        r = await api.post(f"/api/tables/{old}/rematch", headers=bearer(players[0].token))
        assert r.status_code == 200, r.text
        new, ada = r.json()["table"]["id"], r.json()["token"]
    async with http(site3.urls[2]) as api:
        r = await api.post(f"/api/tables/{new}/rematch/accept", headers=bearer(players[1].token))
        assert r.status_code == 200, r.text
        bo = r.json()["token"]
    async with http(site3.urls[0]) as api:
        r = await api.post(f"/api/tables/{new}/start", headers=bearer(ada))
        assert r.status_code == 200, r.text
        assert (await api.get(f"/api/tables/{old}")).json()["rematch"] == new
    for p in players:
        await p.close()
    urls = site3.urls
    again = [Player(urls[i:] + urls[:i], new, t, random.Random(i)) for i, t in enumerate([ada, bo])]
    for p in again:
        await p.connect()
    await asyncio.gather(*(p.play() for p in again))
    await check_the_record(site3.urls[2], again)
    for p in again:
        await p.close()
