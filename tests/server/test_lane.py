"""The fast lane (server/http/lane.py) answers a guest's create, join and start exactly as FastAPI does, and
leaves every other request to FastAPI.

Each request goes through the whole app (the lane takes it), and its twin straight to what is behind
the lane (FastAPI's dispatch, the same app and tables): the answers are compared byte for byte once the
new ids, tokens and times are set aside. What the lane passes on is counted where it passes it.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from fastapi import FastAPI
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ziggurat.server.accounts.sessions import COOKIE, CSRF_HEADER, csrf_of
from ziggurat.server.http.app import create_app
from ziggurat.server.http.lane import FastLane

from .harness import fast_settings

JSON = [(b"content-type", b"application/json")]
Answer = tuple[int, dict[bytes, bytes], bytes]


class Counting:
    """What the lane passes on, counted on the way to FastAPI."""

    def __init__(self, app: ASGIApp) -> None:
        self.app, self.passed = app, 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.passed += 1
        await self.app(scope, receive, send)


async def ask(
    app: FastAPI, path: str, body: Any = None, headers: Any = (), raw: bytes | None = None, via: Any = None
) -> Answer:
    """A POST through the whole app, or `via` what is behind the lane."""
    content = raw if raw is not None else b"" if body is None else json.dumps(body).encode()
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"test"), (b"content-length", str(len(content)).encode()), *headers],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 80),
        "state": {},
        "app": app,  # (as the app sets it for what is behind it)
    }
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": content, "more_body": False}

    out: list[Message] = []

    async def send(message: Message) -> None:
        out.append(message)

    await (via or app)(scope, receive, send)
    head = dict(out[0]["headers"])
    return out[0]["status"], head, b"".join(m.get("body", b"") for m in out[1:])


def bearer(token: str) -> list[tuple[bytes, bytes]]:
    return [(b"authorization", f"Bearer {token}".encode())]


def same(a: Answer, b: Answer) -> None:
    """Equal status, content type and body (the same keys in the same order), once what differs between
    two tables anyway is set aside: ids, tokens, times, and who the start's shuffle put in which seat."""

    def plain(body: bytes) -> str:
        found = json.loads(body)
        if "token" in found:
            found["token"] = "*"
        table = found.get("table", found)
        if "seats" in table:
            names = [seat["name"] for seat in table["seats"]]
            table["host"] = None if table["host"] is None else names[table["host"]]
            table["seats"] = sorted(({**seat, "seat": 0} for seat in table["seats"]), key=lambda x: x["name"])
            for key in ("id", "created_at", "started_at", "idle_seconds", "host_idle_seconds"):
                table[key] = 0
        return json.dumps(found)

    assert (a[0], a[1].get(b"content-type"), plain(a[2])) == (b[0], b[1].get(b"content-type"), plain(b[2]))
    assert a[1][b"content-length"] == str(len(a[2])).encode()


@pytest.fixture
async def app(sqlite_url: str) -> AsyncIterator[FastAPI]:
    app = create_app(fast_settings(sqlite_url, max_open_tables_per_address=1000))
    async with app.router.lifespan_context(app):
        yield app


async def lane_of(app: FastAPI) -> tuple[FastLane, Counting]:
    """The lane in the app's middleware (built by its first request), and what is behind it, counted."""
    await ask(app, "/api/nothing-here")
    found: Any = app.middleware_stack
    while not isinstance(found, FastLane):
        found = found.app
    found.app = behind = Counting(found.app)
    return found, behind


async def new_table(app: FastAPI, seats: int = 2) -> tuple[str, str]:
    status, _, body = await ask(app, "/api/tables", {"game": "zenith", "seats": seats, "name": "Ann"}, JSON)
    assert status == 201, body
    made = json.loads(body)
    return made["table"]["id"], made["token"]


async def test_the_lane_answers_as_fastapi_does(app: FastAPI) -> None:
    _, behind = await lane_of(app)  # behind the lane: FastAPI's dispatch, the same tables
    ways = (None, behind)  # through the app (the lane), then around it
    tables = []
    answers = []
    for via in ways:  # create: 201, the host's seat
        answers.append(
            await ask(app, "/api/tables", {"game": "zenith", "seats": 2, "name": "Ann"}, JSON, via=via)
        )
        made = json.loads(answers[-1][2])
        tables.append((made["table"]["id"], made["token"]))
    same(*answers)
    steps: list[tuple[str, Any, Any]] = [
        ("join", {"name": "Bob"}, JSON),  # the second seat
        ("join", {"name": "Cy"}, JSON),  # full: 409
        ("start", None, bearer("not-a-token")),  # nobody's token: 403
        ("start", None, "host"),  # 200, and the game begins
        ("start", None, "host"),  # begun already: 409
        ("join", {"name": "Dee"}, JSON),  # begun: 409
    ]
    for step, body, headers in steps:
        answers = []
        for via, (tid, token) in zip(ways, tables, strict=True):
            sent = bearer(token) if headers == "host" else headers
            answers.append(await ask(app, f"/api/tables/{tid}/{step}", body, sent, via=via))
        same(*answers)
    refused = [
        ("/api/tables/nosuch/join", {"name": "Eve"}),  # no such table: 404
        ("/api/tables", {"game": "no-such-game", "seats": 2, "name": "Ann"}),  # an unknown game: 400
        ("/api/tables", {"game": "zenith", "seats": 9, "name": "Ann"}),  # too many seats for the game
        ("/api/tables", {"game": "zenith", "seats": 2, "name": "Ann", "options": {"board": "mars"}}),
    ]
    for path, body in refused:
        lane_says, fastapi_says = [await ask(app, path, body, JSON, via=via) for via in ways]
        assert lane_says[0] >= 400
        same(lane_says, fastapi_says)
    assert behind.passed == 1 + len(steps) + len(refused)  # (those sent around it: the lane took the rest)


async def test_what_the_lane_leaves_to_fastapi(app: FastAPI) -> None:
    _, counting = await lane_of(app)
    tid, token = await new_table(app)
    status, _, body = await ask(app, f"/api/tables/{tid}/join", {"name": "Bob"}, JSON)
    assert status == 200 and counting.passed == 0  # taken by the lane
    cases: list[tuple[str, Any, Any, bytes | None, int, str]] = [
        ("/api/tables", None, JSON, b"{nope", 422, "The body is not valid JSON."),
        ("/api/tables", None, JSON, b"[1, 2]", 422, "The body must be a JSON object"),
        ("/api/tables", {"game": "zenith", "seats": 2}, JSON, None, 422, "name: Field required"),
        (
            "/api/tables",
            {"game": "zenith", "seats": 2, "name": "A"},
            [(b"content-type", b"text/plain")],
            None,
            422,
            "",
        ),
        (f"/api/tables/{tid}/start", None, (), None, 401, "Send your seat token"),
        (
            f"/api/tables/{tid}/start",
            None,
            [(b"authorization", b"Basic eDp5")],
            None,
            401,
            "Send your seat token",
        ),
        (f"/api/tables/{tid}/leave", None, bearer(token), None, 200, ""),  # another route
        (
            "/api/tables/",
            {"game": "zenith", "seats": 2, "name": "A"},
            JSON,
            None,
            307,
            "",
        ),  # (FastAPI redirects)
    ]
    for n, (path, body, headers, raw, status, says) in enumerate(cases, start=1):
        got = await ask(app, path, body, headers, raw)
        assert got[0] == status and says in got[2].decode(), (path, got)
        assert counting.passed == n, path
    # Signed in (a session cookie, with its CSRF token): FastAPI, which looks the session up.
    secret = "s" * 43
    signed = [
        *JSON,
        (b"cookie", f"{COOKIE}={secret}".encode()),
        (CSRF_HEADER.lower().encode(), csrf_of(secret).encode()),
    ]
    status, _, body = await ask(app, "/api/tables", {"game": "zenith", "seats": 2, "name": "Ann"}, signed)
    assert status == 201 and counting.passed == len(cases) + 1
