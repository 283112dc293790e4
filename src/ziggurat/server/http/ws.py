"""The websocket for play: one per client, at /ws/tables/{id}. Protocol: docs/server.md.

The first message is a hello (with a seat token to play, without one to watch). Every refusal is an
`error` message with a stable code; none of them changes anything, and the socket stays open.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import orjson

from ziggurat.server.accounts.tokens import hash_token
from ziggurat.server.cluster.buckets import SiteBuckets
from ziggurat.server.cluster.handle import Handle
from ziggurat.server.cluster.socket_cap import SocketCap
from ziggurat.server.config import Settings
from ziggurat.server.errors import Refused
from ziggurat.server.hall import Hall, address_key
from ziggurat.server.http.limits import Bucket
from ziggurat.server.http.socket import Socket
from ziggurat.server.table import messages
from ziggurat.server.table.chat import check_text, too_many
from ziggurat.server.table.conn import Conn, encode
from ziggurat.server.table.seating import clean_name

MAX_STRIKES = 200  # refused-for-rate messages before the socket is closed


class Bad(Exception):
    def __init__(self, code: str, message: str) -> None:
        self.code, self.message = code, message


def _int(msg: dict[str, Any], key: str, required: bool) -> int | None:
    v = msg.get(key)
    if v is None and not required:
        return None
    if not isinstance(v, int) or isinstance(v, bool):
        raise Bad("malformed", f"'{key}' must be an integer.")
    return v


async def _writer(ws: Socket, conn: Conn) -> None:
    with contextlib.suppress(Exception):
        while (text := await conn.outbox.get()) is not None:
            await ws.send_text(text)
    if conn.dropped:
        with contextlib.suppress(Exception):
            await ws.close(conn.close_code)


async def _refuse(ws: Socket, code: str, message: str) -> None:
    """Accept only to say why not (a browser can't read a refused handshake), then close."""
    if not await ws.accept():
        return
    with contextlib.suppress(Exception):
        await ws.send_text(encode(messages.error(code, message)))
        await ws.close(1008)


async def play(ws: Socket, table_id: str, state: Any) -> None:
    """One client's websocket at /ws/tables/{table_id} (routed by socket.PlaySockets)."""
    h: Hall = state.hall
    settings: Settings = state.settings
    cap: SocketCap = state.sockets
    place = await cap.enter(ws.address)
    if place is None:
        n = settings.max_sockets_per_address
        await _refuse(ws, "too-many-sockets", f"At most {n} connections at once from one address.")
        return
    try:
        await _play(ws, h, settings, table_id, _chat_budget(state.chat_limits, ws.address))
    finally:
        await cap.leave(place)


ChatBudget = Callable[[], Awaitable[bool]]


def _chat_budget(limits: SiteBuckets, address: str) -> ChatBudget:
    """One more chat message from this socket's address, over all its sockets (False: too many)."""
    key = address_key(address)

    async def take() -> bool:
        return await limits.take(key)

    return take


async def _play(ws: Socket, h: Hall, settings: Settings, table_id: str, chat_budget: ChatBudget) -> None:
    if not await ws.accept():
        return
    conn = Conn(max_queue=settings.send_queue)
    writer = asyncio.create_task(_writer(ws, conn))
    handle: Handle | None = None
    try:
        try:
            handle = await h.handle(table_id)
        except Refused as e:
            conn.send(messages.error(e.code, e.message))
            conn.close()
            await writer
            with contextlib.suppress(Exception):
                await ws.close(4404)
            return
        with h.held(table_id):  # from the handshake on, not only once attached
            by_session = _account_seat(h, table_id, ws.session)
            await _serve(ws, conn, handle, settings, _Asks(by_session, chat_budget))
    finally:
        if handle is not None and conn.attached:
            with contextlib.suppress(Exception):
                await handle.socket(conn, "bye", {})
        conn.close()
        with contextlib.suppress(BaseException):  # flush what is queued (a last error), briefly
            await asyncio.wait_for(writer, 1.0)
        with contextlib.suppress(Exception):
            await ws.close()


SeatBySession = Callable[[], Awaitable[str | None]]


@dataclass(frozen=True)
class _Asks:
    """What handling a message may need to ask beyond the message: the signed-in account's seat, and
    the address's chat budget."""

    by_session: SeatBySession
    chat_budget: ChatBudget


def _account_seat(h: Hall, table_id: str, session: str | None) -> SeatBySession:
    """For a hello without a token: the token hash of the signed-in account's seat here, if any."""

    async def find() -> str | None:
        return None if session is None else await h.store.accounts.session_seat(hash_token(session), table_id)

    return find


async def _serve(ws: Socket, conn: Conn, handle: Handle, settings: Settings, asks: _Asks) -> None:
    bucket = Bucket(settings.ws_rate, settings.ws_burst)
    strikes = 0
    while True:
        if conn.attached:
            m = await ws.receive()
        else:  # a socket that never says hello is not kept
            try:
                async with asyncio.timeout(settings.hello_timeout):
                    m = await ws.receive()
            except TimeoutError:
                conn.send(messages.error("hello-timeout", "Say hello first; this socket waited too long."))
                conn.close()
                return
        if m["type"] == "websocket.disconnect":
            return
        if conn.dropped:
            return
        text = m.get("text")
        if not bucket.allow():
            strikes += 1
            conn.send(messages.error("rate-limited", "Too many messages; slow down."))
            if strikes > MAX_STRIKES:  # (closed with 1008 on the way out)
                conn.close()
                return
            continue
        if text is None:
            conn.send(messages.error("malformed", "Send JSON text frames."))
            continue
        if len(text) > settings.max_message_bytes or len(text.encode()) > settings.max_message_bytes:
            conn.send(
                messages.error("too-large", f"Messages are at most {settings.max_message_bytes} bytes.")
            )
            continue
        ref = None
        try:
            msg = orjson.loads(text)
            if not isinstance(msg, dict):
                raise Bad("malformed", "A message is a JSON object with a 'type'.")
            ref = msg.get("ref")
            if not (ref is None or (isinstance(ref, str | int) and len(str(ref)) <= 64)):
                ref = None
                raise Bad("malformed", "'ref' is a short string or number.")
            await _handle(conn, handle, msg, ref, asks)
        except orjson.JSONDecodeError:  # nested too deeply (2,000 brackets) included
            conn.send(messages.error("malformed", "Not valid JSON."))
        except Bad as e:
            conn.send(messages.error(e.code, e.message, ref))


async def _handle(conn: Conn, handle: Handle, msg: dict[str, Any], ref: Any, asks: _Asks) -> None:
    """Check a message's shape here; what it asks of the table is answered by the table, on `conn`."""
    kind = msg.get("type")
    if kind == "ping":
        conn.send(messages.pong(ref))
        return
    if kind == "hello":
        if conn.attached:
            raise Bad("hello-once", "Say hello once per connection; send 'sync' to catch up.")
        token = msg.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > 128):
            raise Bad("malformed", "'token' must be a string.")
        since = _int(msg, "version", required=False)
        chat_since = _int(msg, "chat", required=False)
        name = msg.get("name")
        if name is not None:
            if not isinstance(name, str):
                raise Bad("malformed", "'name' must be a string.")
            try:
                name = clean_name(name)
            except Refused as e:
                raise Bad(e.code, e.message) from None
        th = hash_token(token) if token else await asks.by_session()
        args = {"token_hash": th, "since": since, "chat": chat_since, "name": name}
        await handle.socket(conn, "hello", args, ref)
        return
    if not conn.attached:
        raise Bad("hello-first", "Start with a 'hello' message.")
    if kind == "sync":
        await handle.socket(conn, "sync", {"since": _int(msg, "version", required=False)}, ref)
    elif kind == "act":
        action = msg.get("action")
        if not isinstance(action, str) or not 0 < len(action) <= 200:
            raise Bad("malformed", "'action' must be a short string.")
        version = _int(msg, "version", required=True)
        seat = _int(msg, "seat", required=False)
        await handle.socket(conn, "act", {"action": action, "version": version, "seat": seat}, ref)
    elif kind == "undo":  # take back one's own last action (engine/undo.py says when)
        await handle.socket(conn, "undo", {"version": _int(msg, "version", required=True)}, ref)
    elif kind in ("auto-pass", "spectator-chat"):
        on = msg.get("on")
        if not isinstance(on, bool):
            raise Bad("malformed", "'on' must be true or false.")
        await handle.socket(conn, kind, {"on": on}, ref)
    elif kind == "chat":
        text = msg.get("text")
        if not isinstance(text, str):
            raise Bad("malformed", "'text' must be a string.")
        try:  # (the table checks it again; a message it would refuse need not travel there, nor count)
            check_text(text)
        except Refused as e:
            raise Bad(e.code, e.message) from None
        if not await asks.chat_budget():
            refused = too_many("your address")
            raise Bad(refused.code, refused.message)
        await handle.socket(conn, "chat", {"text": text}, ref)
    else:
        raise Bad("unknown-type", messages.UNKNOWN_TYPE)
