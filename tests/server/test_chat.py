"""Table chat over the play websocket: players and spectators write, everyone at the table reads; stored
with the table and numbered like versions, so a reconnect or a restart brings back what was missed."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from .harness import Client, Json, ThreadServer, bearer, fast_settings, http, new_table


async def _hello(server: ThreadServer, tid: str, token: str | None = None, **extra: Any) -> Client:
    c = await Client(server.url, tid, token).connect(hello=False)
    await c.send({"type": "hello", **({"token": token} if token else {}), **extra})
    await c.next("welcome")
    return c


async def _say(c: Client, text: str) -> Json:
    """Send a message; what answers the sender: its own message coming back, or a refusal."""
    await c.send({"type": "chat", "text": text, "ref": "c"})
    return await c.next("chat", "error")


async def _table(api: httpx.AsyncClient) -> tuple[str, list[str]]:
    tid, tokens = await new_table(api, "zenith", ["Ada", "Bo"])
    assert (await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))).status_code == 200
    return tid, tokens


async def test_players_and_spectators_read_every_message_and_spectators_are_marked(
    server: ThreadServer, api: httpx.AsyncClient
) -> None:
    tid, tokens = await _table(api)
    ada, bo = await _hello(server, tid, tokens[0]), await _hello(server, tid, tokens[1])
    eve = await _hello(server, tid, name="Eve")
    said = await _say(ada, "<b>good luck</b> & have fun")
    assert said["type"] == "chat"
    [m] = said["messages"]
    assert (m["seq"], m["seat"], m["name"], m["spectator"]) == (1, ada.you["seat"], "Ada", False)
    assert m["text"] == "<b>good luck</b> & have fun", "kept as written: plain text, shown as text"
    for c in (bo, eve):
        assert (await c.next("chat"))["messages"] == [m]
    heard = (await _say(eve, "  hello from the rail  "))["messages"][0]
    assert (heard["seq"], heard["seat"], heard["name"], heard["spectator"]) == (2, None, "Eve", True)
    assert heard["text"] == "hello from the rail"
    assert (await ada.next("chat"))["messages"] == [heard]
    for c in (ada, bo, eve):
        await c.close()


async def test_bad_messages_are_refused_and_nothing_is_stored(
    server: ThreadServer, api: httpx.AsyncClient
) -> None:
    tid, tokens = await _table(api)
    ada = await _hello(server, tid, tokens[0])
    for text, code in [
        ("   ", "chat-empty"),
        ("x" * 301, "chat-too-long"),
        ("x" * 1500, "chat-too-long"),  # (refused before it reaches the table)
        ("line\nbreak", "chat-control"),
        ("bell\x07", "chat-control"),
        ("abc\u202edcba", "chat-control"),  # a right-to-left override: reads otherwise than typed
    ]:
        answer = await _say(ada, text)
        assert (answer["type"], answer["code"], answer.get("ref")) == ("error", code, "c"), (text, answer)
    await ada.send({"type": "chat", "text": 5})
    assert (await ada.next("error"))["code"] == "malformed"
    await ada.send({"type": "chat", "text": "x" * 5000})  # beyond any message's size
    assert (await ada.next("error"))["code"] == "too-large"
    assert (await _say(ada, "x" * 300))["messages"][0]["seq"] == 1, "nothing refused was numbered"
    await ada.close()


async def test_a_socket_may_not_flood_the_chat(server: ThreadServer, api: httpx.AsyncClient) -> None:
    tid, tokens = await _table(api)
    ada = await _hello(server, tid, tokens[0])
    for i in range(5):
        assert (await _say(ada, f"message {i}"))["type"] == "chat"
    refused = await _say(ada, "one too many")
    assert (refused["type"], refused["code"]) == ("error", "chat-rate")
    await ada.close()


async def test_the_host_turns_spectators_chat_off(server: ThreadServer, api: httpx.AsyncClient) -> None:
    tid, tokens = await _table(api)
    ada, bo = await _hello(server, tid, tokens[0]), await _hello(server, tid, tokens[1])
    eve = await _hello(server, tid)
    assert eve.you["role"] == "spectator"
    await bo.send({"type": "spectator-chat", "on": False})
    assert (await bo.next("error"))["code"] == "not-host"
    await ada.send({"type": "spectator-chat", "on": False})
    table = await eve.next("table")
    assert table["table"]["spectator_chat"] is False
    refused = await _say(eve, "let me talk")
    assert (refused["type"], refused["code"]) == ("error", "chat-off")
    assert (await _say(bo, "players still may"))["type"] == "chat"
    assert (await api.get(f"/api/tables/{tid}")).json()["spectator_chat"] is False
    await ada.send({"type": "spectator-chat", "on": True})
    await eve.next("table")
    said = await _say(eve, "thanks")
    assert said["type"] == "chat" and said["messages"][0]["name"] == "Spectator"
    for c in (ada, bo, eve):
        await c.close()


async def test_a_reconnect_gets_the_messages_it_missed_and_a_newcomer_the_latest(
    server: ThreadServer, api: httpx.AsyncClient
) -> None:
    tid, tokens = await _table(api)
    ada = await _hello(server, tid, tokens[0])
    for i in range(3):
        await _say(ada, f"m{i}")
    bo = await _hello(server, tid, tokens[1])  # no "chat": the latest messages
    assert [m["text"] for m in (await bo.next("chat"))["messages"]] == ["m0", "m1", "m2"]
    await bo.close()
    await _say(ada, "m3")
    await _say(ada, "m4")
    back = await _hello(server, tid, tokens[1], chat=3)
    assert [m["seq"] for m in (await back.next("chat"))["messages"]] == [4, 5]
    for c in (ada, back):
        await c.close()


async def test_the_chat_outlives_a_restart(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'z.db'}"
    with ThreadServer(fast_settings(url)) as server:
        async with http(server.url) as api:
            tid, tokens = await _table(api)
            ada = await _hello(server, tid, tokens[0])
            await _say(ada, "before the restart")
            await ada.close()
    with ThreadServer(fast_settings(url)) as server:
        ada = await _hello(server, tid, tokens[0], chat=0)
        assert [m["text"] for m in (await ada.next("chat"))["messages"]] == ["before the restart"]
        assert (await _say(ada, "after"))["messages"][0]["seq"] == 2, "numbering goes on from the store"
        await ada.close()


async def test_a_kicked_player_chats_as_a_spectator_under_their_name(
    server: ThreadServer, api: httpx.AsyncClient
) -> None:
    """A bot plays the seat now: the watcher's words must not look like the seat's (the bot's)."""
    tid, tokens = await new_table(api, "zenith", ["Ada", "Bo"])
    assert (await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))).status_code == 200
    await api.post(f"/api/tables/{tid}/leave", headers=bearer(tokens[1]))
    table = (await api.get(f"/api/tables/{tid}")).json()
    bo_seat = next(s["seat"] for s in table["seats"] if s["name"] == "Bo")
    r = await api.post(f"/api/tables/{tid}/seats/{bo_seat}/kick", json={}, headers=bearer(tokens[0]))
    assert r.status_code == 200, r.text
    bo = await _hello(server, tid, tokens[1])
    assert bo.you["role"] == "watcher"
    m = (await _say(bo, "gg anyway"))["messages"][0]
    assert (m["seat"], m["name"], m["spectator"]) == (None, "Bo", True)
    await bo.close()


async def _tries(c: Client, texts: list[str]) -> int:
    """Send these messages one after another; how many were stored (came back) rather than refused
    for their rate. Others' messages arriving meanwhile are skipped."""
    stored = 0
    for text in texts:
        await c.send({"type": "chat", "text": text, "ref": text})
        while True:
            m = await c.next("chat", "error")
            if m["type"] == "error" and m.get("ref") == text:
                assert m["code"] == "chat-rate", m
                break
            if m["type"] == "chat" and any(x["text"] == text for x in m["messages"]):
                stored += 1
                break
    return stored


def _server_with(tmp_path: Path, **limits: Any) -> ThreadServer:
    """A server of its own: every test client comes from 127.0.0.1, so the limits count only this test."""
    return ThreadServer(fast_settings(f"sqlite+aiosqlite:///{tmp_path / 'z.db'}", **limits))


async def test_one_address_may_not_flood_the_chat_from_many_sockets(tmp_path: Path) -> None:
    """Issue 43: 32 sockets of one address pushed 160 messages in a second (5 each, the per-socket
    limit). The address has one budget, over all its sockets and tables."""
    with _server_with(tmp_path, chat_address_rate=1e-6, chat_address_burst=10) as server:
        async with http(server.url) as api:
            tables = [(await _table(api))[0] for _ in range(2)]
        crowd = [await _hello(server, tables[i % 2], name=f"Fan {i}") for i in range(32)]
        said = await asyncio.gather(*(_tries(c, [f"{i}.{k}" for k in range(5)]) for i, c in enumerate(crowd)))
        assert sum(said) == 10, said
        for c in crowd:
            await c.close()


async def test_a_crowd_may_not_flood_a_table_nor_silence_its_players(tmp_path: Path) -> None:
    """Spectators together have one budget at a table, and its players another: many addresses
    (here, one address with its own limit out of the way) can't flood it, nor use up the players'."""
    with _server_with(tmp_path, chat_table_rate=1e-6, chat_table_burst=6) as server:
        async with http(server.url) as api:
            tid, tokens = await _table(api)
        crowd = [await _hello(server, tid, name=f"Fan {i}") for i in range(10)]
        said = await asyncio.gather(*(_tries(c, [f"{i}.{k}" for k in range(2)]) for i, c in enumerate(crowd)))
        assert sum(said) == 6, said
        ada, bo = await _hello(server, tid, tokens[0]), await _hello(server, tid, tokens[1])
        assert await _tries(ada, [f"a{k}" for k in range(4)]) == 4, "the players' budget is their own"
        assert await _tries(bo, [f"b{k}" for k in range(4)]) == 2, "...and they share it"
        for c in (*crowd, ada, bo):
            await c.close()


# A seat's name, with case, spacing, full-width letters and look-alikes of other alphabets folded as
# usernames are (a Cyrillic A, a Cyrillic o): none of them names a spectator.
SEAT_NAMES = ["Ada", "ada", "ADA", "  Ada ", "\u0410da", "\uff21\uff44\uff41", "B\u043e", "bO"]


async def test_a_spectator_may_not_speak_under_a_seats_name(
    server: ThreadServer, api: httpx.AsyncClient
) -> None:
    tid, tokens = await _table(api)
    ada = await _hello(server, tid, tokens[0])
    for name in SEAT_NAMES:
        eve = await _hello(server, tid, name=name)
        refused = await _say(eve, "it's me, honest")
        assert (refused["type"], refused.get("code")) == ("error", "chat-name-taken"), name
        await eve.close()
    # What the client claims about itself counts for nothing: the server says who speaks.
    eve = await _hello(server, tid, name="Eve")
    await eve.send({"type": "chat", "text": "hi", "seat": 0, "name": "Ada", "spectator": False, "ref": "c"})
    m = (await eve.next("chat"))["messages"][0]
    assert (m["seat"], m["name"], m["spectator"]) == (None, "Eve", True)
    assert m["seq"] == 1, "nothing refused was stored"
    assert (await ada.next("chat"))["messages"] == [m]
    for c in (ada, eve):
        await c.close()


async def test_a_spectators_name_is_refused_once_a_player_sits_under_it(
    server: ThreadServer, api: httpx.AsyncClient
) -> None:
    r = await api.post("/api/tables", json={"game": "zenith", "seats": 3, "name": "Ada", "options": {}})
    tid = r.json()["table"]["id"]
    eve = await _hello(server, tid, name="Eve")
    assert (await _say(eve, "first"))["messages"][0]["name"] == "Eve"
    assert (await api.post(f"/api/tables/{tid}/join", json={"name": "EVE"})).status_code == 200
    assert (await _say(eve, "second")).get("code") == "chat-name-taken"
    unnamed = await _hello(server, tid, chat=1)  # "Spectator", a name no seat has here
    assert (await _say(unnamed, "third"))["messages"][0]["name"] == "Spectator"
    for c in (eve, unnamed):
        await c.close()
