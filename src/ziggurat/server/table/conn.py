"""A connected client as a table sees it: who it is, what it has seen, and a bounded outbox."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import orjson

from ziggurat.server.table.chat import Rate


def encode(msg: dict[str, Any]) -> str:
    """JSON text for a websocket frame: orjson (several times json's speed), or json for what orjson
    refuses (an integer beyond 64 bits, which only a client's own `ref` could bring)."""
    try:
        return orjson.dumps(msg).decode()
    except orjson.JSONEncodeError:
        return json.dumps(msg, separators=(",", ":"))


class Conn:
    def __init__(self, token_hash: str | None = None, max_queue: int = 256) -> None:
        self.token_hash = token_hash
        self.seen = -1  # the last version whose log entries this client has been sent (-1: none)
        self.who: tuple[str, int | None] = ("spectator", None)  # (role, seat), as of this record:
        self.who_for: object = None  # (the table record `who` was worked out for)
        self.attached = False
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(max_queue)
        self.dropped = False
        self.close_code = 1008  # what the socket closes with once dropped (1012: go find the table)
        self.remote_id: str | None = None  # this socket's id on the wire, for a table in another process
        self.chat_name: str | None = None  # a spectator's name in the chat (players are named by their seat)
        self.chat_rate = Rate()  # its chat messages of late

    def send(self, msg: dict[str, Any]) -> None:
        """Queue a message; a client too slow to drain its outbox is cut off rather than buffered forever."""
        if not self.dropped:
            self.send_text(encode(msg))

    def send_text(self, text: str) -> None:
        """Queue a message already encoded (one encoding shared by every client that gets the same)."""
        if self.dropped:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.dropped = True
            while not self.outbox.empty():
                self.outbox.get_nowait()
            self.outbox.put_nowait(
                encode({"type": "error", "code": "too-slow", "message": "Too far behind."})
            )
            self.outbox.put_nowait(None)

    def close(self, code: int = 1008) -> None:
        if not self.dropped:
            self.dropped = True
            self.close_code = code
            with contextlib.suppress(asyncio.QueueFull):
                self.outbox.put_nowait(None)
