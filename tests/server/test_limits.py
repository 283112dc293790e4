"""Bounded bodies, bounded memory and bounded patience, on a real server with its limits made small.

Each test is a regression test of a hole an adversarial test of the server found (issue 12): a chunked
body past the limit, finished tables kept in memory for ever, open tables that never expire, sockets
that never finish their headers or never say hello, a frame nested too deeply to parse.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import socket
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from ziggurat.engine import secret_seed
from ziggurat.server.hall import Hall
from ziggurat.store import SeatRecord, Store, TableRecord

from .harness import Client, ThreadServer, bearer, fast_settings, http, new_table, play_until

LIMITS: dict[str, Any] = {
    "max_idle_tables": 2,
    "open_table_ttl": 0.6,
    "sweep_interval": 0.2,
    "max_open_tables_per_address": 4,
    "max_sockets_per_address": 6,
    "header_timeout": 0.5,
    "body_timeout": 0.5,
    "hello_timeout": 0.5,
    "ws_ping_interval": 0.3,
    "ws_ping_timeout": 0.3,
}


@pytest.fixture
def small(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[ThreadServer]:
    """A server of its own for each test: the limits count everything this client does. A test may
    change some (indirect parametrization)."""
    limits = {**LIMITS, **getattr(request, "param", {})}
    with ThreadServer(fast_settings(f"sqlite+aiosqlite:///{tmp_path / 'z.db'}", **limits)) as s:
        yield s


@pytest.fixture
async def api(small: ThreadServer) -> AsyncIterator[httpx.AsyncClient]:
    async with http(small.url) as client:
        yield client


def hall(server: ThreadServer) -> Hall:
    h: Hall = server.server.config.app.state.hall  # type: ignore[attr-defined]
    return h


async def eventually(check: Any, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "the server never got there"
        await asyncio.sleep(0.05)


def address(server: ThreadServer) -> tuple[str, int]:
    host, port = server.sock.getsockname()[:2]
    return host, port


# --- bodies --------------------------------------------------------------------------------------------


async def test_a_chunked_body_past_the_limit_is_cut_off_with_413(
    small: ThreadServer, api: httpx.AsyncClient
) -> None:
    """No Content-Length to check up front: the body is counted as it arrives, the answer is 413 and the
    connection is closed instead of reading the 300 MB on offer."""
    chunk = b" " * 65536
    frame = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
    sent, answer = 0, b""
    with socket.create_connection(address(small)) as s:
        s.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        s.settimeout(0.0)
        with contextlib.suppress(OSError):  # the server hangs up: a reset or a broken pipe
            while sent < 300_000_000:
                with contextlib.suppress(BlockingIOError):
                    sent += s.send(frame)
                with contextlib.suppress(BlockingIOError):
                    answer += s.recv(4096)
                    if answer:
                        break
        s.settimeout(2)
        with contextlib.suppress(OSError):
            while part := s.recv(4096):
                answer += part
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b'{"code": "too-large", "message": "Request bodies are at most 16384 bytes."}' in answer
    assert sent < 20_000_000  # cut off after the limit (plus what the kernel's buffers held)
    assert (await api.get("/api/tables")).json() == []  # and nothing was created


def raw(server: ThreadServer, request: bytes) -> bytes:
    """Send bytes as they are (no client library would send these) and read the answer to the end."""
    with socket.create_connection(address(server)) as s:
        s.settimeout(5)
        s.sendall(request)
        answer = b""
        with contextlib.suppress(OSError):
            while part := s.recv(4096):
                answer += part
    return answer


async def test_a_declared_length_past_the_limit_is_refused_unread(small: ThreadServer) -> None:
    answer = raw(small, b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n{")
    assert answer.startswith(b"HTTP/1.1 413") and b'"code": "too-large"' in answer


async def test_a_body_that_never_finishes_is_answered_408(small: ThreadServer) -> None:
    with socket.create_connection(address(small)) as s:
        s.settimeout(5)
        s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n")
        s.sendall(b"Content-Length: 100\r\n\r\n{")  # then nothing
        answer = s.recv(4096)
    assert answer.startswith(b"HTTP/1.1 408") and b'"code": "request-timeout"' in answer


# --- the framework's own errors, in our shape ------------------------------------------------------------


JSON = {"content-type": "application/json"}


def faiths(**options: Any) -> dict[str, Any]:
    return {"json": {"game": "faiths", "seats": 4, "name": "A", "options": options}}


@pytest.mark.parametrize(
    ("method", "path", "extra", "status", "code"),
    [
        ("GET", "/api/nothing-here", {}, 404, "not-found"),
        ("GET", "/static/nothing.js", {}, 404, "not-found"),
        ("DELETE", "/api/games", {}, 405, "method-not-allowed"),
        ("PATCH", "/api/tables", {}, 405, "method-not-allowed"),
        ("POST", "/api/tables", {"content": b"{nope", "headers": JSON}, 422, "malformed"),
        ("POST", "/api/tables", {"content": b'{"game": "\xff"}', "headers": JSON}, 400, "malformed"),
        ("POST", "/api/tables", {"content": b"[1, 2]", "headers": JSON}, 422, "malformed"),
        (
            "POST",
            "/api/tables",
            {"json": {"game": "zealous", "seats": "three", "name": "A"}},
            422,
            "malformed",
        ),
        ("POST", "/api/tables", faiths(max_rounds=int("9" * 4299)), 400, "bad-options"),
        ("POST", "/api/tables", faiths(max_rounds="9" * 5000), 400, "bad-options"),
        ("POST", "/api/tables", faiths(max_rounds=101), 400, "bad-options"),
        ("POST", "/api/tables", faiths(max_rounds=0), 400, "bad-options"),
        ("POST", "/api/tables", faiths(zealots_copies=0), 400, "bad-options"),
        ("GET", "/api/tables/" + "x" * 40, {}, 404, "no-such-table"),
        ("GET", "/api/tables/nope/log", {}, 404, "no-such-table"),
    ],
)
async def test_every_error_is_code_and_message(
    api: httpx.AsyncClient, method: str, path: str, extra: dict[str, Any], status: int, code: str
) -> None:
    r = await api.request(method, path, **extra)
    assert (r.status_code, r.json()["code"]) == (status, code), r.text
    assert set(r.json()) == {"code", "message"} and r.json()["message"]
    assert len(r.text) < 400  # a 4,299-digit option is not echoed back


async def test_the_api_documents_its_refusals(api: httpx.AsyncClient) -> None:
    schema = (await api.get("/openapi.json")).json()
    responses = schema["paths"]["/api/tables/{table_id}/join"]["post"]["responses"]
    for status in ("401", "403", "404", "409", "413", "422", "429"):
        assert responses[status]["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/Error"
        }


# --- memory: what stays loaded ---------------------------------------------------------------------------


async def test_finished_tables_are_served_from_the_store_not_kept(
    small: ThreadServer, api: httpx.AsyncClient
) -> None:
    tid, tokens = await new_table(api, "zenith", ["Ada"], bots=1)
    await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
    ada = await Client(small.url, tid, tokens[0]).connect()
    await play_until([ada], lambda s: False, random.Random(2))
    assert ada.state is not None and ada.state["result"] is not None
    await ada.close()
    await eventually(lambda: tid not in hall(small).tables)  # nobody watches it: it leaves memory
    for _ in range(20):
        summary = (await api.get(f"/api/tables/{tid}")).json()
        log = (await api.get(f"/api/tables/{tid}/log")).json()
        assert tid not in hall(small).tables
    assert summary["status"] == "finished" and summary["version"] == ada.state["version"]
    assert log["log"][-1]["version"] == ada.state["version"]


async def test_a_game_that_ends_with_nobody_watching_leaves_memory(
    small: ThreadServer, api: httpx.AsyncClient
) -> None:
    """A running table where bots hold every seat (every person was kicked) plays out alone, then goes."""
    store = await Store.open(small.settings.db_url)
    try:
        seats = [SeatRecord(i, "bot", f"Bot {i}", None, "random") for i in range(2)]
        rec = TableRecord(
            "alone", "zenith", {"board": "fuji"}, 2, secret_seed(), 1, "running", None, 1.0, 1.0
        )
        rec.seats = seats
        await store.create_table(rec)
    finally:
        await store.close()
    assert (await api.get("/api/tables/alone")).json()["status"] == "running"  # loaded: its bots play
    await eventually(lambda: "alone" not in hall(small).tables, 30)
    table = (await api.get("/api/tables/alone")).json()
    assert table["status"] == "finished" and table["result"] is not None
    assert "alone" not in hall(small).tables


# (open tables that outlive their short TTL here would be gone, not unloaded, on a loaded machine)
@pytest.mark.parametrize("small", [{"open_table_ttl": 60}], indirect=True)
async def test_idle_tables_beyond_the_limit_leave_memory_least_recent_first(
    small: ThreadServer, api: httpx.AsyncClient
) -> None:
    ids = []
    for name in ("Ada", "Bo", "Cy", "Di"):
        tid, _ = await new_table(api, "zealous", [name], bots=2)
        ids.append(tid)
    await eventually(lambda: len(hall(small).tables) <= LIMITS["max_idle_tables"])
    assert set(hall(small).tables) == set(ids[-2:])
    # The others are one request away, exactly as they were.
    first = (await api.get(f"/api/tables/{ids[0]}")).json()
    assert [s["kind"] for s in first["seats"]] == ["human", "bot", "bot"]
    r = await api.post(f"/api/tables/{ids[0]}/join", json={"name": "Ed"})
    assert r.status_code == 409 and r.json()["code"] == "table-full"


async def test_a_watched_table_stays_whatever_the_limit(small: ThreadServer, api: httpx.AsyncClient) -> None:
    tid, tokens = await new_table(api, "zealous", ["Ada"], bots=2)
    ada = await Client(small.url, tid, tokens[0]).connect()
    for name in ("Bo", "Cy", "Di"):  # three more: the limit on idle tables is two
        await new_table(api, "zealous", [name], bots=2)
    await asyncio.sleep(0.5)
    assert tid in hall(small).tables
    await ada.close()


# --- open tables: expiry and the cap per address ---------------------------------------------------------


async def test_open_tables_nobody_touches_expire(small: ThreadServer, api: httpx.AsyncClient) -> None:
    tid, _ = await new_table(api, "zealous", ["Ada"], bots=2)
    watched, tokens = await new_table(api, "zealous", ["Bo"], bots=2)
    bo = await Client(small.url, watched, tokens[0]).connect()  # someone sits in the waiting room
    async with asyncio.timeout(10):
        while (await api.get(f"/api/tables/{tid}")).status_code != 404:
            await asyncio.sleep(0.1)
    assert (await api.get(f"/api/tables/{watched}")).status_code == 200
    await bo.close()  # the hour (here 0.6 s) counts from when the last one left
    async with asyncio.timeout(10):
        while (await api.get(f"/api/tables/{watched}")).status_code != 404:
            await asyncio.sleep(0.1)


async def test_one_address_may_have_only_a_few_open_tables(api: httpx.AsyncClient) -> None:
    tables = [
        await new_table(api, "zenith", ["Ada"], bots=1) for _ in range(LIMITS["max_open_tables_per_address"])
    ]
    r = await api.post("/api/tables", json={"game": "zenith", "seats": 2, "name": "Ada"})
    assert r.status_code == 429 and r.json()["code"] == "too-many-tables"
    assert "start or leave one" in r.json()["message"]
    tid, tokens = tables[0]
    await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))  # one starts: a place frees up
    r = await api.post("/api/tables", json={"game": "zenith", "seats": 2, "name": "Ada"})
    assert r.status_code == 201


# --- slow and greedy clients ------------------------------------------------------------------------------


async def test_headers_that_never_finish_are_cut_off(small: ThreadServer) -> None:
    socks = []
    for _ in range(20):
        s = socket.create_connection(address(small))
        s.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ")  # and never the rest
        socks.append(s)
    silent = socket.create_connection(address(small))  # or nothing at all
    socks.append(silent)
    for s in socks:
        s.settimeout(5)
        assert s.recv(100) == b""  # closed by the server, well before the client's 5 s
        s.close()


async def test_a_socket_that_never_says_hello_is_closed(small: ThreadServer, api: httpx.AsyncClient) -> None:
    tid, _ = await new_table(api, "zealous", ["Ada"], bots=2)
    async with connect(small.url.replace("http", "ws") + f"ws/tables/{tid}", proxy=None) as ws:
        message = json.loads(await asyncio.wait_for(ws.recv(), 5))
        assert (message["type"], message["code"]) == ("error", "hello-timeout")
        await asyncio.wait_for(ws.wait_closed(), 5)


async def test_a_socket_that_never_answers_pings_is_closed(
    small: ThreadServer, api: httpx.AsyncClient
) -> None:
    tid, tokens = await new_table(api, "zealous", ["Ada"], bots=2)
    with socket.create_connection(address(small)) as s:  # a websocket by hand: it says hello, then is mute
        s.settimeout(5)
        s.sendall(
            f"GET /ws/tables/{tid} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        assert s.recv(4096).startswith(b"HTTP/1.1 101")  # (bytes sent before it would be lost)
        hello = json.dumps({"type": "hello", "token": tokens[0]}).encode()
        s.sendall(bytes([0x81, 0x80 | len(hello)]) + b"\0\0\0\0" + hello)  # masked with a zero key
        received = b""
        while chunk := s.recv(65536):
            received += chunk
    assert b"welcome" in received and b"\x89" in received  # it was welcomed, then pinged
    assert b"keepalive ping timeout" in received  # and closed for never answering


async def test_one_address_may_hold_only_so_many_sockets(small: ThreadServer, api: httpx.AsyncClient) -> None:
    tid, _ = await new_table(api, "zealous", ["Ada"], bots=2)
    watchers = [await Client(small.url, tid).connect() for _ in range(LIMITS["max_sockets_per_address"])]
    async with connect(small.url.replace("http", "ws") + f"ws/tables/{tid}", proxy=None) as ws:
        message = json.loads(await asyncio.wait_for(ws.recv(), 5))
        assert (message["type"], message["code"]) == ("error", "too-many-sockets")
        await asyncio.wait_for(ws.wait_closed(), 5)
    await watchers[0].close()  # one leaves: another may come, once the server has seen it go
    for _ in range(50):
        late = await Client(small.url, tid).connect(hello=False)
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            await late.send({"type": "hello"})
            if (await late.next("welcome", "error", timeout=2))["type"] == "welcome":
                break
        await late.close()
        await asyncio.sleep(0.1)
    assert late.you["role"] == "spectator"
    for w in [*watchers[1:], late]:
        await w.close()
