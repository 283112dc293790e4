"""One live table: seats, game state and connections, changed by one command at a time. Every accepted
action is stored, then applied, then pushed to each connection as that seat sees it.

Commands take turns through a lock (FIFO, like an actor's mailbox) and run in their caller's task: an
actor task of its own would add two hops through the event loop to every command, for the same
one-at-a-time order. The table's parts: its commands by name (commands.py), what each connection sees
(views.py), the seats the server answers for (autoplay.py), its turn clocks (timers.py), its chat
(chat_room.py), and bringing it back from the store (restore.py)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, TypeVar

from ziggurat.engine import Game, IllegalAction, Json, registry
from ziggurat.engine.undo import UNDO, check_undo, effective
from ziggurat.server.config import Settings
from ziggurat.server.errors import Refused, conflict, forbidden
from ziggurat.server.table import commands, history, ratings, restore, seating, snapshot_log
from ziggurat.server.table.autoplay import Autoplay
from ziggurat.server.table.bots import BotRunner
from ziggurat.server.table.chat_room import ChatRoom
from ziggurat.server.table.clocks import Clocks
from ziggurat.server.table.conn import Conn
from ziggurat.server.table.history import Entry, rebuilt, undone
from ziggurat.server.table.timers import Timers
from ziggurat.server.table.views import Views
from ziggurat.store import Conflict, Fenced, Snapshot, Store, TableRecord
from ziggurat.store.records import RatingChange

T = TypeVar("T")
log = logging.getLogger("ziggurat.server")


class Table:
    def __init__(
        self,
        rec: TableRecord,
        store: Store,
        bots: BotRunner,
        settings: Settings,
        on_idle: Callable[[Table], None] = lambda t: None,  # called when nobody is at it any more
        on_busy: Callable[[Table], None] = lambda t: None,  # called when someone is at it again
    ) -> None:
        self.rec = rec
        self.game: Game[Any, Any] = registry.get(rec.game)
        self.store = store
        self.bots = bots
        self.settings = settings
        self.on_idle = on_idle
        self.on_busy = on_busy
        self.state: Any = None
        self.version = 0
        self._log: list[Entry] = []
        # A snapshot's log entries as text until needed: (text, how many, the last one's seat and action).
        self._unread: tuple[str, int, tuple[int | None, str]] | None = None
        self.to_act: tuple[int, ...] = ()
        self.legal: dict[int, list[str]] = {}
        self.asked_since: dict[int, int] = {}  # the version at which each asked seat's decision began
        self.conns: set[Conn] = set()
        self.last_activity = time.monotonic()  # the last change (the idle-host rule counts from it)
        self.last_used = time.monotonic()  # the last command or connection (memory keeps the recent)
        self._calls = 0  # commands queued or running
        self._holds = 0  # sockets that hold it open
        self._turn = asyncio.Lock()  # one command at a time, in the order they came
        self.closed = False
        self.fence: int | None = None  # this process's lease token on the table (several processes)
        self.on_lost: Callable[[Table], None] = lambda t: None  # its lease was taken over
        self.chat = ChatRoom(self, settings.chat_table_rate, settings.chat_table_burst)
        self.views = Views(self)  # what each connection is sent
        self.autoplay = Autoplay(self)  # the seats the server answers for
        self.timers = Timers(self)  # the turn clocks, under a time control
        self.snapshot_version = 0  # the version of its stored snapshot, as far as this process knows

    @property
    def id(self) -> str:
        return self.rec.id

    @property
    def log(self) -> list[Entry]:
        """Every version's entry (the action and the events it caused); after a restart from a snapshot,
        read from its text the first time it is needed (most tables are moved or asked for it only
        later: a restart reads what it checks, not the entries themselves)."""
        if self._unread is not None:
            text, count, _ = self._unread
            try:
                self._log = snapshot_log.read_entries(text, count)
            except Exception as e:  # (its head was checked against the stored log: a hand edit)
                raise RuntimeError(f"table {self.id}: its snapshot's log entries don't read: {e}") from e
            self._unread = None
        return self._log

    @log.setter
    def log(self, entries: list[Entry]) -> None:
        self._log, self._unread = entries, None

    def log_from(self, head: snapshot_log.Head) -> None:
        """A snapshot's log: its entries kept as text until needed."""
        if isinstance(head.entries, str):
            self._log, self._unread = [], (head.entries, head.count, head.last)
        else:
            self.log = head.entries

    @property
    def clocks(self) -> Clocks | None:
        """Every seat's clock, in a game under a time control (timers.py)."""
        return self.timers.clocks

    @property
    def alarms(self) -> dict[int, tuple[int, asyncio.Task[None]]]:
        """The clocks' timers, by seat: (decision, task) (timers.py)."""
        return self.timers.alarms

    @property
    def deciding(self) -> dict[int, asyncio.Task[None]]:
        """The seats the server is answering for now (autoplay.py)."""
        return self.autoplay.deciding

    def last_move(self) -> tuple[int | None, str]:
        """The last entry's seat and action (from a snapshot's head, if its entries are still text)."""
        if self._unread is not None:
            return self._unread[2]
        e = self._log[-1]
        return e.seat, e.action

    # --- commands, one at a time ---------------------------------------------------------------------
    async def call(self, fn: Callable[[], Awaitable[T]]) -> T:
        """Run `fn` when every command that came before it is done, and no other meanwhile."""
        if self.idle():
            self.on_busy(self)
        self._calls += 1
        self.last_used = time.monotonic()
        try:
            async with self._turn:
                if self.closed:
                    raise Refused("table-closed", "This table was closed; open it again.", 409)
                try:
                    return await fn()
                except Exception as e:
                    if not isinstance(e, Refused | IllegalAction):
                        log.exception("table %s: command failed", self.id)
                    raise
        finally:
            self._calls -= 1
            if self.idle():
                self.on_idle(self)  # the hall may unload it now

    def idle(self) -> bool:
        """Nobody is at this table: no socket, no command in flight, nobody deciding (a bot's turn or a
        timer). It can leave memory and come back from the store unchanged."""
        return not (self.conns or self._calls or self._holds or self.autoplay.deciding or self.timers.alarms)

    async def on_socket(self, conn: Conn, op: str, args: Json, ref: Any = None) -> None:
        """A play socket's request, answered on that socket (commands.py)."""
        await commands.on_socket(self, conn, op, args, ref)

    async def lobby(self, op: str, args: Json) -> Any:
        """One of the lobby's commands by name (commands.py), its result returned."""
        return await commands.lobby(self, op, args)

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """Keep the table in memory meanwhile (a socket between connecting and its hello)."""
        if self.idle():
            self.on_busy(self)
        self._holds += 1
        try:
            yield
        finally:
            self._holds -= 1
            if self.idle():
                self.on_idle(self)

    async def stop(self, close_code: int = 1001) -> None:
        """Close the table: commands waiting for their turn are refused, bots and timers stop, and every
        socket is closed (the store keeps everything; 1012 tells a client to reconnect and find the
        table again, wherever it is then)."""
        self.closed = True
        tasks = [*self.autoplay.deciding.values(), *(task for _, task in self.timers.alarms.values())]
        tasks = [t for t in tasks if t is not asyncio.current_task()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for c in self.conns:
            c.close(close_code)

    # --- rebuilding from the log (restore.py) -----------------------------------------------------------
    async def restore(
        self,
        actions: list[tuple[int, str]],
        snapshot: Snapshot | None = None,
        last: tuple[int, str] | None = None,
        latest: tuple[int, float, str | None] | None = None,
    ) -> None:
        """Replay the stored log (from a snapshot that fits it) to the version last acknowledged."""
        await restore.restore(self, actions, snapshot, last, latest)

    def snapshot(self) -> Snapshot | None:
        """The running table as it stands, for a restart to start from (None: nothing worth keeping)."""
        return restore.snapshot(self)

    # --- the game's state: applying actions -----------------------------------------------------------
    def new_state(self) -> None:
        r = self.rec
        self.state = self.game.new(r.players, self.game.options(r.options), r.seed, record=True)
        self.version = 0
        self.log = [Entry(0, None, "", self.game.drain_events(self.state))]  # the set-up's events
        self.refresh(None)

    def apply(
        self, seat: int, action: str, refresh: bool = True, state: Any = None, checked: bool = False
    ) -> None:
        if action == UNDO:  # the state as it was before the action taken back: `state`, or rebuilt
            self.state = state if state is not None else rebuilt(self.rec, self._standing([(seat, UNDO)]))
            self.version += 1
            self.log.append(Entry(self.version, seat, action, [undone(seat)]))
            self.to_act, self.legal, self.asked_since = (), {}, {}  # everyone asked afresh: bots too
            if refresh:
                self.refresh(seat)
            return
        if refresh or checked:
            self.game.apply(self.state, seat, action)
        else:  # replaying all but the last few actions of a stored log: checked when they were played
            self.game.apply_logged(self.state, seat, action)
        self.version += 1
        self.log.append(Entry(self.version, seat, action, self.game.drain_events(self.state)))
        if refresh:
            self.refresh(seat)

    def _standing(self, more: list[tuple[int, str]] | None = None) -> list[tuple[int, str]]:
        """The actions of the log still standing (undos take theirs back), with `more` after them."""
        logged = [(e.seat, e.action) for e in self.log[1:] if e.seat is not None]
        return effective(logged + (more or []))

    def refresh(self, acted: int | None) -> None:
        """Recompute who is asked what; a seat's decision restarts when it acted, was newly asked, or its
        choices changed (so in a simultaneous choice, another seat's answer doesn't make yours stale)."""
        to_act = self.game.to_act(self.state) if self.game.result(self.state) is None else ()
        legal = {s: self.game.legal(self.state, s) for s in to_act}
        for s in to_act:
            if s == acted or s not in self.to_act or self.legal.get(s) != legal[s]:
                self.asked_since[s] = self.version
        for s in list(self.asked_since):
            if s not in to_act:
                del self.asked_since[s]
        self.to_act, self.legal = to_act, legal

    # --- what clients see (views.py) -------------------------------------------------------------------
    def connected(self) -> set[int]:
        return self.views.connected()

    def summary(self) -> Json:
        return self.views.summary()

    # --- connections (called through the actor) -------------------------------------------------------
    async def attach(self, conn: Conn, since: int | None) -> None:
        self.conns.add(conn)
        conn.attached = True
        self.last_used = time.monotonic()
        role, seat = self.views.who(conn)
        if role == "player" and seat is not None and self.rec.seats[seat].has_left:
            new = self.rec.copy()
            seating.back(new.seats[seat])
            await self.save(new)
        conn.send(self.views.table_msg(conn, "welcome"))
        if self.state is not None:
            self.views.send_sync(conn, since)
        if role == "player":
            self.views.push_table()

    async def detach(self, conn: Conn) -> None:
        self.conns.discard(conn)
        conn.attached = False
        self.last_used = time.monotonic()
        if self.views.who(conn)[0] == "player":
            self.views.push_table()
        if not self.conns and self.rec.status == "open":  # an open table's hour counts from now
            await self.save(self.rec.copy())

    async def sync(self, conn: Conn, since: int | None) -> None:
        if self.state is None:
            conn.send(self.views.table_msg(conn))
        else:
            self.views.send_sync(conn, since)

    async def public_log(self) -> Json:
        """What happened, as a spectator sees it."""
        return history.public_log(self.rec, self.log, self.summary())

    # --- changes of the record: stored first --------------------------------------------------------------
    async def save(self, new: TableRecord, rated: bool = False) -> list[RatingChange]:
        """Store first, then adopt: a failed write leaves the table as it was. `rated`: a finished rated
        table, rated in the same transaction as its end (once, whatever crashes); the changes made."""
        new.touched_at = time.time()
        try:
            if rated:
                players, compute = ratings.for_table(new)
                out = await self.store.save_rated(new, players, compute, ratings.display, fence=self.fence)
            else:
                await self.store.save_table(new, fence=self.fence)
                out = []
        except Fenced:
            raise self.lost() from None
        self.rec = new
        self.last_activity = time.monotonic()
        return out

    async def change(self, change: Callable[[TableRecord], T]) -> T:
        """A change of seats or settings, made on a copy (its refusals change nothing), stored, then
        told to everyone at the table."""
        new = self.rec.copy()
        out = change(new)
        await self.save(new)
        self.views.push_table()
        return out

    # --- play --------------------------------------------------------------------------------------
    def player(self, token_hash: str | None, seat: int | None = None) -> int:
        """The seat of the person playing it here, in a game under way (else a clear refusal)."""
        me = seating.seat_of(self.rec, token_hash)
        if me is None:
            raise forbidden("not-a-player", "You are watching: you hold no seat at this table.")
        if me.kind != "human":
            raise forbidden("kicked", "A bot plays your seat now; you can keep watching.")
        if seat is not None and seat != me.seat:
            raise forbidden("not-your-seat", "You can only act for your own seat.")
        if self.rec.status == "open":
            raise conflict("not-started", "The game hasn't started.")
        if self.rec.status == "finished":
            raise conflict("game-over", "The game is over.")
        return me.seat

    async def act(self, token_hash: str | None, action: str, version: int, seat: int | None = None) -> int:
        """A person's action, seen at `version`. Returns the new version; refusals change nothing."""
        s = self.player(token_hash, seat)
        if s not in self.to_act:
            raise conflict("not-your-turn", "It isn't your turn.")
        self.timers.check(s)
        if not self.asked_since[s] <= version <= self.version:
            raise conflict("stale", f"The game has moved on: it is at version {self.version}.")
        if action not in self.legal[s]:
            self.game.apply(self.game.clone(self.state), s, action)  # raises the rules' own refusal
            raise Refused("illegal-action", "That action isn't possible now.")
        await self.commit(s, action)
        return self.version

    async def undo(self, token_hash: str | None, version: int) -> int:
        """Take back one's own last action, seen at `version` (engine/undo.py says when that is fair).
        Stored as an action of its own, so the log replays exactly; refusals change nothing."""
        s = self.player(token_hash)
        if version != self.version:
            raise conflict("stale", f"The game has moved on: it is at version {self.version}.")
        self.timers.check(s)
        standing = self._standing()
        last = standing[-1] if standing else None
        before = None  # (the state the action taken back was made from, if it is one of yours)
        if last is not None and last[0] == s:
            before = rebuilt(self.rec, standing[:-1])
        check_undo(self.game, before, s, last)
        await self.commit(s, UNDO, state=before)  # (the state after the undo: no second replay)
        return self.version

    async def commit(self, seat: int, action: str, state: Any = None, timed_out: bool = False) -> None:
        now = time.time()
        clock = None if self.clocks is None else json.dumps(self.clocks.to_json(timed_out))
        try:
            await self.store.append_action(
                self.id, self.version + 1, seat, action, fence=self.fence, at=now, clock=clock
            )
        except Fenced:
            raise self.lost() from None
        except Conflict:  # someone stored this version first: catch up from the store, never stay behind
            await self._catch_up()
            raise conflict("conflict", "Another server stored this move first; look again.") from None
        self.apply(seat, action, state=state)
        self.last_activity = time.monotonic()
        if self.clocks is not None:
            self.clocks.step(now, self.timers.asked_people(), seat, timed_out, undo=action == UNDO)
        if self.game.result(self.state) is not None:
            await self.finish()
        self.views.push_state()
        self.autoplay.schedule()

    def lost(self) -> Refused:
        """Another process took the table over (this one paused past its lease): let it go."""
        self.on_lost(self)
        return conflict("moved", "This table moved to another server; reconnecting.")

    async def _catch_up(self) -> None:
        """Apply what the store has beyond this table's version, and tell everyone."""
        stored = await self.store.actions(self.id)
        last = await self.timers.last(len(stored))
        for seat, action in stored[self.version :]:
            self.apply(seat, action)
        if self.rec.status == "running" and self.game.result(self.state) is not None:
            await self.finish()
        self.timers.resume(last)
        self.views.push_state()
        self.autoplay.schedule()

    async def finish(self) -> None:
        res = self.game.result(self.state)
        assert res is not None
        new = self.rec.copy()
        result = res.to_json()
        if self.clocks is not None:  # (a rated game's timed-out players finish last: server/table/ratings.py)
            result["timeouts"] = list(self.clocks.timeouts)
        if new.rated:  # (did anyone who left do so before their seat moved: server/table/ratings.py)
            result["first_moves"] = ratings.first_moves(((e.version, e.seat) for e in self.log), new.players)
        new.status, new.result, new.version, new.finished_at = ("finished", result, self.version, time.time())
        changes = await self.save(new, rated=new.rated)
        for c in changes:  # (the store's seats already say so)
            self.rec.seats[c.seat].rating = ratings.display(*c.after)
        self.views.push_table()
