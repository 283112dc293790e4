"""The HTTP guard, in front of every lobby request: bounded bodies, read in bounded time and nested no
deeper than nesting.MAX_DEPTH, and a rate limit on changes per client address. Plain ASGI (no
per-request task or thread, unlike BaseHTTPMiddleware).

The body is read here, before the app sees it, and counted as it arrives: a `Content-Length` that lies,
or a chunked body with no length at all, is cut off at the limit with 413 instead of being buffered.
"""

from __future__ import annotations

import asyncio
import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ziggurat.server.config import Settings
from ziggurat.server.http.limits import PerKey
from ziggurat.server.http.nesting import MAX_DEPTH, too_deep

_SAFE = ("GET", "HEAD", "OPTIONS")


async def answer(send: Send, status: int, code: str, message: str, close: bool = False) -> None:
    """A `{code, message}` response, written straight to ASGI. `close` ends the connection after it (the
    rest of an unread body is not worth reading)."""
    await send_json(send, status, json.dumps({"code": code, "message": message}).encode(), close)


async def send_json(send: Send, status: int, body: bytes, close: bool = False) -> None:
    """A response of JSON already encoded, written straight to ASGI (`close`: as `answer`'s)."""
    headers = [(b"content-length", str(len(body)).encode()), (b"content-type", b"application/json")]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def client_address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "?"


class Guard:
    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings
        self.limiter = PerKey(settings.http_rate, settings.http_burst)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.settings.max_body_bytes
        too_large = f"Request bodies are at most {limit} bytes."
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await answer(send, 413, "too-large", too_large, close=True)
            return
        if scope["method"] not in _SAFE and not self.limiter.allow(client_address(scope)):
            await answer(send, 429, "rate-limited", "Too many requests; slow down.")
            return
        try:
            async with asyncio.timeout(self.settings.body_timeout):
                body = await _read_body(receive, limit)
        except TimeoutError:
            await answer(
                send, 408, "request-timeout", "The request body took too long to arrive.", close=True
            )
            return
        except _Gone:
            return
        if body is None:
            await answer(send, 413, "too-large", too_large, close=True)
            return
        if too_deep(body):
            await answer(send, 422, "malformed", f"JSON may nest at most {MAX_DEPTH} levels of [ and {{.")
            return
        await self.app(scope, replay(body, receive), send)


class _Gone(Exception):
    """The client disconnected before its body was complete."""


async def _read_body(receive: Receive, limit: int) -> bytes | None:
    """The whole body, or None once it passes `limit` bytes (the rest is never read)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            raise _Gone
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def replay(body: bytes, receive: Receive) -> Receive:
    """A `receive` that hands the app the body already read, then passes on (a disconnect, say)."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay
