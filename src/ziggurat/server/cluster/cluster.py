"""Several server processes, one site: each table has one owner process at a time (a lease in
PostgreSQL, store/leases.py), and the processes talk through Redis.

A client may connect to any process. Its socket's requests for a table owned elsewhere go to the owner
(`RemoteHandle`), whose table sees that socket as a `RemoteConn`: what the table sends it comes back
through Redis to the process that holds the socket. The lobby's commands go the same way and wait for
the owner's answer. Each process listens on one channel of its own, `zig:node:<id>`, and publishes
through one task, so that a socket's requests, and a table's pushes to a process, keep their order.

When an owner dies, its leases run out; the sockets it served remotely are closed with 1012 (service
restart) and reconnect, to any process, which takes the table over from the stored log.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable, Coroutine
from typing import Any

import orjson
import redis.asyncio as aioredis
from redis.exceptions import RedisError

from ziggurat.engine import Json
from ziggurat.server.cluster.handle import MOVED, OwnerGone
from ziggurat.server.errors import Refused
from ziggurat.server.table import messages
from ziggurat.server.table.conn import Conn
from ziggurat.store import Leases, jsontext

log = logging.getLogger("ziggurat.server")


def channel(node: str) -> str:
    return f"zig:node:{node}"


class RemoteConn(Conn):
    """A socket held by another process, as a table of this one sees it."""

    def __init__(self, cluster: Cluster, node: str, conn_id: str) -> None:
        super().__init__(max_queue=1)
        self.cluster, self.node, self.conn_id = cluster, node, conn_id

    def send_text(self, text: str) -> None:
        if not self.dropped:
            self.cluster.deliver(self.node, [self.conn_id, text])

    def close(self, code: int = 1008) -> None:
        if not self.dropped:
            self.dropped = True
            self.cluster.deliver(self.node, [self.conn_id, None, code])


Requests = Callable[[Json], Coroutine[Any, Any, None]]


class Cluster:
    def __init__(self, redis_url: str, leases: Leases) -> None:
        self.leases = leases
        self.node = leases.node
        self.redis: aioredis.Redis = aioredis.Redis.from_url(redis_url)
        self.on_request: Requests | None = None  # the hall: a request for a table of this process
        self.local: dict[str, Conn] = {}  # this process's sockets attached to tables owned elsewhere
        self.local_table: dict[str, tuple[str, str]] = {}  # conn id -> (table, owner)
        self.remote: dict[tuple[str, str], RemoteConn] = {}  # (node, conn id) -> socket held there
        self._pending: dict[str, list[Any]] = {}  # node -> pushes not yet published
        self._queue: asyncio.Queue[tuple[str, bytes, asyncio.Future[int] | None]] = asyncio.Queue()
        self._answers: dict[str, asyncio.Future[Any]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._running: set[asyncio.Task[None]] = set()  # requests being answered

    async def start(self) -> None:
        self._tasks = [
            asyncio.create_task(self._publish_forever(), name="cluster-publish"),
            asyncio.create_task(self._listen_forever(), name="cluster-listen"),
        ]

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        while pending := [t for t in self._tasks if not t.done()]:
            # redis-py swallows a cancellation that comes while it connects: cancel again until it takes
            await asyncio.wait(pending, timeout=0.2)
            for task in pending:
                task.cancel()
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    # --- sending ---------------------------------------------------------------------------------------
    def deliver(self, node: str, item: list[Any]) -> None:
        """A push for a socket held by `node` (None: close it), sent with the others of this moment."""
        batch = self._pending.get(node)
        if batch is None:
            self._pending[node] = batch = []
            asyncio.get_running_loop().call_soon(self._flush, node)
        batch.append(item)

    def _flush(self, node: str) -> None:
        items = self._pending.pop(node, [])
        if items:
            self._queue.put_nowait((channel(node), orjson.dumps({"k": "out", "m": items}), None))

    async def publish(self, node: str, message: Json) -> int:
        """Send to a process; how many listened (0: it is gone)."""
        heard: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((channel(node), orjson.dumps(message), heard))
        return await heard

    async def request(self, node: str, message: Json, timeout: float = 5.0) -> Any:
        """Ask a process, and wait for its answer (OwnerGone if it doesn't)."""
        rid = secrets.token_hex(8)
        answer: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._answers[rid] = answer
        try:
            if not await self.publish(node, {**message, "rid": rid, "from": self.node}):
                raise OwnerGone(node)
            async with asyncio.timeout(timeout):
                return await answer
        except TimeoutError:
            raise OwnerGone(node) from None
        finally:
            self._answers.pop(rid, None)

    async def _publish_forever(self) -> None:
        """One publisher, one connection, in order (pipelined: one round trip for what is queued)."""
        while True:
            batch = [await self._queue.get()]
            while not self._queue.empty() and len(batch) < 256:
                batch.append(self._queue.get_nowait())
            delay = 0.05
            while True:
                try:
                    async with self.redis.pipeline(transaction=False) as pipe:
                        for ch, data, _ in batch:
                            pipe.publish(ch, data)
                        heard = await pipe.execute()
                    break
                except RedisError:  # Redis restarting: hold everything, in order, and try again
                    log.warning("Redis unreachable; retrying in %.1f s", delay)
                    await asyncio.sleep(delay)
                    delay = min(2.0, delay * 2)
            for (_, _, fut), n in zip(batch, heard, strict=True):
                if fut is not None and not fut.done():
                    fut.set_result(int(n))

    # --- receiving -------------------------------------------------------------------------------------
    async def _listen_forever(self) -> None:
        while True:
            try:
                pubsub = self.redis.pubsub()
                await pubsub.subscribe(channel(self.node))
                async for raw in pubsub.listen():
                    if raw["type"] == "message":
                        self._receive(jsontext.loads(raw["data"]))
            except (RedisError, OSError):
                # Pushes may have been lost meanwhile: sockets served from elsewhere start afresh.
                log.warning("lost Redis; reconnecting, and resyncing the sockets served from elsewhere")
                self.drop_local(lambda table, owner: True)
                await asyncio.sleep(0.2)

    def _receive(self, m: Json) -> None:
        kind = m["k"]
        if kind == "out":
            for conn_id, text, *code in m["m"]:
                conn = self.local.get(conn_id)
                if conn is None:
                    continue
                if text is None:  # the owner closed it
                    self.forget(conn_id)
                    conn.close(*code)
                else:
                    conn.send_text(text)
        elif kind == "ans":
            answer = self._answers.get(m["rid"])
            if answer is not None and not answer.done():
                answer.set_result(m)
        elif kind == "moved":  # its owner no longer has the table: the client reconnects and finds it
            conn = self.local.get(m["c"])
            if conn is not None:
                self.forget(m["c"])
                conn.send(messages.error("moved", "This table moved to another server; reconnecting."))
                conn.close(MOVED)
        elif self.on_request is not None:  # "sock" or "lobby": for a table of ours
            # A task each, started in arrival order: a table's commands take their turns in that order.
            task = asyncio.create_task(self.on_request(m))
            self._running.add(task)
            task.add_done_callback(self._running.discard)

    # --- bookkeeping of sockets ------------------------------------------------------------------------
    def adopt(self, conn: Conn, table_id: str, owner: str) -> str:
        """This socket talks to a table owned by `owner`: its id on the wire."""
        if conn.remote_id is None:
            conn.remote_id = secrets.token_hex(8)
        self.local[conn.remote_id] = conn
        self.local_table[conn.remote_id] = (table_id, owner)
        return conn.remote_id

    def forget(self, conn_id: str) -> None:
        self.local.pop(conn_id, None)
        self.local_table.pop(conn_id, None)

    def drop_local(self, which: Callable[[str, str], bool]) -> int:
        """Close (1012: reconnect) the sockets served from elsewhere that `which(table, owner)` picks."""
        gone = [cid for cid, (table, owner) in self.local_table.items() if which(table, owner)]
        for cid in gone:
            conn = self.local.get(cid)
            self.forget(cid)
            if conn is not None:
                conn.close(MOVED)
        return len(gone)

    def served_elsewhere(self) -> dict[str, str]:
        """Tables this process's sockets reach through another process: table -> owner."""
        return dict(self.local_table.values())


class RemoteHandle:
    """A table owned by another process: requests go there, answers come back on the socket (or, for
    the lobby, as the request's answer)."""

    def __init__(self, cluster: Cluster, table_id: str, owner: str) -> None:
        self.cluster, self.table_id, self.owner = cluster, table_id, owner

    async def socket(self, conn: Conn, op: str, args: Json, ref: Any = None) -> None:
        cluster = self.cluster
        cid = cluster.adopt(conn, self.table_id, self.owner)
        if op == "hello":
            conn.attached = True  # (here; the owner answers with welcome, or with a refusal)
        message = {
            "k": "sock",
            "t": self.table_id,
            "c": cid,
            "op": op,
            "a": args,
            "r": ref,
            "f": cluster.node,
        }
        heard = await cluster.publish(self.owner, message)
        if op == "bye":
            cluster.forget(cid)
        elif not heard:  # the owner is gone: reconnect, and find the table where it is now
            cluster.forget(cid)
            conn.send(messages.error("moved", "This table moved to another server; reconnecting.", ref))
            conn.close(MOVED)

    async def lobby(self, op: str, args: Json) -> tuple[Any, Json]:
        answer = await self.cluster.request(
            self.owner, {"k": "lobby", "t": self.table_id, "op": op, "a": args}
        )
        if "err" in answer:
            code, message, status = answer["err"]
            raise Refused(code, message, status)
        if answer.get("moved"):
            raise OwnerGone(self.owner)
        result, summary = answer["ok"]
        return result, summary
