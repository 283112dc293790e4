"""uvicorn's HTTP protocol with a deadline for request headers.

uvicorn times out idle keep-alive connections, but not a client that connects and then sends its
headers a byte at a time (or never): thousands of those would hold sockets for ever. Here each request
must finish its headers within `header_timeout` of its first byte or of the connection being made.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class HeaderDeadlineProtocol(HttpToolsProtocol):
    header_timeout: float = 10.0  # set per server by `with_header_timeout`

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def _arm(self) -> None:
        if self._header_deadline is None:
            self._header_deadline = self.loop.call_later(self.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._header_deadline is not None:
            self._header_deadline.cancel()
            self._header_deadline = None

    def _too_slow(self) -> None:
        self._header_deadline = None
        if not self.transport.is_closing():
            self.transport.close()


def with_header_timeout(seconds: float) -> type[HeaderDeadlineProtocol]:
    """The protocol class for one server (uvicorn takes a class, so the setting rides on a subclass)."""
    return type("HeaderDeadline", (HeaderDeadlineProtocol,), {"header_timeout": seconds})
