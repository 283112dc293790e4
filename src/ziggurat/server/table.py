"""One live table: seats, game state and connections, changed by one command at a time. Every accepted
action is stored, then applied, then pushed to each connection as that seat sees it.

Commands take turns through a lock (FIFO, like an actor's mailbox) and run in their caller's task: an
actor task of its own cost two hops through the event loop per command, about a millisecond each under
load, for the same one-at-a-time order."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, TypeVar

from sqlalchemy.engine import Connection

from ziggurat.engine import Game, IllegalAction, Json, derive, events_for, registry
from ziggurat.engine.undo import UNDO, check_undo, effective
from ziggurat.server import chat, history, messages, ratings, rematch, seating, snapshot_log
from ziggurat.server.bots import BotRunner, check_level
from ziggurat.server.clocks import Clocks, TimeControl
from ziggurat.server.config import Settings
from ziggurat.server.conn import Conn, encode
from ziggurat.server.errors import Refused, conflict, forbidden, too_many_tables
from ziggurat.server.history import Entry, rebuilt, undone
from ziggurat.server.tokens import new_token
from ziggurat.store import Conflict, Fenced, Snapshot, Store, TableRecord, jsontext
from ziggurat.store.ratings import rate as rate_in_store

T = TypeVar("T")
log = logging.getLogger("ziggurat.server")
TIMEOUT_THINK = 0.5  # seconds a bot thinks for a person whose clock ran out (the table waits already)
_jitter = secrets.SystemRandom()  # delays that nobody can predict (they hide what a seat holds)


def summary(rec: TableRecord, version: int, connected: set[int]) -> Json:
    """The public description of a table (lobby lists, `table` messages). Never the seed."""
    return {
        "id": rec.id,
        "game": rec.game,
        "name": registry.get(rec.game).info.name,
        "options": rec.options,
        "players": rec.players,
        "status": rec.status,
        "host": rec.host,
        "version": version,
        "seats": [
            {
                "seat": s.seat,
                "name": s.name,
                "kind": s.kind,
                "level": s.level,
                "connected": s.seat in connected,
                "left": s.has_left,
                "reserved": rematch.held(s),  # (its name says for whom)
                "signed_in": s.account is not None,
                "rating": s.rating,
            }
            for s in rec.seats
        ],
        "result": rec.result,
        "rematch": rec.rematch,
        "rematch_of": rec.rematch_of,
        "spectator_chat": rec.spectator_chat,
        "clock": rec.clock,
        "rated": rec.rated,
        "created_at": rec.created_at,
        "started_at": rec.started_at,
        "finished_at": rec.finished_at,
    }


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
        self.deciding: dict[int, asyncio.Task[None]] = {}  # seats the server is answering for now
        self._turn = asyncio.Lock()  # one command at a time, in the order they came
        self.closed = False
        self.fence: int | None = None  # this process's lease token on the table (several processes)
        self.on_lost: Callable[[Table], None] = lambda t: None  # its lease was taken over
        self.chat_seq: int | None = None  # the number of the table's last chat message, once known
        self.chat_pace = chat.TablePace(settings.chat_table_rate, settings.chat_table_burst)
        self.clocks: Clocks | None = None  # every seat's clock, in a game under a time control
        self.alarms: dict[int, tuple[int, asyncio.Task[None]]] = {}  # clocks' timers: (decision, task)
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

    def _last_move(self) -> tuple[int | None, str]:
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
        return not (self.conns or self._calls or self._holds or self.deciding or self.alarms)

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
        tasks = [*self.deciding.values(), *(task for _, task in self.alarms.values())]
        tasks = [t for t in tasks if t is not asyncio.current_task()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for c in self.conns:
            c.close(close_code)

    # --- rebuilding from the log ---------------------------------------------------------------------
    async def restore(
        self,
        actions: list[tuple[int, str]],
        snapshot: Snapshot | None = None,
        last: tuple[int, str] | None = None,
        latest: tuple[int, float, str | None] | None = None,
    ) -> None:
        """Replay the stored log (exact by the engine's contract) to the version last acknowledged:
        `actions` is the whole log, or with a `snapshot`, the actions after it (`last`: the stored
        action at the snapshot's version). A snapshot is only a short cut to the same table: one that
        doesn't fit is ignored (logged), and the whole log read again and replayed. `latest`: the last
        stored action (number, time, clocks), if the caller read it already (else read here, at a table
        with a clock)."""
        if self.rec.status == "open":
            return
        base = None if snapshot is None else self._readable(snapshot, last)
        # A snapshot of a server whose reads could round large integers (snapshot_log.FORMAT) is not
        # taken on trust: the whole log is replayed instead, each action checked as when it was played,
        # and a log that stops replaying is repaired (`_cut`).
        suspect = base if base is not None and not base[1].exact else None
        if suspect is not None:
            base = None
        if snapshot is not None and base is None:
            actions = await self.store.actions(self.id)
        start = 0 if base is None or snapshot is None else snapshot.version
        total = start + len(actions)
        # (read first: nothing may see the table half-built)
        ok = latest is not None and latest[0] == total
        last_clocks = latest if ok else await self._last_clocks(total)
        if base is None:
            self._new_state()
        else:
            self.state, head = base
            if isinstance(head.entries, str):
                self._log, self._unread = [], (head.entries, head.count, head.last)
            else:
                self.log = head.entries
            asked = head.asked_since
            self.version = start
            self.to_act = self.game.to_act(self.state) if self.game.result(self.state) is None else ()
            self.legal = {s: self.game.legal(self.state, s) for s in self.to_act}
            self.asked_since = asked
        # Who is asked what matters only at the end: work it out for the last few actions only (enough
        # to date each asked seat's decision: at most one answer per seat since it began, in practice).
        tail = max(0, total - 2 * self.rec.players)
        checked = suspect is not None or self.rec.status == "finished"
        for i, (seat, action) in enumerate(actions, start):
            if i == tail and i:  # forget the set-up's askings: the tail dates decisions afresh
                self.to_act, self.legal, self.asked_since = (), {}, {}
            try:
                self._apply(seat, action, refresh=i >= tail, checked=checked)
            except IllegalAction as e:
                if not checked:
                    raise
                await self._cut(e, total)
                last_clocks = await self._last_clocks(self.version)
                break
            if suspect is not None and snapshot is not None and self.version == snapshot.version:
                self._compare(suspect[0], snapshot.version)
        if 0 < tail < start:
            # The snapshot is within the tail: its table dated decisions from further back than a
            # replay does (which starts afresh at the tail), or as far; a replay's dates are the same
            # but none before the tail's first action (an asked seat is then asked since that one).
            self.asked_since = {s: max(v, tail + 1) for s, v in self.asked_since.items()}
        self.snapshot_version = start if base is not None else (0 if snapshot is None else -1)
        if self.rec.status == "running" and self.game.result(self.state) is not None:
            await self._finish()  # the server died between storing the last action and marking the end
        self._resume_clocks(last_clocks)
        self._schedule()

    def _compare(self, written: Any, version: int) -> None:
        """Say so if a snapshot of an earlier format disagrees with its log's replay (the replay stands)."""
        if self.game.to_json(written) != self.game.to_json(self.state):
            log.warning(
                "table %s: its snapshot at version %d disagrees with its log's replay (written by a server "
                "whose reads rounded large integers); the log's replay stands",
                self.id,
                version,
            )

    async def _cut(self, refusal: IllegalAction, total: int) -> None:
        """The stored log stops replaying after this version, on a table whose snapshot was written by a
        server whose reads could round: its later actions were played in a game the log no longer
        gives. A running table plays on from here, its later actions set aside (kept, never replayed);
        a finished one keeps its result and replays as far as its log goes (docs/server.md)."""
        first = self.version + 1
        if self.rec.status == "finished":
            self.to_act, self.legal, self.asked_since = (), {}, {}
            history.stops(self.rec, first, total, refusal)
            return
        self._refresh(None)  # (who is asked now, since now)
        moved = await self.store.set_aside(self.id, first, self.fence)
        self.rec.version = min(self.rec.version, self.version)
        log.warning(
            "table %s: its log stops replaying at action %d of %d (%s), after a restore from a snapshot "
            "written while reads rounded large integers; it plays on from version %d, %d later actions "
            "set aside",
            self.id,
            first,
            total,
            refusal.code,
            self.version,
            moved,
        )

    def snapshot(self) -> Snapshot | None:
        """The running table as it stands, for a restart to start from (None: nothing worth keeping).
        Taken in one go, no await between its parts: the state, the log and who is asked since when
        change only together, inside a command."""
        if self.state is None or self.closed or self.rec.status != "running" or not self.version:
            return None
        state = json.dumps(self.game.to_json(self.state), separators=(",", ":"))
        log_ = snapshot_log.encode(self.log, self.asked_since)
        return Snapshot(self.id, self.version, state, log_, time.time(), self.fence)

    def _readable(self, snap: Snapshot, last: tuple[int, str] | None) -> tuple[Any, snapshot_log.Head] | None:
        """A snapshot's state, recording from now on as a replayed state does, and the head of its log;
        None (logged) if it doesn't fit this table's stored log or can't be read any more."""
        try:
            if self.rec.status != "running":
                raise ValueError(f"the table is {self.rec.status}")
            head = snapshot_log.read_head(snap.log)
            if head.count != snap.version + 1:
                raise ValueError("its entries are not those of its versions")
            if last is None or head.last != tuple(last):
                raise ValueError("its last action is not the stored one")
            state = self.game.from_json(jsontext.loads(snap.state))
            state.events = []  # recording from now on (what came before is in the entries)
            asked = head.asked_since
            to_act = self.game.to_act(state) if self.game.result(state) is None else ()
            if set(asked) != set(to_act) or any(not 0 <= v <= snap.version for v in asked.values()):
                raise ValueError("who it asks is not who its state asks")
        except Exception as e:  # (a rules change, a hand edit: the log is the truth)
            log.warning(
                "table %s: snapshot at version %d not used (%s); replaying the whole log",
                self.id,
                snap.version,
                e,
            )
            return None
        return state, head

    def _new_state(self) -> None:
        r = self.rec
        self.state = self.game.new(r.players, self.game.options(r.options), r.seed, record=True)
        self.version = 0
        self.log = [Entry(0, None, "", self.game.drain_events(self.state))]  # the set-up's events
        self._refresh(None)

    def _apply(
        self, seat: int, action: str, refresh: bool = True, state: Any = None, checked: bool = False
    ) -> None:
        if action == UNDO:  # the state as it was before the action taken back: `state`, or rebuilt
            self.state = state if state is not None else rebuilt(self.rec, self._standing([(seat, UNDO)]))
            self.version += 1
            self.log.append(Entry(self.version, seat, action, [undone(seat)]))
            self.to_act, self.legal, self.asked_since = (), {}, {}  # everyone asked afresh: bots too
            if refresh:
                self._refresh(seat)
            return
        if refresh or checked:
            self.game.apply(self.state, seat, action)
        else:  # replaying all but the last few actions of a stored log: checked when they were played
            self.game.apply_logged(self.state, seat, action)
        self.version += 1
        self.log.append(Entry(self.version, seat, action, self.game.drain_events(self.state)))
        if refresh:
            self._refresh(seat)

    def _standing(self, more: list[tuple[int, str]] | None = None) -> list[tuple[int, str]]:
        """The actions of the log still standing (undos take theirs back), with `more` after them."""
        logged = [(e.seat, e.action) for e in self.log[1:] if e.seat is not None]
        return effective(logged + (more or []))

    def _refresh(self, acted: int | None) -> None:
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

    # --- what clients see ------------------------------------------------------------------------------
    def connected(self) -> set[int]:
        out = set()
        for c in self.conns:
            s = seating.seat_of(self.rec, c.token_hash)
            if s is not None and s.kind == "human":
                out.add(s.seat)
        return out

    def summary(self) -> Json:
        # How long nothing has happened, and the limit, so a client can offer "kick the idle host"
        # exactly when the server would accept it (its clock, not the browser's guess).
        return {
            **summary(self.rec, self.version, self.connected()),
            "idle_seconds": round(time.monotonic() - self.last_activity, 1),
            "host_idle_seconds": self.settings.host_idle_seconds,
        }

    def _who(self, conn: Conn) -> tuple[str, int | None]:
        """(role, seat): a player acts and sees their seat; a watcher (kicked) and a spectator see the
        public view."""
        if conn.who_for is self.rec:  # the record changes (a kick, a start) only with a new object
            return conn.who
        s = seating.seat_of(self.rec, conn.token_hash)
        who = ("spectator", None) if s is None else (("player" if s.kind == "human" else "watcher"), s.seat)
        conn.who_for, conn.who = self.rec, who
        return who

    def _table_msg(self, conn: Conn, kind: str = "table", table: Json | None = None) -> Json:
        role, seat = self._who(conn)
        you = {"role": role, "seat": seat, "host": role == "player" and seat == self.rec.host}
        if role == "player" and seat is not None:
            you["auto_pass"] = self.rec.seats[seat].auto_pass  # the player's own setting, for them only
        return {"type": kind, "table": table or self.summary(), "you": you}

    def _table_text(self, conn: Conn, table: Json, cache: dict[Any, str]) -> str:
        """A `table` message, encoded once for everyone in the same role at the same seat."""
        key = ("table", *self._who(conn))
        text = cache.get(key)
        if text is None:
            text = cache[key] = encode(self._table_msg(conn, table=table))
        return text

    def _entry(self, e: Entry, seat: int | None) -> Json:
        names = [s.name for s in self.rec.seats]
        evs = events_for(e.events, seat)
        out: Json = {"version": e.version, "seat": e.seat, "events": evs}
        out["text"] = [self.game.describe(ev, names) for ev in evs]
        # Only your own actions: another seat's raw action could name a secret choice.
        if seat is not None and seat == e.seat and e.version:
            out["action"] = e.action
        return out

    def _state_text(self, conn: Conn, resync: bool, cache: dict[Any, Any] | None = None) -> str:
        """The `state` message for `conn`: what changed since it last heard, as its seat sees it. Encoded
        once per (seat, starting version): a table's spectators all share one encoding per version."""
        cache = {} if cache is None else cache
        role, seat = self._who(conn)
        vs = seat if role == "player" else None
        since = -1 if resync else min(conn.seen, self.version)
        conn.seen = self.version
        key = ("state", vs, since, resync)
        text = cache.get(key)
        if text is None:
            text = cache[key] = encode(self._state_msg(vs, since, resync, cache))
        return text

    def _state_msg(self, vs: int | None, since: int, resync: bool, cache: dict[Any, Any]) -> Json:
        if ("view", vs) not in cache:
            cache["view", vs] = self.game.view(self.state, vs)
        entries = []
        for e in self.log[since + 1 :]:
            if ("entry", vs, e.version) not in cache:
                cache["entry", vs, e.version] = self._entry(e, vs)
            entries.append(cache["entry", vs, e.version])
        return {
            "type": "state",
            "version": self.version,
            "resync": resync,
            "to_act": list(self.to_act),
            "view": cache["view", vs],
            "legal": list(self.legal.get(vs, [])) if vs is not None else [],
            "log": entries,
            "result": self.rec.result,
            "clock": self._clock_view(cache),
        }

    def _push_table(self) -> None:
        table = self.summary()
        cache: dict[Any, str] = {}
        for c in self.conns:
            c.send_text(self._table_text(c, table, cache))

    def _push_state(self) -> None:
        if self.state is None:
            return
        cache: dict[Any, Any] = {}
        for c in self.conns:
            c.send_text(self._state_text(c, resync=False, cache=cache))

    # --- connections (called through the actor) -------------------------------------------------------
    async def attach(self, conn: Conn, since: int | None) -> None:
        self.conns.add(conn)
        conn.attached = True
        self.last_used = time.monotonic()
        role, seat = self._who(conn)
        if role == "player" and seat is not None and self.rec.seats[seat].has_left:
            new = self.rec.copy()
            seating.back(new.seats[seat])
            await self._save(new)
        conn.send(self._table_msg(conn, "welcome"))
        if self.state is not None:
            self._send_sync(conn, since)
        if role == "player":
            self._push_table()

    async def detach(self, conn: Conn) -> None:
        self.conns.discard(conn)
        conn.attached = False
        self.last_used = time.monotonic()
        if self._who(conn)[0] == "player":
            self._push_table()
        if not self.conns and self.rec.status == "open":  # an open table's hour counts from now
            await self._save(self.rec.copy())

    async def sync(self, conn: Conn, since: int | None) -> None:
        if self.state is None:
            conn.send(self._table_msg(conn))
        else:
            self._send_sync(conn, since)

    def _send_sync(self, conn: Conn, since: int | None) -> None:
        """What a client missed since `since`, or everything (resync) if it can't say."""
        if since is None or not 0 <= since <= self.version:
            conn.send_text(self._state_text(conn, resync=True))
        else:
            conn.seen = since
            conn.send_text(self._state_text(conn, resync=False))

    # --- what a play socket asks (through `call`) ---------------------------------------------------
    async def on_socket(self, conn: Conn, op: str, args: Json, ref: Any = None) -> None:
        """One request of a play socket, answered on that socket: refusals too, as `error` messages
        (so that it works the same for a socket held by another process)."""
        try:
            if op == "hello":
                await self._hello(
                    conn, args.get("token_hash"), args.get("since"), args.get("chat"), args.get("name")
                )
            elif op == "sync":
                await self.sync(conn, args.get("since"))
            elif op == "act":
                version = await self.act(conn.token_hash, args["action"], args["version"], args.get("seat"))
                conn.send(messages.ack(version, ref))
            elif op == "undo":
                version = await self.undo(conn.token_hash, args["version"])
                conn.send(messages.ack(version, ref))
            elif op == "auto-pass":
                await self.set_auto_pass(conn.token_hash, args["on"])
            elif op == "chat":
                await self.say(conn, args["text"])
            elif op == "spectator-chat":
                await self.set_spectator_chat(conn.token_hash, args["on"])
            elif op == "bye":
                await self.detach(conn)
            else:
                raise Refused("unknown-type", messages.UNKNOWN_TYPE)
        except (Refused, IllegalAction) as e:
            conn.send(messages.error(e.code, e.message, ref, version=self.version))

    async def _hello(
        self, conn: Conn, token_hash: str | None, since: int | None, chat_since: int | None, name: str | None
    ) -> None:
        if token_hash is not None and seating.seat_of(self.rec, token_hash) is None:
            raise Refused("bad-token", "That token holds no seat at this table.", 403)
        conn.token_hash, conn.who_for, conn.chat_name = token_hash, None, name
        await self.attach(conn, since)
        # The chat is read from the store only when there is something this client hasn't seen: most
        # hellos (every player of every new table) cost no query.
        if await self._last_chat_seq() > (chat_since or 0):
            backlog = await self.store.chat(self.id, chat_since, chat.BACKLOG)
            if backlog:
                conn.send({"type": "chat", "messages": backlog})

    # --- chat --------------------------------------------------------------------------------------
    async def say(self, conn: Conn, text: str) -> None:
        """A chat message from whoever holds this socket: stored, then sent to everyone at the table."""
        text = chat.check_text(text)
        role, seat = self._who(conn)
        spectator = role != "player"  # a kicked player watches: a bot plays the seat, not them
        if spectator and not self.rec.spectator_chat:
            raise forbidden("chat-off", "The host has turned spectators' chat off.")
        if seat is None:
            name = chat.spectator_name(conn.chat_name, [s.name for s in self.rec.seats])
        else:  # a player, or a kicked player watching: the seat's name (a watcher's own)
            name = self.rec.seats[seat].name
        conn.chat_rate.take()  # (the socket's rhythm before the table's: one fast socket spends none of it)
        self.chat_pace.take(spectator)
        seq = await self._last_chat_seq() + 1
        message = {
            "seq": seq,
            "at": round(time.time(), 3),
            "seat": None if spectator else seat,
            "name": name,
            "spectator": spectator,
            "text": text,
        }
        try:
            await self.store.add_chat(self.id, message, fence=self.fence)
        except Fenced:
            raise self._lost() from None
        except Conflict:  # another process wrote that number first: count from the store again
            self.chat_seq = None
            raise conflict("conflict", "Another server stored a message first; send it again.") from None
        self.chat_seq = seq
        text_ = encode({"type": "chat", "messages": [message]})
        for c in self.conns:
            c.send_text(text_)

    async def _last_chat_seq(self) -> int:
        """The number of the table's last chat message (read from the store once, then kept)."""
        if self.chat_seq is None:
            self.chat_seq = await self.store.last_chat_seq(self.id)
        return self.chat_seq

    async def set_spectator_chat(self, token_hash: str | None, on: bool) -> None:
        """The host's switch: may spectators write in the chat."""
        seating.host(self.rec, token_hash)

        def switch(new: TableRecord) -> None:
            new.spectator_chat = on

        await self._change(switch)

    async def public_log(self) -> Json:
        """What happened, as a spectator sees it."""
        return history.public_log(self.rec, self.log, self.summary())

    LOBBY = frozenset(
        {
            "join",
            "leave",
            "fill",
            "remove",
            "start",
            "kick",
            "kick_host",
            "rematch",
            "accept",
            "decline",
            "claim",
            "rekey",
        }
    )

    async def lobby(self, op: str, args: Json) -> Any:
        """One of the lobby's commands by name (join, leave, fill, remove, start, kick, kick_host, the
        rematch's: rematch at the finished table, accept and decline at the new one, and the accounts':
        claim and rekey)."""
        if op not in self.LOBBY:
            raise ValueError(f"not a lobby command: {op}")
        return await getattr(self, op)(**args)

    # --- lobby commands (called through the actor) -----------------------------------------------------
    async def _save(self, new: TableRecord, also: Callable[[Connection], T] | None = None) -> T | None:
        """Store first, then adopt: a failed write leaves the table as it was. `also`: more to write in
        the same transaction (what it returns is returned)."""
        new.touched_at = time.time()
        try:
            out = await self.store.save_table(new, fence=self.fence, also=also)
        except Fenced:
            raise self._lost() from None
        self.rec = new
        self.last_activity = time.monotonic()
        return out

    async def _change(self, change: Callable[[TableRecord], T]) -> T:
        """A change of seats or settings, made on a copy (its refusals change nothing), stored, then
        told to everyone at the table."""
        new = self.rec.copy()
        out = change(new)
        await self._save(new)
        self._push_table()
        return out

    async def join(self, name: str, token_hash: str, seat: int | None, account: str | None = None) -> int:
        rating = await ratings.shown(self.store, account, self.rec.game)
        return await self._change(lambda new: seating.join(new, name, token_hash, seat, account, rating))

    async def rekey(self, account: str) -> bool:
        """After a sign-out everywhere or a new password: the seat tokens of the account's seat here stop
        working (its sockets watch from now on; the account's session still plays it)."""
        new = self.rec.copy()
        if not seating.rekey(new, account, new_token()[1]):
            return False
        await self._save(new)
        self._push_table()
        self._push_state()  # (a socket that held an old token now gets the public view)
        return True

    async def claim(self, token_hash: str, account: str) -> bool:
        """A guest's seat goes to the account they signed up with (nothing changes if it can't)."""
        new = self.rec.copy()
        if not seating.claim(
            new, token_hash, account, await ratings.shown(self.store, account, self.rec.game)
        ):
            return False
        await self._save(new)
        self._push_table()
        return True

    async def leave(self, token_hash: str) -> None:
        await self._change(lambda new: seating.leave(new, token_hash, self.version))

    async def fill(self, token_hash: str, seat: int, level: str | None) -> None:
        level = self._level(level)
        await self._change(lambda new: seating.fill(new, token_hash, seat, level))

    async def remove(self, token_hash: str, seat: int) -> None:
        await self._change(lambda new: seating.remove(new, token_hash, seat, self.game.info.min_players))

    async def start(self, token_hash: str) -> None:
        new = self.rec.copy()
        seating.start(new, token_hash)
        new.started_at = time.time()
        await self._save(new)
        self._new_state()
        self._resume_clocks(None)
        self._push_table()
        self._push_state()
        self._schedule()

    async def kick(self, token_hash: str, seat: int, level: str | None) -> None:
        new = self.rec.copy()
        timeouts = self.clocks.timeouts[seat] if self.clocks is not None and 0 <= seat < len(new.seats) else 0
        connected = seat in self.connected()
        seating.kick(new, token_hash, seat, self._level(level), connected, timeouts, version=self.version)
        await self._save(new)
        self._clocks_step()  # (a bot has no clock)
        self._push_table()
        self._push_state()  # the kicked player's connections now get the public view
        self._schedule()

    async def kick_host(self, token_hash: str, level: str | None) -> None:
        new = self.rec.copy()
        waiting = self.rec.status == "open" or self.rec.host in self.to_act
        idle = time.monotonic() - self.last_activity
        wait = self.settings.host_idle_seconds
        seating.kick_host(new, token_hash, self._level(level), waiting, idle, wait, version=self.version)
        await self._save(new)
        self._clocks_step()
        self._push_table()
        self._push_state()
        self._schedule()

    async def rematch(
        self, token_hash: str, seat_hash: str, created_by: str | None
    ) -> tuple[str, int | None]:
        """A player of this finished table asks for a rematch: (its id, the asker's seat there), or
        (its id, None) when it already exists (one rematch per table: asks take turns here)."""
        me = rematch.asker(self.rec, token_hash)
        # (an open rematch nobody touched for the open tables' time was removed: make another)
        if self.rec.rematch is not None and await self.store.get_table(self.rec.rematch) is not None:
            return self.rec.rematch, None
        new = rematch.new_table(self.rec, me, seat_hash, created_by)
        cap = self.settings.max_open_tables_per_address
        if not await self.store.create_table(new, max_open=cap):
            raise too_many_tables(cap)
        old = self.rec.copy()
        old.rematch = new.id
        await self._save(old)
        self._push_table()  # everyone here is offered it
        return new.id, new.host

    async def accept(self, token_hash: str, seat_hash: str) -> int:
        """At a rematch: last game's player (by their old token) takes their held seat."""
        return await self._change(lambda new: rematch.accept(new, token_hash, seat_hash))

    async def decline(self, token_hash: str) -> None:
        await self._change(lambda new: rematch.decline(new, token_hash))

    def _level(self, level: str | None) -> str:
        level = level or self.settings.default_bot_level
        try:
            check_level(level)
        except ValueError as e:
            raise Refused("bad-level", str(e)) from None
        return level

    # --- play --------------------------------------------------------------------------------------
    def _player(self, token_hash: str | None, seat: int | None = None) -> int:
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
        s = self._player(token_hash, seat)
        if s not in self.to_act:
            raise conflict("not-your-turn", "It isn't your turn.")
        self._check_time(s)
        if not self.asked_since[s] <= version <= self.version:
            raise conflict("stale", f"The game has moved on: it is at version {self.version}.")
        if action not in self.legal[s]:
            self.game.apply(self.game.clone(self.state), s, action)  # raises the rules' own refusal
            raise Refused("illegal-action", "That action isn't possible now.")
        await self._commit(s, action)
        return self.version

    async def undo(self, token_hash: str | None, version: int) -> int:
        """Take back one's own last action, seen at `version` (engine/undo.py says when that is fair).
        Stored as an action of its own, so the log replays exactly; refusals change nothing."""
        s = self._player(token_hash)
        if version != self.version:
            raise conflict("stale", f"The game has moved on: it is at version {self.version}.")
        self._check_time(s)
        standing = self._standing()
        last = standing[-1] if standing else None
        before = None  # (the state the action taken back was made from, if it is one of yours)
        if last is not None and last[0] == s:
            before = rebuilt(self.rec, standing[:-1])
        check_undo(self.game, before, s, last)
        await self._commit(s, UNDO, state=before)  # (the state after the undo: no second replay)
        return self.version

    async def _commit(self, seat: int, action: str, state: Any = None, timed_out: bool = False) -> None:
        now = time.time()
        clock = None if self.clocks is None else json.dumps(self.clocks.to_json(timed_out))
        try:
            await self.store.append_action(
                self.id, self.version + 1, seat, action, fence=self.fence, at=now, clock=clock
            )
        except Fenced:
            raise self._lost() from None
        except Conflict:  # someone stored this version first: catch up from the store, never stay behind
            await self._catch_up()
            raise conflict("conflict", "Another server stored this move first; look again.") from None
        self._apply(seat, action, state=state)
        self.last_activity = time.monotonic()
        if self.clocks is not None:
            self.clocks.step(now, self._asked_people(), seat, timed_out, undo=action == UNDO)
        if self.game.result(self.state) is not None:
            await self._finish()
        self._push_state()
        self._schedule()

    def _lost(self) -> Refused:
        """Another process took the table over (this one paused past its lease): let it go."""
        self.on_lost(self)
        return conflict("moved", "This table moved to another server; reconnecting.")

    async def _catch_up(self) -> None:
        """Apply what the store has beyond this table's version, and tell everyone."""
        stored = await self.store.actions(self.id)
        last = await self._last_clocks(len(stored))
        for seat, action in stored[self.version :]:
            self._apply(seat, action)
        if self.rec.status == "running" and self.game.result(self.state) is not None:
            await self._finish()
        self._resume_clocks(last)
        self._push_state()
        self._schedule()

    async def _finish(self) -> None:
        res = self.game.result(self.state)
        assert res is not None
        new = self.rec.copy()
        result = res.to_json()
        if self.clocks is not None:  # (a rated game's timed-out players finish last: server/ratings.py)
            result["timeouts"] = list(self.clocks.timeouts)
        if new.rated:  # (did anyone who left do so before their seat moved: server/ratings.py)
            result["first_moves"] = ratings.first_moves(((e.version, e.seat) for e in self.log), new.players)
        new.status, new.result, new.version, new.finished_at = ("finished", result, self.version, time.time())
        also = None
        if new.rated:  # rated in the same transaction as the end: once, whatever crashes
            players, compute = ratings.for_table(new)
            also = rate_in_store(new.id, new.game, players, compute, ratings.display)
        changes = await self._save(new, also)
        for c in changes or []:  # (the store's seats already say so)
            self.rec.seats[c.seat].rating = ratings.display(*c.after)
        self._push_table()

    # --- seats the server answers for: bots, and automatic passes -------------------------------------
    def _schedule(self) -> None:
        """Start deciding for every asked seat the server answers for (once per decision)."""
        if self.rec.status != "running":
            return
        for s in self.to_act:
            if s in self.deciding:
                continue
            if self.rec.seats[s].kind == "bot":
                decline = self.game.decline(self.state, s)
                self.deciding[s] = asyncio.create_task(self._bot_turn(s, self.asked_since[s], decline))
            elif action := self._auto_answer(s):
                self.deciding[s] = asyncio.create_task(self._auto_pass(s, self.asked_since[s], action))
        self._set_alarms()

    def _auto_answer(self, seat: int) -> str | None:
        return seating.auto_answer(
            self.rec.seats[seat], self.game.decline(self.state, seat), self.legal[seat]
        )

    def _reaction_delay(self) -> float:
        lo, hi = self.settings.reaction_delay
        return _jitter.uniform(lo, hi)

    async def _bot_turn(self, seat: int, asked: int, decline: str | None) -> None:
        bot_seed = derive(self.rec.seed, "bot", seat, self.version)  # reveals nothing of the seed
        action: str | None = None
        loop = asyncio.get_running_loop()
        try:
            if decline is None:
                # Paced for people: the bot's action comes `bot_delay` after the change before it, so
                # each can be seen (and its animation played) before the next; its thinking counts
                # toward that time instead of adding to it.
                answer_at = loop.time() + self.settings.bot_delay
                budget = None
            else:
                # A question every seat gets: answered at a random moment, whether the bot could do
                # anything or not, and it thinks for less than the shortest delay.
                answer_at = loop.time() + self._reaction_delay()
                budget = max(0.05, 0.75 * self.settings.reaction_delay[0])
            level = self.rec.seats[seat].level or "random"
            action = await self.bots.choose(
                self.rec.game, self.game.to_json(self.state), seat, level, bot_seed, budget
            )
            await asyncio.sleep(max(0.0, answer_at - loop.time()))
        except Exception:
            log.exception("table %s: bot for seat %d failed", self.id, seat)
        await self.call(lambda: self._bot_act(seat, asked, action, bot_seed))

    async def _bot_act(self, seat: int, asked: int, action: str | None, bot_seed: int) -> None:
        self.deciding.pop(seat, None)
        try:
            fresh = self.asked_since.get(seat) == asked and self.rec.seats[seat].kind == "bot"
            if self.rec.status == "running" and fresh and seat in self.to_act:
                if action not in self.legal[seat]:  # the bot failed or ran out of time: play goes on
                    decline = self.game.decline(self.state, seat)
                    action = decline or random.Random(bot_seed).choice(self.legal[seat])
                await self._commit(seat, action)
        finally:
            self._schedule()

    async def _auto_pass(self, seat: int, asked: int, action: str) -> None:
        """Pass for a person who asked for it, after a delay that looks like someone deciding."""
        await asyncio.sleep(self._reaction_delay())
        await self.call(lambda: self._auto_act(seat, asked, action))

    async def _auto_act(self, seat: int, asked: int, action: str) -> None:
        self.deciding.pop(seat, None)
        try:
            fresh = self.asked_since.get(seat) == asked and seat in self.to_act
            # Still the same question, still theirs, still switched on, still all they can do.
            if self.rec.status == "running" and fresh and self._auto_answer(seat) == action:
                await self._commit(seat, action)
        finally:
            self._schedule()

    async def set_auto_pass(self, token_hash: str | None, on: bool) -> None:
        """A player's own setting: the server passes for them when passing is all they can do."""
        me = seating.player(self.rec, token_hash)
        new = self.rec.copy()
        new.seats[me.seat].auto_pass = on
        await self._save(new)
        for c in self.conns:
            if self._who(c) == ("player", me.seat):
                c.send(self._table_msg(c))
        self._schedule()

    # --- turn clocks (server/clocks.py) -------------------------------------------------------------
    def _asked_people(self) -> dict[int, int]:
        """The people asked to decide now, and the version each one's decision began at."""
        return {s: self.asked_since[s] for s in self.to_act if self.rec.seats[s].kind == "human"}

    def _clocks_step(self) -> None:
        """Seats changed hands (a kick): a bot's clock stops."""
        if self.clocks is not None:
            self.clocks.step(time.time(), self._asked_people())

    async def _last_clocks(self, version: int) -> tuple[int, float, str | None] | None:
        """The clocks stored with action `version`, the last one (at a table with a clock)."""
        if self.rec.clock is None or not version:
            return None
        return await self.store.last_action(self.id)

    def _resume_clocks(self, last: tuple[int, float, str | None] | None) -> None:
        """The clocks of a game under a time control as they are now: at its start, or from those stored
        with its last action (`last`: number, time, clocks), then that action's effect on them; after a
        restart, a takeover or a catch-up."""
        control = None if self.rec.clock is None else TimeControl(**self.rec.clock)
        if control is None or self.rec.status != "running":
            self.clocks = None
            return
        if last is not None and last[0] == self.version and last[2] is not None:
            clocks, timed_out = Clocks.from_json(control, jsontext.loads(last[2]))
            seat, action = self._last_move()
            clocks.step(last[1], self._asked_people(), seat, timed_out, undo=action == UNDO)
        else:  # the game's start (or a log stored without clocks: they start now)
            clocks = Clocks.new(control, self.rec.players)
            at = self.rec.started_at if not self.version and self.rec.started_at else time.time()
            clocks.step(at, self._asked_people())
        self.clocks = clocks

    def _clock_view(self, cache: dict[Any, Any]) -> Json | None:
        if self.clocks is None:
            return None
        if "clock" not in cache:  # (the same for everyone: seconds left as of this message)
            cache["clock"] = self.clocks.view(time.time())
        view: Json = cache["clock"]
        return view

    def _check_time(self, seat: int) -> None:
        if self.clocks is not None and self.clocks.run[seat] and self.clocks.left(seat, time.time()) <= 0:
            raise conflict("out-of-time", "Your time ran out: a bot is playing this decision for you.")

    def _set_alarms(self) -> None:
        """One timer per running clock, for its decision; a timer whose decision is over goes."""
        clocks = self.clocks if self.rec.status == "running" else None
        for s, (decision, task) in list(self.alarms.items()):
            run = None if clocks is None else clocks.run[s]
            if run is None or run[1] != decision:
                del self.alarms[s]
                if task is not asyncio.current_task():
                    task.cancel()
        if clocks is None:
            return
        for s, run in enumerate(clocks.run):
            if run is not None and s not in self.alarms and self.rec.seats[s].kind == "human":
                deadline = clocks.deadline(s)
                assert deadline is not None
                self.alarms[s] = (run[1], asyncio.create_task(self._alarm(s, run[1], deadline)))

    def _timeout_level(self) -> str:
        """The table's level: its bots' (the most common), else the server's default."""
        levels = [s.level for s in self.rec.seats if s.kind == "bot" and s.level]
        return max(levels, key=levels.count) if levels else self.settings.default_bot_level

    async def _alarm(self, seat: int, decision: int, deadline: float) -> None:
        """When the seat's clock runs out: a bot of the table's level plays that decision for them."""
        await asyncio.sleep(max(0.0, deadline - time.time()))
        bot_seed = derive(self.rec.seed, "timeout", seat, self.version)
        action: str | None = None
        try:  # (a short think: the others are waiting already)
            state, level = self.game.to_json(self.state), self._timeout_level()
            action = await self.bots.choose(self.rec.game, state, seat, level, bot_seed, TIMEOUT_THINK)
        except Exception:
            log.exception("table %s: bot for timed-out seat %d failed", self.id, seat)
        await self.call(lambda: self._time_out(seat, decision, action, bot_seed))

    async def _time_out(self, seat: int, decision: int, action: str | None, bot_seed: int) -> None:
        if self.alarms.get(seat, (None, None))[1] is asyncio.current_task():
            del self.alarms[seat]
        try:
            run = None if self.clocks is None else self.clocks.run[seat]
            fresh = run is not None and run[1] == decision and seat in self.to_act
            if self.rec.status == "running" and fresh:
                if action not in self.legal[seat]:  # the bot failed, or the question changed meanwhile
                    decline = self.game.decline(self.state, seat)
                    action = decline or random.Random(bot_seed).choice(self.legal[seat])
                await self._commit(seat, action, timed_out=True)
        finally:
            self._schedule()
