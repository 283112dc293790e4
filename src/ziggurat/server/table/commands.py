"""Every command a table takes, by name, in one table (`COMMANDS`): a play socket's (answered on that
socket, refusals too) and the lobby's (their result returned to the request). Each runs inside the
table's command lock (`Table.call`), one at a time; a socket can't run a lobby command, nor the lobby a
socket's."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from ziggurat.engine import IllegalAction, Json
from ziggurat.server.accounts.tokens import new_token
from ziggurat.server.errors import Refused, too_many_tables
from ziggurat.server.table import messages, ratings, rematch, seating
from ziggurat.server.table.bots import check_level
from ziggurat.server.table.conn import Conn
from ziggurat.store import TableRecord

if TYPE_CHECKING:
    from ziggurat.server.table.table import Table


@dataclass(frozen=True)
class Command:
    via: Literal["socket", "lobby"]
    # socket: (table, conn, args, ref) -> None, answering on the socket; lobby: (table, args) -> result
    run: Callable[..., Awaitable[Any]]


async def on_socket(t: Table, conn: Conn, op: str, args: Json, ref: Any = None) -> None:
    """One request of a play socket, answered on that socket: refusals too, as `error` messages (so
    that it works the same for a socket held by another process)."""
    try:
        command = COMMANDS.get(op)
        if command is None or command.via != "socket":
            raise Refused("unknown-type", messages.UNKNOWN_TYPE)
        await command.run(t, conn, args, ref)
    except (Refused, IllegalAction) as e:
        conn.send(messages.error(e.code, e.message, ref, version=t.version))


async def lobby(t: Table, op: str, args: Json) -> Any:
    """One of the lobby's commands by name, with its arguments."""
    command = COMMANDS.get(op)
    if command is None or command.via != "lobby":
        raise ValueError(f"not a lobby command: {op}")
    return await command.run(t, args)


# --- a play socket's ---------------------------------------------------------------------------------
async def _hello(t: Table, conn: Conn, a: Json, ref: Any) -> None:
    token_hash = a.get("token_hash")
    if token_hash is not None and seating.seat_of(t.rec, token_hash) is None:
        raise Refused("bad-token", "That token holds no seat at this table.", 403)
    conn.token_hash, conn.who_for, conn.chat_name = token_hash, None, a.get("name")
    await t.attach(conn, a.get("since"))
    await t.chat.send_backlog(conn, a.get("chat"))


async def _act(t: Table, conn: Conn, a: Json, ref: Any) -> None:
    version = await t.act(conn.token_hash, a["action"], a["version"], a.get("seat"))
    conn.send(messages.ack(version, ref))


async def _undo(t: Table, conn: Conn, a: Json, ref: Any) -> None:
    version = await t.undo(conn.token_hash, a["version"])
    conn.send(messages.ack(version, ref))


async def _auto_pass(t: Table, conn: Conn, a: Json, ref: Any) -> None:
    """A player's own setting: the server passes for them when passing is all they can do."""
    on = a["on"]
    me = seating.player(t.rec, conn.token_hash)
    new = t.rec.copy()
    new.seats[me.seat].auto_pass = on
    await t.save(new)
    for c in t.conns:
        if t.views.who(c) == ("player", me.seat):
            c.send(t.views.table_msg(c))
    t.autoplay.schedule()


async def _spectator_chat(t: Table, conn: Conn, a: Json, ref: Any) -> None:
    """The host's switch: may spectators write in the chat."""
    on = a["on"]
    seating.host(t.rec, conn.token_hash)

    def switch(new: TableRecord) -> None:
        new.spectator_chat = on

    await t.change(switch)


# --- the lobby's -------------------------------------------------------------------------------------
async def _join(t: Table, token_hash: str, name: str, seat: int | None, account: str | None = None) -> int:
    rating = await ratings.shown(t.store, account, t.rec.game)
    return await t.change(lambda new: seating.join(new, name, token_hash, seat, account, rating))


async def _rekey(t: Table, account: str) -> bool:
    """After a sign-out everywhere or a new password: the seat tokens of the account's seat here stop
    working (its sockets watch from now on; the account's session still plays it)."""
    new = t.rec.copy()
    if not seating.rekey(new, account, new_token()[1]):
        return False
    await t.save(new)
    t.views.push_table()
    t.views.push_state()  # (a socket that held an old token now gets the public view)
    return True


async def _claim(t: Table, token_hash: str, account: str) -> bool:
    """A guest's seat goes to the account they signed up with (nothing changes if it can't)."""
    new = t.rec.copy()
    if not seating.claim(new, token_hash, account, await ratings.shown(t.store, account, t.rec.game)):
        return False
    await t.save(new)
    t.views.push_table()
    return True


async def _leave(t: Table, token_hash: str) -> None:
    await t.change(lambda new: seating.leave(new, token_hash, t.version))


async def _fill(t: Table, token_hash: str, seat: int, level: str | None) -> None:
    level = _level(t, level)
    await t.change(lambda new: seating.fill(new, token_hash, seat, level))


async def _remove(t: Table, token_hash: str, seat: int) -> None:
    await t.change(lambda new: seating.remove(new, token_hash, seat, t.game.info.min_players))


async def _start(t: Table, token_hash: str) -> None:
    new = t.rec.copy()
    seating.start(new, token_hash)
    new.started_at = time.time()
    await t.save(new)
    t.new_state()
    t.timers.resume(None)
    t.views.push_table()
    t.views.push_state()
    t.autoplay.schedule()


async def _kick(t: Table, token_hash: str, seat: int, level: str | None) -> None:
    new = t.rec.copy()
    clocks = t.timers.clocks
    timeouts = clocks.timeouts[seat] if clocks is not None and 0 <= seat < len(new.seats) else 0
    connected = seat in t.views.connected()
    seating.kick(new, token_hash, seat, _level(t, level), connected, timeouts, version=t.version)
    await t.save(new)
    t.timers.seats_changed()  # (a bot has no clock)
    t.views.push_table()
    t.views.push_state()  # the kicked player's connections now get the public view
    t.autoplay.schedule()


async def _kick_host(t: Table, token_hash: str, level: str | None) -> None:
    new = t.rec.copy()
    waiting = t.rec.status == "open" or t.rec.host in t.to_act
    idle = time.monotonic() - t.last_activity
    wait = t.settings.host_idle_seconds
    seating.kick_host(new, token_hash, _level(t, level), waiting, idle, wait, version=t.version)
    await t.save(new)
    t.timers.seats_changed()
    t.views.push_table()
    t.views.push_state()
    t.autoplay.schedule()


async def _rematch(
    t: Table, token_hash: str, seat_hash: str, created_by: str | None
) -> tuple[str, int | None]:
    """A player of this finished table asks for a rematch: (its id, the asker's seat there), or (its
    id, None) when it already exists (one rematch per table: asks take turns here)."""
    me = rematch.asker(t.rec, token_hash)
    # (an open rematch nobody touched for the open tables' time was removed: make another)
    if t.rec.rematch is not None and await t.store.get_table(t.rec.rematch) is not None:
        return t.rec.rematch, None
    new = rematch.new_table(t.rec, me, seat_hash, created_by)
    cap = t.settings.max_open_tables_per_address
    if not await t.store.create_table(new, max_open=cap):
        raise too_many_tables(cap)
    old = t.rec.copy()
    old.rematch = new.id
    await t.save(old)
    t.views.push_table()  # everyone here is offered it
    return new.id, new.host


async def _accept(t: Table, token_hash: str, seat_hash: str) -> int:
    """At a rematch: last game's player (by their old token) takes their held seat."""
    return await t.change(lambda new: rematch.accept(new, token_hash, seat_hash))


async def _decline(t: Table, token_hash: str) -> None:
    await t.change(lambda new: rematch.decline(new, token_hash))


def _level(t: Table, level: str | None) -> str:
    level = level or t.settings.default_bot_level
    try:
        check_level(level)
    except ValueError as e:
        raise Refused("bad-level", str(e)) from None
    return level


def _lobby(run: Callable[..., Awaitable[Any]]) -> Command:
    """A lobby command: its arguments by name, as the request gave them."""
    return Command("lobby", lambda t, args: run(t, **args))


COMMANDS: dict[str, Command] = {
    # a play socket's: answered on the socket
    "hello": Command("socket", _hello),
    "sync": Command("socket", lambda t, conn, a, ref: t.sync(conn, a.get("since"))),
    "act": Command("socket", _act),
    "undo": Command("socket", _undo),
    "auto-pass": Command("socket", _auto_pass),
    "chat": Command("socket", lambda t, conn, a, ref: t.chat.say(conn, a["text"])),
    "spectator-chat": Command("socket", _spectator_chat),
    "bye": Command("socket", lambda t, conn, a, ref: t.detach(conn)),
    # the lobby's: seats before the start, kicks, the rematch's, the accounts'; and what happened
    "join": _lobby(_join),
    "leave": _lobby(_leave),
    "fill": _lobby(_fill),
    "remove": _lobby(_remove),
    "start": _lobby(_start),
    "kick": _lobby(_kick),
    "kick_host": _lobby(_kick_host),
    "rematch": _lobby(_rematch),
    "accept": _lobby(_accept),
    "decline": _lobby(_decline),
    "claim": _lobby(_claim),
    "rekey": _lobby(_rekey),
    "log": _lobby(lambda t: t.public_log()),
}
