"""The hall: every live table's actor, by id; creates tables and rebuilds them from the store."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any

from ziggurat.engine import IllegalAction, Json, registry, secret_seed
from ziggurat.server import seating
from ziggurat.server.bots import BotRunner
from ziggurat.server.config import Settings
from ziggurat.server.errors import Refused, not_found
from ziggurat.server.table import Table, summary
from ziggurat.server.tokens import new_token
from ziggurat.store import SeatRecord, Store, TableRecord
from ziggurat.store.records import Status

log = logging.getLogger("ziggurat.server")


class Hall:
    def __init__(self, store: Store, bots: BotRunner, settings: Settings) -> None:
        self.store = store
        self.bots = bots
        self.settings = settings
        self.tables: dict[str, Table] = {}
        self._loading = asyncio.Lock()

    async def restore(self) -> int:
        """Bring back every open and running table (after a restart or a crash)."""
        ids = await self.store.table_ids(("open", "running"))
        for tid in ids:
            try:
                await self.get(tid)
            except Refused as e:  # one broken table must not keep the server down
                log.error("table %s not restored: %s", tid, e.message)
        return len(self.tables)

    async def create(
        self, game_id: str, options: dict[str, Any], players: int, name: str
    ) -> tuple[Table, str]:
        try:
            game = registry.get(game_id)
            opts = game.options_json(game.options(options))
        except IllegalAction as e:
            raise Refused(e.code, e.message) from None
        lo, hi = game.info.min_players, game.info.max_players
        if not lo <= players <= hi:
            raise Refused("bad-players", f"{game.info.name} is for {lo}-{hi} players.")
        token, token_hash = new_token()
        rec = TableRecord(
            id=secrets.token_urlsafe(6),
            game=game.info.id,
            options=opts,
            players=players,
            # 128 secret bits: the keyed stream, so no public fact or hand narrows down the deck order.
            seed=secret_seed(),
            order_seed=secrets.randbits(63),
            host=0,
            created_at=time.time(),
            seats=[SeatRecord(0, "human", seating.clean_name(name), token_hash)]
            + [SeatRecord(i) for i in range(1, players)],
        )
        await self.store.create_table(rec)
        table = self._adopt(rec)
        return table, token

    async def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        async with self._loading:
            table = self.tables.get(table_id)
            if table is None:
                rec = await self.store.get_table(table_id) if len(table_id) <= 32 else None
                if rec is None:
                    raise not_found()
                table = self._adopt(rec)
                try:
                    await table.restore(await self.store.actions(table_id))
                except Exception as e:
                    log.exception("table %s: its log does not replay", table_id)
                    del self.tables[table_id]
                    await table.stop()
                    raise Refused("table-broken", "This table's log no longer replays.", 500) from e
            return table

    def _adopt(self, rec: TableRecord) -> Table:
        table = Table(rec, self.store, self.bots, self.settings, on_idle=self._idle)
        self.tables[rec.id] = table
        return table

    def _idle(self, table: Table) -> None:
        """A finished table nobody watches leaves memory; the store still has it."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
            asyncio.get_running_loop().call_soon(lambda: asyncio.ensure_future(table.stop()))

    async def listing(self, status: Status | None, limit: int = 100) -> list[Json]:
        out = []
        for rec in await self.store.list_tables(status, limit):
            live = self.tables.get(rec.id)
            out.append(live.summary() if live is not None else summary(rec, rec.version, set()))
        return out

    async def close(self) -> None:
        tables, self.tables = list(self.tables.values()), {}
        await asyncio.gather(*(t.stop() for t in tables), return_exceptions=True)
