"""Finished games' histories: the public log (GET /api/tables/{id}/log) and the replay viewer's pages
(GET /api/tables/{id}/replay), served without replaying a game on the event loop, and bounded per
client address.

A finished game never changes, so its public log is replayed once, the first time someone asks, and
kept encoded (`CACHED_BYTES` of logs at most, least recently used going first): every later answer is
its bytes with the table's current description in front. Replaying a game, and computing a replay
page, runs in one worker thread, so the loop keeps serving everything else meanwhile (one thread: the
work is Python, and more threads would only share the one interpreter lock among more of it). Several
requests for a game not yet replayed wait for the same replay.

One client address may ask for `history_rate` of these a second (`history_burst` at once), and start
a replay of a game not in memory a tenth as often: beyond either, 429 `rate-limited`.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from pydantic import TypeAdapter

from ziggurat.engine import Json
from ziggurat.server.config import Settings
from ziggurat.server.errors import Refused
from ziggurat.server.http.limits import PerKey
from ziggurat.server.http.replay_schemas import ReplayPage
from ziggurat.server.http.schemas import LogEntry, TableInfo
from ziggurat.server.table.history import public_log, replay
from ziggurat.server.table.replays import Replay, Replays
from ziggurat.store import TableRecord

CACHED_BYTES = 32 * 1024 * 1024  # encoded public logs kept (a 1,600-move Faiths game's is ~250 KB)
BUILDS_PER_ASK = 10  # a replay of a game not in memory counts against a tenth of the address's rate

T = TypeVar("T")
Actions = Callable[[], Awaitable[list[tuple[int, str]]]]  # reads a table's log from the store
_TABLE = TypeAdapter(TableInfo)
_LOG = TypeAdapter(list[LogEntry])
_NAMES = TypeAdapter(list[str])
_PAGE = TypeAdapter(ReplayPage)


def too_many() -> Refused:
    return Refused("rate-limited", "Too many requests for finished games' histories; slow down.", 429)


class Histories:
    def __init__(self, settings: Settings, cached_bytes: int = CACHED_BYTES) -> None:
        self.replays = Replays()
        self.logs: OrderedDict[str, bytes] = OrderedDict()  # table id -> `"names":[...],"log":[...]`
        self.cached_bytes = cached_bytes
        self._size = 0
        self._pending: dict[tuple[str, str], asyncio.Future[Any]] = {}
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="history")
        self.asks = PerKey(settings.history_rate, settings.history_burst)
        self.builds = PerKey(
            settings.history_rate / BUILDS_PER_ASK, max(1.0, settings.history_burst / BUILDS_PER_ASK)
        )

    def ask(self, address: str) -> None:
        """One more request for a finished game's history from `address`, or 429."""
        if not self.asks.allow(address):
            raise too_many()

    async def public_log(self, rec: TableRecord, table: Json, actions: Actions, address: str) -> bytes:
        """The public log of this finished table, encoded, with `table` (its description now) in front."""
        found = self.logs.get(rec.id)
        if found is not None:
            self.logs.move_to_end(rec.id)
        else:
            found = await self._once("log", rec.id, address, lambda: self._build_log(rec, actions))
        return b'{"table":' + _TABLE.dump_json(_TABLE.validate_python(table)) + b"," + found + b"}"

    async def _build_log(self, rec: TableRecord, actions: Actions) -> bytes:
        body = await self._off_loop(_encoded_log, rec, await actions())
        self.logs[rec.id] = body
        self._size += len(body)
        while self._size > self.cached_bytes and len(self.logs) > 1:
            self._size -= len(self.logs.popitem(last=False)[1])
        return body

    async def replay_page(
        self,
        rec: TableRecord,
        actions: Actions,
        address: str,
        first: int,
        count: int,
        seat: int | None,
        with_log: bool,
    ) -> bytes:
        """A page of this finished table's replay, encoded (server/table/replays.py says what it holds)."""
        found = self.replays.get(rec.id)
        if found is None:
            found = await self._once("replay", rec.id, address, lambda: self._build_replay(rec, actions))
        count = found.check(first, count, seat)
        return await self._off_loop(_encoded_page, found, rec, first, count, seat, with_log)

    async def _build_replay(self, rec: TableRecord, actions: Actions) -> Replay:
        return self.replays.keep(await self._off_loop(Replay, rec, await actions()))

    async def _once(self, kind: str, table_id: str, address: str, build: Callable[[], Awaitable[T]]) -> T:
        """What `build` makes, made once however many ask for it meanwhile; starting it counts against
        the address's replays."""
        key = (kind, table_id)
        pending = self._pending.get(key)
        if pending is None:
            if not self.builds.allow(address):
                raise too_many()
            pending = self._pending[key] = asyncio.ensure_future(build())
            pending.add_done_callback(lambda f: self._done(key, f))
        result: T = await asyncio.shield(pending)  # (one asker leaving doesn't stop it for the others)
        return result

    def _done(self, key: tuple[str, str], f: asyncio.Future[Any]) -> None:
        del self._pending[key]  # (a failed one is tried again by the next request)
        if not f.cancelled():
            f.exception()  # (seen: its askers got it, or all of them had gone)

    async def _off_loop(self, f: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._worker, f, *args)

    def close(self) -> None:
        self._worker.shutdown(wait=False, cancel_futures=True)


def _encoded_log(rec: TableRecord, actions: list[tuple[int, str]]) -> bytes:
    """`"names":[...],"log":[...]` of a finished game's public log (its table is put in front later)."""
    log = public_log(rec, replay(rec, actions), {})
    return (
        b'"names":'
        + _NAMES.dump_json(log["names"])
        + b',"log":'
        + _LOG.dump_json(_LOG.validate_python(log["log"]))
    )


def _encoded_page(
    found: Replay, rec: TableRecord, first: int, count: int, seat: int | None, with_log: bool
) -> bytes:
    page = found.page(rec, first, count, seat, with_log)
    return _PAGE.dump_json(_PAGE.validate_python(page), by_alias=True)
