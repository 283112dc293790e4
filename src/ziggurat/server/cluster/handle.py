"""How a play socket or a lobby request reaches its table: where the table lives.

`LocalHandle` is a table in this process. (With several processes, a table owned by another one is
reached through the cluster instead, by the same calls: server/cluster/cluster.py, imported only then, so
that one process on its own never loads the Redis client.)
"""

from __future__ import annotations

from typing import Any, Protocol

from ziggurat.engine import Json
from ziggurat.server.table.conn import Conn
from ziggurat.server.table.table import Table

MOVED = 1012  # "service restart": the browser client reconnects, and finds the table's new owner


class OwnerGone(Exception):
    """The table's owner (another process) didn't answer: it died, or lost the table."""


class Handle(Protocol):
    table_id: str

    async def socket(self, conn: Conn, op: str, args: Json, ref: Any = None) -> None:
        """A play socket's request (hello, sync, act, auto-pass, bye), answered on the socket."""

    async def lobby(self, op: str, args: Json) -> tuple[Any, Json]:
        """A lobby command: its result and the table's summary after it."""


class LocalHandle:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.table_id = table.id

    async def socket(self, conn: Conn, op: str, args: Json, ref: Any = None) -> None:
        t = self.table
        await t.call(lambda: t.on_socket(conn, op, args, ref))

    async def lobby(self, op: str, args: Json) -> tuple[Any, Json]:
        t = self.table
        result = None if op == "summary" else await t.call(lambda: t.lobby(op, args))
        return result, t.summary()
