"""What each connection at a table is sent: the table's public description, and the game as that
connection's seat sees it. Built once per role and seat for everyone who sees the same, and encoded
once per message text."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from ziggurat.engine import Json, events_for, registry
from ziggurat.server.table import rematch, seating
from ziggurat.server.table.conn import Conn, encode
from ziggurat.server.table.history import Entry
from ziggurat.store import TableRecord

if TYPE_CHECKING:
    from ziggurat.server.table.table import Table


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


class Views:
    """The messages of one table, as each of its connections is to see them."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def connected(self) -> set[int]:
        t = self.table
        out = set()
        for c in t.conns:
            s = seating.seat_of(t.rec, c.token_hash)
            if s is not None and s.kind == "human":
                out.add(s.seat)
        return out

    def summary(self) -> Json:
        # How long nothing has happened, and the limit, so a client can offer "kick the idle host"
        # exactly when the server would accept it (its clock, not the browser's guess).
        t = self.table
        return {
            **summary(t.rec, t.version, self.connected()),
            "idle_seconds": round(time.monotonic() - t.last_activity, 1),
            "host_idle_seconds": t.settings.host_idle_seconds,
        }

    def who(self, conn: Conn) -> tuple[str, int | None]:
        """(role, seat): a player acts and sees their seat; a watcher (kicked) and a spectator see the
        public view."""
        rec = self.table.rec
        if conn.who_for is rec:  # the record changes (a kick, a start) only with a new object
            return conn.who
        s = seating.seat_of(rec, conn.token_hash)
        who = ("spectator", None) if s is None else (("player" if s.kind == "human" else "watcher"), s.seat)
        conn.who_for, conn.who = rec, who
        return who

    def table_msg(self, conn: Conn, kind: str = "table", table: Json | None = None) -> Json:
        role, seat = self.who(conn)
        you = {"role": role, "seat": seat, "host": role == "player" and seat == self.table.rec.host}
        if role == "player" and seat is not None:
            you["auto_pass"] = self.table.rec.seats[seat].auto_pass  # the player's own setting, for them only
        return {"type": kind, "table": table or self.summary(), "you": you}

    def _table_text(self, conn: Conn, table: Json, cache: dict[Any, str]) -> str:
        """A `table` message, encoded once for everyone in the same role at the same seat."""
        key = ("table", *self.who(conn))
        text = cache.get(key)
        if text is None:
            text = cache[key] = encode(self.table_msg(conn, table=table))
        return text

    def _entry(self, e: Entry, seat: int | None) -> Json:
        t = self.table
        names = [s.name for s in t.rec.seats]
        evs = events_for(e.events, seat)
        out: Json = {"version": e.version, "seat": e.seat, "events": evs}
        out["text"] = [t.game.describe(ev, names) for ev in evs]
        # Only your own actions: another seat's raw action could name a secret choice.
        if seat is not None and seat == e.seat and e.version:
            out["action"] = e.action
        return out

    def _state_text(self, conn: Conn, resync: bool, cache: dict[Any, Any] | None = None) -> str:
        """The `state` message for `conn`: what changed since it last heard, as its seat sees it. Encoded
        once per (seat, starting version): a table's spectators all share one encoding per version."""
        cache = {} if cache is None else cache
        role, seat = self.who(conn)
        vs = seat if role == "player" else None
        since = -1 if resync else min(conn.seen, self.table.version)
        conn.seen = self.table.version
        key = ("state", vs, since, resync)
        text = cache.get(key)
        if text is None:
            text = cache[key] = encode(self._state_msg(vs, since, resync, cache))
        return text

    def _state_msg(self, vs: int | None, since: int, resync: bool, cache: dict[Any, Any]) -> Json:
        t = self.table
        if ("view", vs) not in cache:
            cache["view", vs] = t.game.view(t.state, vs)
        entries = []
        for e in t.log[since + 1 :]:
            if ("entry", vs, e.version) not in cache:
                cache["entry", vs, e.version] = self._entry(e, vs)
            entries.append(cache["entry", vs, e.version])
        return {
            "type": "state",
            "version": t.version,
            "resync": resync,
            "to_act": list(t.to_act),
            "view": cache["view", vs],
            "legal": list(t.legal.get(vs, [])) if vs is not None else [],
            "log": entries,
            "result": t.rec.result,
            "clock": t.timers.view(cache),
        }

    def push_table(self) -> None:
        table = self.summary()
        cache: dict[Any, str] = {}
        for c in self.table.conns:
            c.send_text(self._table_text(c, table, cache))

    def push_state(self) -> None:
        if self.table.state is None:
            return
        cache: dict[Any, Any] = {}
        for c in self.table.conns:
            c.send_text(self._state_text(c, resync=False, cache=cache))

    def send_sync(self, conn: Conn, since: int | None) -> None:
        """What a client missed since `since`, or everything (resync) if it can't say."""
        if since is None or not 0 <= since <= self.table.version:
            conn.send_text(self._state_text(conn, resync=True))
        else:
            conn.seen = since
            conn.send_text(self._state_text(conn, resync=False))
