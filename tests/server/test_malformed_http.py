"""Requests that aren't HTTP, sent raw over a socket to a real server: the HTTP server answers 400 in
plain text and closes that connection (the one exception to `{code, message}`, docs/server.md), and
the site goes on serving everyone else, a connection kept open meanwhile included."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from .harness import ThreadServer, http

POST = b"POST /api/tables HTTP/1.1\r\nHost: a\r\n"
CHUNKED = b"Transfer-Encoding: chunked\r\n\r\n"
MALFORMED = {
    "length not a number": POST + b"Content-Type: application/json\r\nContent-Length: abc\r\n\r\n{}",
    "negative length": POST + b"Content-Length: -5\r\n\r\n{}",
    "two lengths": POST + b"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
    "length and chunked": POST + b"Content-Length: 2\r\n" + CHUNKED + b"2\r\n{}\r\n0\r\n\r\n",
    "bad chunk size": POST + CHUNKED + b"zz\r\n{}\r\n0\r\n\r\n",
    "garbage request line": b"HELLO THERE\r\n\r\n",
    "binary request line": b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n",
    "unknown version": b"GET /api/games HTTP/9.9\r\nHost: a\r\n\r\n",
    "header without colon": b"GET /api/games HTTP/1.1\r\nHost a\r\n\r\n",
}


async def exchange(server: ThreadServer, raw: bytes) -> bytes:
    """Send `raw` on a new connection; everything the server says until it closes the connection."""
    reader, writer = await asyncio.open_connection(*server.sock.getsockname()[:2])
    try:
        writer.write(raw)
        await writer.drain()
        async with asyncio.timeout(10):
            return await reader.read()  # (to the end: the server closes)
    finally:
        writer.close()


async def newest_table(api: httpx.AsyncClient) -> list[str]:
    return [t["id"] for t in (await api.get("/api/tables", params={"limit": 1})).json()]


@pytest.mark.parametrize("raw", MALFORMED.values(), ids=MALFORMED.keys())
async def test_not_http_gets_a_plain_400_and_the_server_goes_on(server: ThreadServer, raw: bytes) -> None:
    async with http(server.url) as kept:
        newest = await newest_table(kept)  # (on a keep-alive connection, open meanwhile)
        answer = await exchange(server, raw)
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 400 "), answer
        assert b"content-type: text/plain" in head.lower()
        assert b"connection: close" in head.lower()
        assert body == b"Invalid HTTP request received."
        assert await newest_table(kept) == newest  # (nothing was made) on the same connection
    async with http(server.url) as fresh:
        r = await fresh.post("/api/tables", json={"game": "zenith", "seats": 2, "name": "After"})
        assert r.status_code == 201, r.text
