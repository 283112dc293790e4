"""The hall: the tables loaded in memory, by id; creates tables, loads them from the store, and keeps
memory bounded.

Memory holds the tables someone is at (a connection, a command in flight, a bot thinking) and at most
`max_idle_tables` others, least recently used going first; finished tables nobody watches leave at once.
Everything else is served from the store: a table comes back by replaying its log when someone needs
it. Open tables nobody has touched for `open_table_ttl` are removed, and one client address may have at
most `max_open_tables_per_address` open at once. With several processes, what the hall does as one of
them (leases, tables taken over, other processes' requests) is cluster_duties.py's.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import logging
import secrets
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ziggurat.engine import IllegalAction, Json, registry, secret_seed
from ziggurat.server import memory
from ziggurat.server.accounts.tokens import new_token
from ziggurat.server.broken import BrokenTables, broken
from ziggurat.server.cluster.duties import Duties
from ziggurat.server.cluster.handle import MOVED, Handle, LocalHandle, OwnerGone
from ziggurat.server.config import Settings
from ziggurat.server.errors import Refused, not_found, too_many_tables
from ziggurat.server.table import ratings, seating
from ziggurat.server.table.bots import BotRunner
from ziggurat.server.table.clocks import TimeControl
from ziggurat.server.table.history import public_log, replay
from ziggurat.server.table.table import Table
from ziggurat.server.table.views import summary
from ziggurat.store import Restoring, SeatRecord, Store, TableRecord
from ziggurat.store.records import Status

if TYPE_CHECKING:  # (the cluster, and the Redis client, load only with several processes)
    from ziggurat.server.cluster.cluster import Cluster

log = logging.getLogger("ziggurat.server")


def address_key(address: str) -> str:
    """What the store keeps of a client's address (enough to count its open tables, no more)."""
    return hashlib.blake2b(address.encode(), digest_size=16, person=b"ziggurat-client").hexdigest()


class Hall:
    def __init__(
        self, store: Store, bots: BotRunner, settings: Settings, cluster: Cluster | None = None
    ) -> None:
        self.cluster = cluster  # other processes share the database (None: this one serves alone)
        self._stopping: set[asyncio.Task[None]] = set()
        self.store = store
        self.bots = bots
        self.settings = settings
        self.tables: dict[str, Table] = {}
        self._loading = asyncio.Lock()
        self._trim_soon = False
        # The tables that said they fell idle and have not been used since, the longest idle first: what
        # a trim after a command looks at (the sweeper's full trims look at every table).
        self._idle: dict[str, Table] = {}
        self._finished: list[Table] = []  # finished tables among them, to unload at the next trim
        self._sweeper: asyncio.Task[None] | None = None
        self._restorer: asyncio.Task[None] | None = None
        self._loaded: set[str] = set()  # tables loaded while the restorer runs (it skips them)
        # With several processes: leases, tables taken over, other processes' requests.
        self.duties = None if cluster is None else Duties(self, cluster)
        self._unloaded = 0  # tables unloaded or removed since memory was last given back
        self.broken = BrokenTables()  # tables that failed to load, until they are tried again

    async def restore(self) -> int:
        """After a restart or a crash: start bringing back the running tables, in the background (their
        bots play on), and the sweeper. The server serves meanwhile: a request for a table not back yet
        loads it on the spot. Open and finished tables load when someone needs them."""
        self._sweeper = asyncio.create_task(self._sweep_forever(), name="hall-sweeper")
        if self.duties is not None:  # running tables are taken over as their owners' leases run out
            await self.duties.start()
            return 0
        ids = await self.store.table_ids(("running",))
        self._restorer = asyncio.create_task(self._restore(ids), name="hall-restore")
        return len(ids)

    async def _restore(self, ids: list[str], chunk: int = 1000) -> None:
        started, restored, snapped, replayed = time.monotonic(), 0, 0, 0
        chunks = [ids[i : i + chunk] for i in range(0, len(ids), chunk)]
        # The next chunk is read while this one replays (on PostgreSQL; SQLite's reads run on the loop,
        # so there it is read between two tables). (Chunks of 200 were read while the one before
        # replayed: slower, measured, from snapshots and in full, as the reading thread and the replay
        # take turns with the GIL; so one read for the first thousand tables.)
        reading = asyncio.ensure_future(self._read(chunks[0])) if chunks else None
        try:
            for k in range(len(chunks)):
                assert reading is not None
                recs, got, lasts = await reading
                reading = asyncio.ensure_future(self._read(chunks[k + 1])) if k + 1 < len(chunks) else None
                for rec in recs:
                    async with self._loading:
                        if rec.id in self._loaded:  # a request loaded it first (and may have changed it)
                            continue
                        collecting = gc.isenabled()
                        # A table's many small objects (its log's events) are made with the collector
                        # paused (a collection every 700 of them rescanned every table rebuilt before:
                        # most of the rebuild's time), then frozen, as the server freezes what it
                        # made at its start: they hold no reference cycles (game states don't), so
                        # when the table leaves memory its objects go by their reference counts.
                        gc.disable()
                        try:
                            table = await self._load(rec, got[rec.id], lasts.get(rec.id))
                        except Refused:  # one broken table must not keep the others down (logged)
                            continue
                        finally:
                            gc.freeze()
                            if collecting:
                                gc.enable()
                    restored += 1
                    snapped += table.snapshot_version > 0
                    replayed += table.version - max(0, table.snapshot_version)
                    await asyncio.sleep(0)  # requests get their turn between tables
        finally:
            if reading is not None:  # (stopped early: the server is closing)
                reading.cancel()
        log.info(
            "restored %d running tables (%d from snapshots, replaying %d actions) in %.2f s",
            restored,
            snapped,
            replayed,
            time.monotonic() - started,
        )
        self._loaded.clear()
        await self.trim(full=True)

    async def _read(
        self, ids: list[str]
    ) -> tuple[list[TableRecord], dict[str, Restoring], dict[str, tuple[int, float, str | None]]]:
        """The records and logs of these tables, and the last action of those with a clock (whose
        clocks resume from it): three queries for the lot."""
        recs = await self.store.get_tables(ids)
        got = await self.store.restoring([rec.id for rec in recs])
        timed = [rec.id for rec in recs if rec.clock is not None and rec.status == "running"]
        return recs, got, await self.store.last_actions(timed)

    # --- creating and loading --------------------------------------------------------------------------
    async def create(
        self,
        game_id: str,
        options: dict[str, Any],
        players: int,
        name: str,
        address: str = "?",
        clock: Json | None = None,
        account: str | None = None,
        rated: bool = False,
    ) -> tuple[Table, str]:
        """A new open table with its creator at seat 0 as host (`account`: a signed-in creator's), rated
        or friendly."""
        try:
            game = registry.get(game_id)
            opts = game.options_json(game.options(options))
        except IllegalAction as e:
            raise Refused(e.code, e.message) from None
        lo, hi = game.info.min_players, game.info.max_players
        if not lo <= players <= hi:
            raise Refused("bad-players", f"{game.info.name} is for {lo}-{hi} players.")
        control = TimeControl.parse(clock, self.settings.clock_floor)
        if rated and account is None:
            raise seating.rated_needs_account()
        rating = await ratings.shown(self.store, account, game.info.id)
        token, token_hash = new_token()
        now = time.time()
        rec = TableRecord(
            id=secrets.token_urlsafe(6),
            game=game.info.id,
            options=opts,
            players=players,
            # 128 secret bits: the keyed stream, so no public fact or hand narrows down the deck order.
            seed=secret_seed(),
            order_seed=secrets.randbits(63),
            host=0,
            created_at=now,
            touched_at=now,
            created_by=address_key(address),
            seats=[
                SeatRecord(0, "human", seating.clean_name(name), token_hash, account=account, rating=rating)
            ]
            + [SeatRecord(i) for i in range(1, players)],
            clock=None if control is None else control.to_json(),
            rated=rated,
        )
        cap = self.settings.max_open_tables_per_address
        owner = None if self.duties is None else self.duties.owner()
        if not await self.store.create_table(rec, max_open=cap, owner=owner):  # counted and created at once
            raise too_many_tables(cap)
        table = self._adopt(rec)
        table.fence = None if self.duties is None else 1
        table.chat.seq = 0  # (a new table: nothing said yet, no need to ask the store)
        self._fell_idle(table)
        return table, token

    async def rematch(self, table_id: str, old_hash: str, seat_hash: str, address: str) -> tuple[int, Json]:
        """Play again, at a finished table: the first player to ask makes the rematch and hosts it; a
        player who asks once it exists accepts their held seat there. (seat, the rematch's summary)."""
        new_id, seat = (
            await self.command(
                table_id, "rematch", token_hash=old_hash, seat_hash=seat_hash, created_by=address_key(address)
            )
        )[0]
        if seat is None:
            return await self.command(new_id, "accept", token_hash=old_hash, seat_hash=seat_hash)
        return seat, await self.summary(new_id)

    async def get(self, table_id: str) -> Table:
        """The table in memory, loading it (replaying its log) if need be."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        async with self._loading:
            table = self.tables.get(table_id)
            if table is None:
                self.broken.check(table_id)  # (not even read again before its wait is over)
                rec = await self.store.get_table(table_id) if len(table_id) <= 32 else None
                if rec is None:
                    raise not_found()
                table = await self._load(rec, (await self.store.restoring([table_id]))[table_id])
                self._fell_idle(table)
            return table

    async def _load(
        self, rec: TableRecord, got: Restoring, latest: tuple[int, float, str | None] | None = None
    ) -> Table:
        """Adopt a stored table and replay its log, from its snapshot if it has one (under the loading
        lock). With several processes, only once this one holds its lease (else Owned); the snapshot
        and the log are read again after that, so that nothing the former owner stored before losing
        the table is missed."""
        self.broken.check(rec.id)
        fence = None
        if self.duties is not None:
            fence = await self.duties.acquire(rec.id)
            fresh = await self.store.get_table(rec.id)
            rec = fresh if fresh is not None else rec
            got = (await self.store.restoring([rec.id]))[rec.id]
            latest = None  # (read again too, after the lease)
        # Registered once rebuilt: its rebuild may wait on the store (a snapshot that doesn't fit, the
        # clocks), and a request must never find it without its state. Others loading it meanwhile
        # wait on the loading lock, and then find it.
        table = self._make(rec)
        table.fence = fence
        if self._restorer is not None and not self._restorer.done():
            self._loaded.add(rec.id)
        try:
            await table.restore(got.actions, got.snapshot, got.last, latest)
        except Exception as e:
            await table.stop()
            await self._failed(rec.id, fence, e)
            raise broken() from e
        self.broken.mended(rec.id)
        self.tables[rec.id] = table
        return table

    async def _failed(self, table_id: str, fence: int | None, error: Exception) -> None:
        """A table that doesn't load: answered `table-broken` for a while (broken.py), its lease let go."""
        self.broken.failed(table_id, error)
        if self.duties is not None:  # (the others try it in their own time)
            await self.duties.release([(table_id, fence)])

    @contextlib.contextmanager
    def held(self, table_id: str) -> Iterator[None]:
        """Keep a table loaded here meanwhile (a socket between connecting and saying hello)."""
        table = self.tables.get(table_id)
        if table is None:
            yield
        else:
            with table.held():
                yield

    async def handle(self, table_id: str) -> Handle:
        """Where to send a table's requests: here (loading it if need be, and if nobody else owns it),
        or the process that owns it."""
        if self.duties is None or table_id in self.tables:
            return LocalHandle(await self.get(table_id))
        return await self.duties.handle(table_id)

    async def command(self, table_id: str, op: str, **args: Any) -> tuple[Any, Json]:
        """Run a lobby command where the table lives: its result, and the table's summary after it. An
        owner that doesn't answer is waited out (its lease runs out) and its table taken over."""
        deadline = time.monotonic() + self.settings.lease_seconds * 2 + 5
        while True:
            try:
                return await (await self.handle(table_id)).lobby(op, args)
            except OwnerGone:
                if time.monotonic() > deadline:
                    raise Refused(
                        "unavailable", "This table's server isn't answering; try again.", 503
                    ) from None
                await asyncio.sleep(0.2)

    def _adopt(self, rec: TableRecord) -> Table:
        table = self.tables[rec.id] = self._make(rec)
        return table

    def _make(self, rec: TableRecord) -> Table:
        table = Table(rec, self.store, self.bots, self.settings, on_idle=self._fell_idle, on_busy=self._busy)
        table.on_lost = self.lost
        return table

    def lost(self, table: Table) -> None:
        """Another process owns this table now: let it go; its sockets reconnect and find it."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
            self._idle.pop(table.id, None)
            log.warning("table %s: lost to another process", table.id)
            task = asyncio.get_running_loop().create_task(table.stop(close_code=MOVED))
            self._stopping.add(task)
            task.add_done_callback(self._stopping.discard)

    # --- reading without loading -------------------------------------------------------------------------
    async def _record(self, table_id: str) -> TableRecord:
        rec = await self.store.get_table(table_id) if len(table_id) <= 32 else None
        if rec is None:
            raise not_found()
        return rec

    async def summary(self, table_id: str) -> Json:
        """A table's public description. Open and finished tables come from the store as they are; a
        running one is loaded (its version lives in its log)."""
        live = self.tables.get(table_id)
        if live is not None:
            return live.summary()
        rec = await self._record(table_id)
        if rec.status == "running":
            return (await self.command(table_id, "summary"))[1]
        return summary(rec, rec.version, set())

    async def public_log(self, table_id: str) -> Json:
        """What happened, as a spectator sees it. A finished table not in memory is replayed from the
        store for this answer and not kept."""
        live = self.tables.get(table_id)
        if live is None:
            rec = await self._record(table_id)
            if rec.status != "running":
                actions = await self.store.actions(table_id) if rec.status == "finished" else []
                return public_log(rec, replay(rec, actions), summary(rec, rec.version, set()))
        log_: Json = (await self.command(table_id, "log"))[0]
        return log_

    async def summaries(self, table_ids: list[str]) -> list[Json]:
        """These tables' descriptions (those that exist), in this order, as the listing gives them."""
        found = {rec.id: rec for rec in await self.store.get_tables(table_ids)}
        return [self._described(found[t]) for t in table_ids if t in found]

    async def listing(self, status: Status | None, limit: int = 100) -> list[Json]:
        return [self._described(rec) for rec in await self.store.list_tables(status, limit)]

    def _described(self, rec: TableRecord) -> Json:
        """A stored table as the lobby lists it: live from memory if it is loaded, else as stored."""
        live = self.tables.get(rec.id)
        return live.summary() if live is not None else summary(rec, rec.version, set())

    # --- keeping memory bounded ----------------------------------------------------------------------
    def _fell_idle(self, table: Table) -> None:
        """Nobody is at `table` now (or it was just made or loaded): a candidate for the next trim."""
        self._idle.pop(table.id, None)
        self._idle[table.id] = table  # (to the end: the most recently used)
        if table.rec.status == "finished":
            self._finished.append(table)
        self._schedule_trim()

    def _busy(self, table: Table) -> None:
        """Someone is at `table` again (a command, a socket): no longer a candidate."""
        self._idle.pop(table.id, None)

    def _schedule_trim(self) -> None:
        """Trim soon, once, outside whatever command made a table idle."""
        if not self._trim_soon:
            self._trim_soon = True
            asyncio.get_running_loop().call_soon(lambda: asyncio.ensure_future(self.trim()))

    async def trim(self, full: bool = False) -> int:
        """Unload finished tables nobody is at, then the least recently used idle ones beyond the limit.
        Looks only at the tables that said they fell idle, in that order (each says so again when it
        is used and left): a trim after a command costs what it unloads, not what is loaded. `full`:
        every table loaded is looked at (one can fall idle without a command, when a clock's timer
        ends: the sweeper's trims find those)."""
        self._trim_soon = False
        if full:
            idle = sorted((t for t in self.tables.values() if t.idle()), key=lambda t: t.last_used)
            self._idle = {t.id: t for t in idle}
            self._finished = [t for t in idle if t.rec.status == "finished"]

        gone: list[Table] = []

        def leave(t: Table) -> None:  # still loaded and still idle: unloaded (else only forgotten)
            if self._idle.get(t.id) is t:
                del self._idle[t.id]
            if self.tables.get(t.id) is t and t.idle():
                del self.tables[t.id]
                gone.append(t)

        for table in self._finished:  # (one that fell idle twice since is here twice: gone once)
            leave(table)
        self._finished = []
        while len(self._idle) > self.settings.max_idle_tables:
            leave(next(iter(self._idle.values())))
        if self.settings.snapshot_every:  # a running table leaves its snapshot: it comes back from there
            try:
                await self.save_snapshots(tables=[t for t in gone if t.rec.status == "running"])
            except Exception:  # (a cache: without it, the next load replays the log)
                log.exception("snapshots of unloaded tables not written")
        await asyncio.gather(*(t.stop() for t in gone), return_exceptions=True)
        if self.duties is not None:  # nothing to do for them: parked, for whoever needs them next
            await self.duties.release([(t.id, t.fence) for t in gone])
        self._unloaded += len(gone)
        return len(gone)

    async def expire_open(self) -> int:
        """Remove the open tables nobody has touched for `open_table_ttl` (nobody at them here either)."""
        before = time.time() - self.settings.open_table_ttl
        removed = 0
        for tid in await self.store.stale_open_ids(before):
            live = self.tables.get(tid)
            if live is not None and not live.idle():
                continue  # someone is at it: leaving is what touches it
            async with self._loading:  # not while a request loads it
                if await self.store.delete_open(tid, before):
                    removed += 1
                    table = self.tables.pop(tid, None)
                    self._idle.pop(tid, None)
                    if table is not None:
                        await table.stop()
        if removed:
            log.info(
                "removed %d open tables nobody touched for %.0f s", removed, self.settings.open_table_ttl
            )
        return removed

    async def _sweep_forever(self) -> None:
        # Often enough that an open table outlives its time by a fraction of it at most.
        interval = min(self.settings.sweep_interval, max(0.05, self.settings.open_table_ttl / 4))
        while True:
            await asyncio.sleep(interval)
            try:
                expired = await self.expire_open()
                trimmed = await self.trim(full=True)  # (counts what it unloads)
                if self.settings.snapshot_every:
                    await self.save_snapshots(self.settings.snapshot_every)
            except Exception:  # a database hiccup must not stop the sweeping
                log.exception("the hall's sweep failed; trying again later")
                continue
            self._unloaded += expired
            if self._unloaded > 50 and not (expired or trimmed):  # a wave has passed: give back, once
                self._unloaded = 0
                memory.release()

    async def save_snapshots(
        self, moved: int = 1, batch: int = 100, tables: list[Table] | None = None
    ) -> int:
        """Snapshot the loaded running tables (or these `tables`) that moved at least `moved` actions
        since their last snapshot, `batch` to a write; how many were written. Each table's snapshot is
        taken in one go (no await: a consistent state, log and version); the loop gets its turn between
        batches, and a move never waits for any of this."""
        pool = self.tables.values() if tables is None else tables
        due = [t for t in pool if t.version - t.snapshot_version >= moved]
        written = 0
        for k in range(0, len(due), batch):
            taken = [(t, snap) for t in due[k : k + batch] if (snap := t.snapshot()) is not None]
            saved = set(await self.store.save_snapshots([snap for _, snap in taken]))
            for t, snap in taken:
                if snap.table_id in saved:
                    t.snapshot_version = max(t.snapshot_version, snap.version)
            written += len(saved)
        return written

    async def close(self) -> None:
        for task in (self._restorer, self._sweeper):
            if task is not None:
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
        if self.duties is not None:
            await self.duties.stop()
        try:  # a clean shutdown: the next start replays only what comes after these
            started = time.monotonic()
            n = await self.save_snapshots()
            if n:
                log.info("saved snapshots of %d running tables in %.2f s", n, time.monotonic() - started)
        except Exception:  # (a cache: the log has everything)
            log.exception("saving snapshots at shutdown failed")
        tables, self.tables = list(self.tables.values()), {}
        await asyncio.gather(*(t.stop() for t in tables), return_exceptions=True)
        if self.duties is not None:  # a clean shutdown hands its tables on at once
            await self.duties.close(tables)
