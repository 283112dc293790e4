"""Taking back a slip over a real websocket (engine/undo.py decides when it is fair): the `undo`
message, its refusals, what everyone sees, and a log that replays it after a restart."""

from __future__ import annotations

import asyncio
from typing import Any

from .harness import Client, ThreadServer, bearer, fast_settings, http, new_table

Json = dict[str, Any]


async def _started(url: str, game: str, names: list[str]) -> tuple[str, list[Client]]:
    async with http(url) as api:
        tid, tokens = await new_table(api, game, names)
        clients = [await Client(url, tid, t).connect() for t in tokens]
        r = await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
        assert r.status_code == 200
    async with asyncio.timeout(10):
        while not all(c.state for c in clients):
            await asyncio.sleep(0.02)
    return tid, clients


async def _until(clients: list[Client], version: int) -> None:
    async with asyncio.timeout(10):
        while not all(c.state and c.state["version"] == version for c in clients):
            await asyncio.sleep(0.02)


async def _undo(c: Client, version: int) -> Json:
    c.drain()
    await c.send({"type": "undo", "version": version})
    return await c.next("ack", "error")


def _mover(clients: list[Client]) -> Client:
    return next(c for c in clients if c.state and c.state["legal"])


async def test_a_move_taken_back_before_anyone_else_moves(server: ThreadServer) -> None:
    _, clients = await _started(server.url, "zenith", ["Ada", "Bo"])
    mover = _mover(clients)
    other = next(c for c in clients if c is not mover)
    board, others = mover.state["view"], other.state["view"]  # type: ignore[index]
    assert (await mover.act(mover.state["legal"][0], 0))["type"] == "ack"  # type: ignore[index]
    await _until(clients, 1)
    assert (await _undo(other, 1))["code"] == "nothing-to-undo"  # not the other player's to take back
    assert (await _undo(mover, 0))["code"] == "stale"
    answer = await _undo(mover, 1)
    assert answer["type"] == "ack" and answer["version"] == 2
    await _until(clients, 2)
    assert mover.state["view"] == board and mover.state["legal"]  # type: ignore[index]
    assert other.state["view"] == others and not other.state["legal"]  # type: ignore[index]
    said = [t for m in other.messages if m["type"] == "state" for e in m["log"] for t in e["text"]]
    name = ["Ada", "Bo"][clients.index(mover)]  # (seats are shuffled at the start)
    assert f"{name} takes back a move." in said
    # Played again, then answered: now it stands.
    assert (await mover.act(mover.state["legal"][-1], 2))["type"] == "ack"  # type: ignore[index]
    await _until(clients, 3)
    assert (await other.act(other.state["legal"][0], 3))["type"] == "ack"  # type: ignore[index]
    await _until(clients, 4)
    assert (await _undo(mover, 4))["code"] == "nothing-to-undo"
    for c in clients:
        await c.close()


async def test_watchers_cant_take_anything_back(server: ThreadServer) -> None:
    tid, clients = await _started(server.url, "zenith", ["Ada", "Bo"])
    ada = _mover(clients)
    assert (await ada.act(ada.state["legal"][0], 0))["type"] == "ack"  # type: ignore[index]
    watcher = await Client(server.url, tid).connect()
    assert (await _undo(watcher, 1))["code"] == "not-a-player"
    for c in [*clients, watcher]:
        await c.close()


async def test_a_secret_choice_may_be_changed_until_the_choices_are_turned_up(server: ThreadServer) -> None:
    """Zombology: each player secretly chooses a card; the first to choose may take it back (nothing
    was shown), the last cannot (its choice turned everyone's up)."""
    _, clients = await _started(server.url, "zombology", ["Ada", "Bo", "Cy"])
    async with asyncio.timeout(30):
        while True:  # (past any swap or insight question, to the round's secret choice)
            asked = [c for c in clients if c.state and c.state["legal"]]
            if asked and all(a.startswith("choose:") for c in asked for a in c.state["legal"]):  # type: ignore[index]
                break
            c = asked[0]
            assert (await c.act(c.state["legal"][0], c.state["version"]))["type"] == "ack"  # type: ignore[index]
            await asyncio.sleep(0.05)
    version = clients[0].state["version"]  # type: ignore[index]
    first, *rest = [c for c in clients if c.state and c.state["legal"]]
    assert (await first.act(first.state["legal"][0], version))["type"] == "ack"  # type: ignore[index]
    assert (await _undo(first, version + 1))["type"] == "ack"  # changed her mind: nothing was shown
    await _until(clients, version + 2)
    v = version + 2
    for c in [first, *rest]:
        assert (await c.act(c.state["legal"][0], v))["type"] == "ack"  # type: ignore[index]
        v += 1
        await _until(clients, v)
    assert (await _undo(rest[-1], v))["code"] == "undo-revealed"  # the last choice turned them all up
    for c in clients:
        await c.close()


async def test_a_restarted_server_has_the_table_as_it_was_after_the_undo(sqlite_url: str) -> None:
    with ThreadServer(fast_settings(sqlite_url)) as server:
        tid, clients = await _started(server.url, "zenith", ["Ada", "Bo"])
        ada = _mover(clients)
        token = ada.token
        assert (await ada.act(ada.state["legal"][0], 0))["type"] == "ack"  # type: ignore[index]
        assert (await _undo(ada, 1))["type"] == "ack"
        await _until(clients, 2)
        seen = ada.state["view"]  # type: ignore[index]
        for c in clients:
            await c.close()
    with ThreadServer(fast_settings(sqlite_url)) as server:
        again = await Client(server.url, tid, token).connect()
        async with asyncio.timeout(10):
            while again.state is None:
                await asyncio.sleep(0.02)
        assert again.state["version"] == 2 and again.state["view"] == seen and again.state["legal"]
        await again.close()
