"""The table rules from the Zealous rulebook, for every game: bots fill seats, the host starts, kicked
players are replaced by bots that keep their seat, and an idle host can be kicked."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import httpx

from .harness import Client, ThreadServer, bearer, new_table, play_until


async def test_before_the_start_the_host_fills_or_removes_seats(api: httpx.AsyncClient) -> None:
    r = await api.post("/api/tables", json={"game": "zealous", "seats": 5, "name": "Ada"})
    tid, host = r.json()["table"]["id"], bearer(r.json()["token"])
    assert r.json()["table"]["host"] == 0
    bo = await api.post(f"/api/tables/{tid}/join", json={"name": "Bo"})
    assert bo.json()["seat"] == 1
    r = await api.put(f"/api/tables/{tid}/seats/2/bot", json={"level": "random"}, headers=host)
    assert r.json()["seats"][2] | {"connected": False} == {
        "seat": 2,
        "name": "Random bot 1",
        "kind": "bot",
        "level": "random",
        "connected": False,
        "left": False,
        "reserved": False,
        "signed_in": False,
        "rating": None,
    }
    r = await api.put(f"/api/tables/{tid}/seats/2/bot", json={"level": "nonsense"}, headers=host)
    assert r.status_code == 400 and r.json()["code"] == "bad-level"
    r = await api.put(f"/api/tables/{tid}/seats/1/bot", json={}, headers=host)
    assert r.json()["code"] == "seat-taken"
    r = await api.put(f"/api/tables/{tid}/seats/3/bot", json={}, headers=bearer(bo.json()["token"]))
    assert r.status_code == 403 and r.json()["code"] == "not-host"
    r = await api.post(f"/api/tables/{tid}/start", headers=host)
    assert r.status_code == 409 and r.json()["code"] == "seats-empty"
    r = await api.delete(f"/api/tables/{tid}/seats/3", headers=host)
    assert r.json()["players"] == 4 and [s["kind"] for s in r.json()["seats"]] == [
        "human",
        "human",
        "bot",
        "empty",
    ]
    r = await api.delete(f"/api/tables/{tid}/seats/2", headers=host)  # a bot seat can go too
    assert r.json()["players"] == 3
    r = await api.delete(f"/api/tables/{tid}/seats/2", headers=host)
    assert r.status_code == 409 and r.json()["code"] == "too-few-seats"  # Zealous needs 3
    r = await api.put(f"/api/tables/{tid}/seats/2/bot", json={"level": "random"}, headers=host)
    assert [t["id"] for t in (await api.get("/api/tables", params={"status": "open"})).json()].count(tid) == 1
    r = await api.post(f"/api/tables/{tid}/start", headers=host)
    assert r.status_code == 200 and r.json()["status"] == "running"
    assert sorted(s["name"] for s in r.json()["seats"]) == ["Ada", "Bo", "Random bot 1"]
    assert any(t["id"] == tid for t in (await api.get("/api/tables", params={"status": "running"})).json())
    r = await api.post(f"/api/tables/{tid}/join", json={"name": "Cy"})
    assert r.status_code == 409 and r.json()["code"] == "not-open"


async def test_seat_order_is_shuffled_from_the_tables_seed(api: httpx.AsyncClient) -> None:
    orders = set()
    for _ in range(8):
        tid, tokens = await new_table(api, "zenith", ["Ada", "Bo", "Cy", "Di"])
        r = await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
        seats = r.json()["seats"]
        orders.add(tuple(s["name"] for s in seats))
        assert r.json()["host"] == [s["name"] for s in seats].index("Ada")
    assert len(orders) > 1


async def test_leaving_before_the_start_frees_the_seat_and_passes_the_host(api: httpx.AsyncClient) -> None:
    tid, tokens = await new_table(api, "zealous", ["Ada", "Bo"], bots=1)
    r = await api.post(f"/api/tables/{tid}/leave", headers=bearer(tokens[0]))
    assert r.json()["host"] == 1 and r.json()["seats"][0]["kind"] == "empty"
    r = await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
    assert r.status_code == 403 and r.json()["code"] == "bad-token"
    r = await api.post(f"/api/tables/{tid}/join", json={"name": "Cy"})
    assert r.json()["seat"] == 0
    r = await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[1]))
    assert r.status_code == 200


async def test_the_host_kicks_a_player_who_left_and_a_bot_takes_the_seat(
    server: ThreadServer, api: httpx.AsyncClient
) -> None:
    tid, tokens = await new_table(api, "zealous", ["Ada", "Bo", "Cy"])
    ada, bo, cy = [await Client(server.url, tid, t).connect() for t in tokens]
    await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
    await bo.next("state")
    bo_seat, host = bo.you["seat"], ada.you["seat"]
    # Bo is still here: he can't be kicked. Only the host kicks.
    r = await api.post(
        f"/api/tables/{tid}/seats/{bo_seat}/kick", json={"level": "random"}, headers=bearer(tokens[0])
    )
    assert r.status_code == 409 and r.json()["code"] == "still-here"
    r = await api.post(f"/api/tables/{tid}/seats/{bo_seat}/kick", json={}, headers=bearer(tokens[2]))
    assert r.json()["code"] == "not-host"
    r = await api.post(f"/api/tables/{tid}/seats/{host}/kick", json={}, headers=bearer(tokens[0]))
    assert r.json()["code"] == "kick-self"
    # Bo leaves (and his socket drops); the host kicks him; a bot plays on from his seat as it stands.
    r = await api.post(f"/api/tables/{tid}/leave", headers=bearer(tokens[1]))
    assert r.json()["seats"][bo_seat]["left"] is True
    await bo.close()
    r = await api.post(
        f"/api/tables/{tid}/seats/{bo_seat}/kick", json={"level": "random"}, headers=bearer(tokens[0])
    )
    assert r.status_code == 200, r.text
    seat = r.json()["seats"][bo_seat]
    assert (seat["kind"], seat["level"], seat["name"]) == ("bot", "random", "Bo")
    kicked_at = r.json()["version"]
    # Bo can keep watching: the public view, and no acting.
    watcher = await Client(server.url, tid, tokens[1]).connect()
    assert watcher.you == {"role": "watcher", "seat": bo_seat, "host": False}
    st = await watcher.next("state")
    assert "hand" not in st["view"] and st["legal"] == []
    answer = await watcher.act("stay")
    assert answer["code"] == "kicked"
    await play_until([ada, cy], lambda st: False, random.Random(4))
    final = (await api.get(f"/api/tables/{tid}")).json()
    assert final["status"] == "finished" and len(final["result"]["scores"]) == 3
    actions = (await api.get(f"/api/tables/{tid}/match")).json()["actions"]
    assert any(s == bo_seat for s, _ in actions[kicked_at:]), "the bot played Bo's seat"
    for c in (ada, cy, watcher):
        await c.close()


async def test_a_player_who_disconnects_counts_as_gone_and_comes_back_by_reconnecting(
    server: ThreadServer, api: httpx.AsyncClient
) -> None:
    tid, tokens = await new_table(api, "zenith", ["Ada", "Bo"], bots=1)
    ada, bo = [await Client(server.url, tid, t).connect() for t in tokens]
    await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
    await bo.next("state")
    seat = bo.you["seat"]
    r = await api.post(f"/api/tables/{tid}/seats/{seat}/kick", json={}, headers=bearer(tokens[0]))
    assert r.json()["code"] == "still-here"
    await bo.close()
    await asyncio.sleep(0.2)
    assert (await api.get(f"/api/tables/{tid}")).json()["seats"][seat]["connected"] is False
    r = await api.post(
        f"/api/tables/{tid}/seats/{seat}/kick", json={"level": "random"}, headers=bearer(tokens[0])
    )
    assert r.status_code == 200 and r.json()["seats"][seat]["kind"] == "bot"
    await ada.close()


async def test_an_idle_host_the_game_waits_on_can_be_kicked_and_the_role_passes_on(
    server: ThreadServer, api: httpx.AsyncClient
) -> None:
    """The test server's idle limit is 1 s (60 s by default)."""
    tid, tokens = await new_table(api, "zealous", ["Ada", "Bo", "Cy"])
    clients = [await Client(server.url, tid, t).connect() for t in tokens]
    ada, bo, cy = clients
    await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
    await ada.next("state")
    host = ada.you["seat"]
    # Bo and Cy play until the game waits on the host.
    await play_until([bo, cy], lambda st: host in st["to_act"], random.Random(2))
    assert ada.state is not None
    r = await api.post(f"/api/tables/{tid}/kick-host", json={}, headers=bearer(tokens[1]))
    assert r.status_code == 409 and r.json()["code"] == "host-not-idle"
    r = await api.post(f"/api/tables/{tid}/kick-host", json={}, headers=bearer(tokens[0]))
    assert r.json()["code"] == "you-are-host"
    await asyncio.sleep(1.1)
    summary = (await api.get(f"/api/tables/{tid}")).json()
    assert summary["host_idle_seconds"] == 1.0 and summary["idle_seconds"] >= 1.0
    r = await api.post(f"/api/tables/{tid}/kick-host", json={"level": "random"}, headers=bearer(tokens[1]))
    assert r.status_code == 200, r.text
    table = r.json()
    assert table["seats"][host]["kind"] == "bot"
    names = [s["name"] for s in table["seats"]]
    expected = next(
        names[(host + k) % 3] for k in (1, 2) if table["seats"][(host + k) % 3]["kind"] == "human"
    )
    assert names[table["host"]] == expected
    # The bot takes the host's turn; the new host now has the host's powers, the old one doesn't.
    answer = await ada.act("stay")
    assert answer["code"] == "kicked"
    await play_until([bo, cy], lambda st: False, random.Random(3))
    assert (await api.get(f"/api/tables/{tid}")).json()["status"] == "finished"
    for c in clients:
        await c.close()


async def test_the_host_cant_be_kicked_while_the_game_waits_on_someone_else(
    server: ThreadServer, api: httpx.AsyncClient
) -> None:
    tid, tokens = await new_table(api, "zealous", ["Ada", "Bo", "Cy"])
    clients = [await Client(server.url, tid, t).connect() for t in tokens]
    await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
    st = await clients[0].next("state")
    host = clients[0].you["seat"]
    if host in st["to_act"]:
        await clients[0].act(st["legal"][0])
        await clients[1].next("state")
    await asyncio.sleep(1.1)
    state = (await api.get(f"/api/tables/{tid}")).json()
    assert state["status"] == "running"
    r = await api.post(f"/api/tables/{tid}/kick-host", json={}, headers=bearer(tokens[1]))
    assert r.status_code == 409 and r.json()["code"] == "not-waiting-on-host"
    for c in clients:
        await c.close()


async def test_an_idle_host_who_doesnt_start_can_be_kicked(api: httpx.AsyncClient) -> None:
    tid, tokens = await new_table(api, "zealous", ["Ada", "Bo", "Cy"])
    await asyncio.sleep(1.1)
    r = await api.post(f"/api/tables/{tid}/kick-host", json={}, headers=bearer(tokens[2]))
    assert r.status_code == 200
    assert r.json()["host"] == 1 and r.json()["seats"][0]["kind"] == "empty"
    r = await api.put(f"/api/tables/{tid}/seats/0/bot", json={"level": "random"}, headers=bearer(tokens[1]))
    assert r.status_code == 200


async def test_seat_tokens_are_random_and_stored_only_as_sha256(
    server: ThreadServer, api: httpx.AsyncClient
) -> None:
    import hashlib
    import sqlite3

    tid, tokens = await new_table(api, "zealous", ["Ada", "Bo"], bots=1)
    assert len(set(tokens)) == 2 and all(len(t) >= 32 for t in tokens)
    path = server.settings.db_url.split("///", 1)[1]
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT token_hash FROM seats WHERE table_id = ? ORDER BY seat", (tid,)).fetchall()
    assert [r[0] for r in rows[:2]] == [hashlib.sha256(t.encode()).hexdigest() for t in tokens]
    raw = b"".join(Path(path + ext).read_bytes() for ext in ("", "-wal") if Path(path + ext).exists())
    assert not any(t.encode() in raw for t in tokens)
