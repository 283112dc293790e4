"""A corpus of bad inputs: each is answered with an error code and message, and changes nothing."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from .harness import Client, ThreadServer, bearer, fast_settings, http, new_table


async def _my_turn(server: ThreadServer, api: httpx.AsyncClient) -> tuple[str, list[str], Client, Client]:
    """A running Zealous table; `me` is the human asked now, `other` the one who isn't."""
    tid, tokens = await new_table(api, "zealous", ["Ada", "Bo"], bots=1)
    await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
    a, b = [await Client(server.url, tid, t).connect() for t in tokens]
    await a.next("state")
    await b.next("state")
    while not (a.state and a.state["legal"]) and not (b.state and b.state["legal"]):
        with contextlib.suppress(TimeoutError):  # (either may be asked: look at both again soon)
            await a.next("state", timeout=0.2)
    return (tid, tokens, a, b) if a.state and a.state["legal"] else (tid, tokens, b, a)


BAD_FRAMES: list[tuple[Any, str]] = [
    ("{not json", "malformed"),
    ("[1, 2]", "malformed"),
    ('"act"', "malformed"),
    ({"type": "dance"}, "unknown-type"),
    ({"action": "stay"}, "unknown-type"),
    ({"type": "act", "version": 0}, "malformed"),
    ({"type": "act", "action": 7, "version": 0}, "malformed"),
    ({"type": "act", "action": "", "version": 0}, "malformed"),
    ({"type": "act", "action": "x" * 300, "version": 0}, "malformed"),
    ({"type": "act", "action": "stay"}, "malformed"),
    ({"type": "act", "action": "stay", "version": "3"}, "malformed"),
    ({"type": "act", "action": "stay", "version": True}, "malformed"),
    ({"type": "act", "action": "stay", "version": 0, "ref": {"x": 1}}, "malformed"),
    ({"type": "hello"}, "hello-once"),
    ({"type": "sync", "version": 1.5}, "malformed"),
    (b"\x00\x01binary", "malformed"),
    ("x" * 5000, "too-large"),
    ("[" * 2000 + "]" * 2000, "malformed"),  # under the size limit, too deep for the parser
    ('{"type": "act", "action": "stay", "version": 0, "ref": ' + "[" * 1500 + "]" * 1500 + "}", "malformed"),
    ({"type": "auto-pass"}, "malformed"),
    ({"type": "auto-pass", "on": "yes"}, "malformed"),
    (json.dumps({"type": "act", "action": "stay", "version": 0, "pad": "x" * 5000}), "too-large"),
    # Nested deeply, yet within what the parser takes: every field is checked for its type before
    # anything prints it.
    ('{"type": ' + "[" * 1000 + "]" * 1000 + "}", "unknown-type"),
    ('{"type": "act", "action": "stay", "version": 0, "seat": ' + "[" * 1000 + "]" * 1000 + "}", "malformed"),
    ('{"type": "act", "action": "stay", "version": 0, "ref": ' + "[" * 1000 + "]" * 1000 + "}", "malformed"),
    ('{"type": "chat", "text": ' + "[" * 1000 + "]" * 1000 + "}", "malformed"),
]


async def test_junk_frames_are_answered_with_errors_and_change_nothing(
    server: ThreadServer, api: httpx.AsyncClient
) -> None:
    tid, _, me, other = await _my_turn(server, api)
    assert me.state is not None
    before = me.state
    for frame, code in BAD_FRAMES:
        me.drain()
        await me.send(frame if isinstance(frame, str | bytes) else json.dumps(frame))
        answer = await me.next("error", "ack", "state")
        assert (answer["type"], answer["code"]) == ("error", code), frame
        assert answer["message"]
    assert (await api.get(f"/api/tables/{tid}")).json()["version"] == before["version"]
    # The socket still works: a correct action goes through.
    assert (await me.act(before["legal"][0], before["version"]))["type"] == "ack"
    await me.close()
    await other.close()


async def test_refused_actions_change_nothing(server: ThreadServer, api: httpx.AsyncClient) -> None:
    tid, _tokens, me, other = await _my_turn(server, api)
    assert me.state is not None and other.state is not None
    v, legal = me.state["version"], me.state["legal"]
    cases = [
        (other, legal[0], v, {}, "not-your-turn"),  # the other human, out of turn
        (me, legal[0], v, {"seat": other.you["seat"]}, "not-your-seat"),  # acting for another seat
        (me, legal[0], v + 1, {}, "stale"),  # a version from the future
        (me, legal[0], v - 1, {}, "stale") if v > 0 else (me, legal[0], -1, {}, "stale"),
        (me, "move:nowhere", v, {}, None),  # the rules' own refusal
        (me, "fly", v, {}, None),
        (me, "play:stone", v, {}, None),  # a card that isn't in hand (or isn't valid now)
    ]
    for client, action, version, extra, code in cases:
        answer = await client.act(action, version, **extra)
        assert answer["type"] == "error", (action, answer)
        if code:
            assert answer["code"] == code, (action, answer)
        else:
            assert answer["code"] in (
                "unknown-action",
                "illegal-action",
                "card-not-in-hand",
                "card-not-valid",
            )
        assert answer["version"] == v
    assert (await api.get(f"/api/tables/{tid}")).json()["version"] == v
    spectator = await Client(server.url, tid).connect()
    assert (await spectator.act(legal[0], v))["code"] == "not-a-player"
    assert (await me.act(legal[0], v))["type"] == "ack"
    for c in (me, other, spectator):
        await c.close()


async def test_a_wrong_token_is_refused_and_the_socket_may_try_again(
    server: ThreadServer, api: httpx.AsyncClient
) -> None:
    tid, tokens = await new_table(api, "zealous", ["Ada"], bots=2)
    c = await Client(server.url, tid).connect(hello=False)
    await c.send({"type": "act", "action": "stay", "version": 0})
    assert (await c.next("error"))["code"] == "hello-first"
    await c.send({"type": "hello", "token": "not-a-token"})
    assert (await c.next("error"))["code"] == "bad-token"
    _other_tid, other_tokens = await new_table(api, "zealous", ["Zed"], bots=2)
    await c.send({"type": "hello", "token": other_tokens[0]})  # a real token, for another table
    assert (await c.next("error"))["code"] == "bad-token"
    await c.send({"type": "hello", "token": tokens[0]})
    assert (await c.next("welcome"))["you"]["role"] == "player"
    await c.close()
    refusals = [
        ({}, "no-token", 401),
        (bearer("forged"), "bad-token", 403),
        (bearer(other_tokens[0]), "bad-token", 403),
    ]
    for h, code, status in refusals:
        r = await api.post(f"/api/tables/{tid}/start", headers=h)
        assert (r.status_code, r.json()["code"]) == (status, code)
    assert (await api.get(f"/api/tables/{tid}")).json()["status"] == "open"


async def test_an_unknown_table_is_refused(server: ThreadServer, api: httpx.AsyncClient) -> None:
    assert (await api.get("/api/tables/nope")).json()["code"] == "no-such-table"
    c = await Client(server.url, "nope").connect(hello=False)
    assert (await c.next("error"))["code"] == "no-such-table"
    await c.close()


async def test_a_frame_beyond_the_protocol_limit_closes_the_socket_and_changes_nothing(
    server: ThreadServer, api: httpx.AsyncClient
) -> None:
    tid, _tokens, me, other = await _my_turn(server, api)
    assert me.state is not None
    v = me.state["version"]
    await me.send("x" * (server.settings.max_frame_bytes + 10))
    assert me.ws is not None and me._reader is not None
    async with asyncio.timeout(10):
        await asyncio.gather(me._reader, return_exceptions=True)  # the reader ends when the socket closes
    assert me.ws.close_code == 1009
    assert (await api.get(f"/api/tables/{tid}")).json()["version"] == v
    await other.close()


Z = {"game": "zealous", "seats": 3, "name": "A"}
DEEP = "[" * 990 + "]" * 990  # under the size limit, and under the JSON parser's own depth limit
DEEPER = "[" * 3000 + "]" * 3000  # beyond the parser's


def _deep(body: dict[str, Any], key: str, value: Any) -> str:
    """`body` with `key` set to `value`, as JSON text, where the strings DEEP and DEEPER stand for
    themselves unquoted (lists nested that deep)."""
    text = json.dumps(body | {key: value})
    return text.replace(json.dumps(DEEP), DEEP).replace(json.dumps(DEEPER), DEEPER)


BAD_REQUESTS: list[tuple[str, str, Any, int, str]] = [
    ("post", "/api/tables", Z | {"game": "chess"}, 400, "unknown-game"),
    ("post", "/api/tables", Z | {"seats": 2}, 400, "bad-players"),
    ("post", "/api/tables", Z | {"options": {"speed": 3}}, 400, "bad-options"),
    ("post", "/api/tables", Z | {"options": {"length": 5}}, 400, "bad-options"),
    ("post", "/api/tables", Z | {"name": ""}, 422, "malformed"),
    ("post", "/api/tables", Z | {"name": "x" * 99}, 422, "malformed"),
    ("post", "/api/tables", Z | {"name": "a\u0000b"}, 400, "bad-name"),
    ("post", "/api/tables", Z | {"seats": "many"}, 422, "malformed"),
    ("post", "/api/tables", "{not json", 422, "malformed"),
    ("post", "/api/tables", Z | {"options": {"x": "y" * 20000}}, 413, "too-large"),
    ("post", "/api/tables/nope/join", {"name": "A"}, 404, "no-such-table"),
    # Nested too deeply: refused before any of it is read (the option's own check once crashed
    # printing it; deeper still, the JSON parser gave up with a 400).
    ("post", "/api/tables", _deep(Z, "options", {"length": DEEP}), 422, "malformed"),
    ("post", "/api/tables", _deep(Z, "options", {"cards": {"x": DEEPER}}), 422, "malformed"),
    ("post", "/api/tables", _deep(Z, "clock", {"mode": DEEP}), 422, "malformed"),
    ("post", "/api/tables/nope/join", _deep({}, "name", DEEP), 422, "malformed"),
    ("post", "/api/account/signup", _deep({"password": "x" * 12}, "username", DEEPER), 422, "malformed"),
    ("post", "/api/tables", Z | {"options": {"cards": {"x": [[[[[[[[[[[[1]]]]]]]]]]]]}}}, 400, "bad-options"),
    ("post", "/api/tables", Z | {"clock": {"mode": []}}, 400, "bad-clock"),
    ("post", "/api/tables", Z | {"clock": {"mode": {"realtime": 1}}}, 400, "bad-clock"),
]


def _short(v: Any) -> str | None:
    return str(v)[:48] if isinstance(v, str) else None  # (a test's name, not its 6,000-byte body)


@pytest.mark.parametrize(("method", "path", "body", "status", "code"), BAD_REQUESTS, ids=_short)
async def test_bad_lobby_requests(
    api: httpx.AsyncClient, method: str, path: str, body: Any, status: int, code: str
) -> None:
    before = len((await api.get("/api/tables", params={"limit": 500})).json())
    kw: dict[str, Any] = {"content": body} if isinstance(body, str) else {"json": body}
    r = await api.request(method.upper(), path, **kw, headers={"content-type": "application/json"})
    assert (r.status_code, r.json()["code"]) == (status, code), r.text
    assert r.json()["message"]
    assert len((await api.get("/api/tables", params={"limit": 500})).json()) == before


async def test_rate_limits(tmp_path: Path) -> None:
    settings = fast_settings(
        f"sqlite+aiosqlite:///{tmp_path / 'z.db'}", ws_rate=2.0, ws_burst=5.0, http_rate=1.0, http_burst=3.0
    )
    with ThreadServer(settings) as server:
        async with http(server.url) as api:
            codes = []
            for _ in range(6):
                r = await api.post("/api/tables", json={"game": "zealous", "seats": 3, "name": "A"})
                codes.append(r.status_code)
            assert codes[:3] == [201] * 3 and 429 in codes[3:]
            assert (await api.get("/api/games")).status_code == 200  # reading isn't limited
            tid = (await api.get("/api/tables")).json()[0]["id"]
            c = await Client(server.url, tid).connect()
            for _ in range(12):
                await c.send({"type": "ping"})
            answers = [await c.next("pong", "error") for _ in range(12)]
            assert [a["type"] for a in answers].count("pong") <= 5
            assert any(a.get("code") == "rate-limited" for a in answers)
            await c.close()
