"""A websocket on plain ASGI, and the middleware that routes play sockets to it.

Play is the server's hottest path: a message in and two or three out per move, per player. Starlette's
WebSocket, FastAPI's routing and the exception middleware's wrappers put several layers of Python
around every one of those messages; here they go straight to uvicorn. (The lobby keeps FastAPI.)
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ziggurat.server.accounts.sessions import cookie_secret, cross_origin

PREFIX = "/ws/tables/"


class Socket:
    """What the play handler needs of a websocket: accept, receive, send text, close."""

    def __init__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self._receive = receive
        self._send = send
        client = scope.get("client")
        self.address = str(client[0]) if client else "?"
        self.connected = False  # accepted, and neither side has closed it
        # A signed-in browser's session (its cookie), unless the page that opened the socket is another
        # site's: that page may watch like anyone, never play the account's seats.
        self.session = None if cross_origin(scope) else cookie_secret(scope)

    async def accept(self) -> bool:
        """False if the client went away before the handshake completed."""
        if (await self._receive())["type"] != "websocket.connect":
            return False
        await self._send({"type": "websocket.accept"})
        self.connected = True
        return True

    async def receive(self) -> Message:
        message = await self._receive()
        if message["type"] == "websocket.disconnect":
            self.connected = False
        return message

    async def send_text(self, text: str) -> None:
        await self._send({"type": "websocket.send", "text": text})

    async def close(self, code: int = 1000) -> None:
        if self.connected:
            self.connected = False
            await self._send({"type": "websocket.close", "code": code})


Handler = Callable[[Socket, str, Any], Awaitable[None]]


class PlaySockets:
    """Routes `/ws/tables/{id}` websockets to `handler(socket, table_id, app_state)`; everything else
    goes on to the app."""

    def __init__(self, app: ASGIApp, handler: Handler) -> None:
        self.app = app
        self.handler = handler

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] == "websocket" and path.startswith(PREFIX) and "/" not in path[len(PREFIX) :]:
            await self.handler(Socket(scope, receive, send), path[len(PREFIX) :], scope["app"].state)
            return
        await self.app(scope, receive, send)
