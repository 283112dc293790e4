"""What a hall does as one process of several (server/cluster/cluster.py): hold a lease on each table it
loads, renew them, take over tables whose owner died, find the owner of a table loaded elsewhere,
answer the requests other processes send for its own tables, and hand its tables on when it closes.

Imported by the hall alone; the cluster, and the Redis client, load only with several processes."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING

from ziggurat.engine import Json
from ziggurat.server.cluster.handle import Handle, LocalHandle
from ziggurat.server.errors import Refused

if TYPE_CHECKING:
    from ziggurat.server.cluster.cluster import Cluster
    from ziggurat.server.hall import Hall
    from ziggurat.server.table.table import Table

log = logging.getLogger("ziggurat.server")


class Owned(Exception):
    """Another process holds this table's lease."""


def _moved_on(owners: dict[str, str], table_id: str, owner: str) -> bool:
    return owners.get(table_id) != owner


class Duties:
    def __init__(self, hall: Hall, cluster: Cluster) -> None:
        self.hall = hall
        self.cluster = cluster
        self.tasks: list[asyncio.Task[None]] = []  # leases renewed, orphans taken over, owners watched

    async def start(self) -> None:
        """Listen to the other processes, and run the duties: running tables are taken over as their
        owners' leases run out."""
        self.cluster.on_request = self.answer
        await self.cluster.start()
        lease = self.hall.settings.lease_seconds
        every = min(1.0, lease / 3)
        self.tasks = [
            asyncio.create_task(self._every(lease / 3, "renewing leases", self._renew), name="hall-renew"),
            asyncio.create_task(
                self._every(every, "taking over orphaned tables", self._adopt_orphans), name="hall-orphans"
            ),
            asyncio.create_task(self._every(every, "checking owners", self._watch_owners), name="hall-watch"),
        ]

    def owner(self) -> tuple[str, float]:
        """This process as a new table's first owner: (node, lease seconds)."""
        return self.cluster.node, self.hall.settings.lease_seconds

    async def acquire(self, table_id: str) -> int:
        """This process's lease on a table (its fence token), or Owned."""
        fence = await self.cluster.leases.acquire(table_id)
        if fence is None:
            raise Owned(table_id)
        return fence

    async def release(self, held: list[tuple[str, int | None]]) -> None:
        """Let these leases go, each (table, fence): parked, for whoever needs them next. A failure is
        let be (the leases run out by themselves)."""
        with contextlib.suppress(Exception):
            await self.cluster.leases.release([(tid, fence) for tid, fence in held if fence is not None])

    async def handle(self, table_id: str) -> Handle:
        """Where a table not loaded here lives: the process that owns it, or this one (loading it, if
        nobody else owns it)."""
        for _ in range(3):  # (a race for a free table: one process wins it, the others go there)
            held = await self.cluster.leases.holder(table_id) if len(table_id) <= 32 else None
            if held is not None and held[0] != self.cluster.node:
                from ziggurat.server.cluster.cluster import RemoteHandle

                return RemoteHandle(self.cluster, table_id, held[0])
            with contextlib.suppress(Owned):
                return LocalHandle(await self.hall.get(table_id))
        raise Refused("busy", "This table is changing servers; try again in a moment.", 503)

    async def close(self, tables: list[Table]) -> None:
        """A clean shutdown hands its tables on at once."""
        await self.release([(t.id, t.fence) for t in tables])
        await self.cluster.close()

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task

    async def answer(self, m: Json) -> None:
        """A request from another process for a table this one owns (or owned)."""
        cluster, table = self.cluster, self.hall.tables.get(m["t"])
        if m["k"] == "sock":
            key = (m["f"], m["c"])
            conn = cluster.remote.get(key)
            if table is None or (conn is None and m["op"] != "hello"):
                await cluster.publish(m["f"], {"k": "moved", "c": m["c"]})  # it reconnects and finds it
                return
            if conn is None:
                from ziggurat.server.cluster.cluster import RemoteConn

                conn = cluster.remote[key] = RemoteConn(cluster, *key)
            await LocalHandle(table).socket(conn, m["op"], m["a"], m.get("r"))
            if m["op"] == "bye" or not conn.attached:
                cluster.remote.pop(key, None)
            return
        answer: Json = {"k": "ans", "rid": m["rid"]}
        try:
            if table is None:
                answer["moved"] = True
            else:
                answer["ok"] = await LocalHandle(table).lobby(m["op"], m["a"])
        except Refused as e:
            answer["err"] = [e.code, e.message, e.status]
        await cluster.publish(m["from"], answer)

    async def _every(self, seconds: float, what: str, duty: Callable[[], Awaitable[None]]) -> None:
        """A duty, forever: a failure (the database away) is logged and retried."""
        while True:
            await asyncio.sleep(seconds)
            try:
                await duty()
            except Exception:
                log.exception("%s failed; trying again", what)

    async def _renew(self) -> None:
        """Renew this process's leases well before they run out; a table whose lease was taken over
        (this process paused or was cut off) is let go."""
        owned = [t for t in self.hall.tables.values() if t.fence is not None]
        kept = await self.cluster.leases.renew([t.id for t in owned])
        for table in owned:
            if table.id not in kept:
                self.hall.lost(table)

    async def _adopt_orphans(self) -> None:
        """Take over running tables whose owner died (its lease ran out): their bots play on."""
        for table_id in await self.cluster.leases.orphans():
            if table_id not in self.hall.tables:
                with contextlib.suppress(Owned, Refused):
                    await self.hall.get(table_id)

    async def _watch_owners(self) -> None:
        """Sockets of this process served by another: when that owner is gone (its lease ran out, or
        another process took over), close them with 1012 so that their clients reconnect and find the
        table's new owner (at most a resync for them)."""
        served = self.cluster.served_elsewhere()
        if served:
            owners = await self.cluster.leases.holders(list(served))
            self.cluster.drop_local(partial(_moved_on, owners))
