"""A table's chat as it runs: messages numbered in order, stored, then sent to everyone at the table;
what a message may say and how often is server/table/chat.py's."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ziggurat.server.errors import conflict, forbidden
from ziggurat.server.table import chat
from ziggurat.server.table.conn import Conn, encode
from ziggurat.store import Conflict, Fenced

if TYPE_CHECKING:
    from ziggurat.server.table.table import Table


class ChatRoom:
    def __init__(self, table: Table, rate: float, burst: float) -> None:
        self.table = table
        self.seq: int | None = None  # the number of the table's last chat message, once known
        self.pace = chat.TablePace(rate, burst)

    async def say(self, conn: Conn, text: str) -> None:
        """A chat message from whoever holds this socket: stored, then sent to everyone at the table."""
        t = self.table
        text = chat.check_text(text)
        role, seat = t.views.who(conn)
        spectator = role != "player"  # a kicked player watches: a bot plays the seat, not them
        if spectator and not t.rec.spectator_chat:
            raise forbidden("chat-off", "The host has turned spectators' chat off.")
        if seat is None:
            name = chat.spectator_name(conn.chat_name, [s.name for s in t.rec.seats])
        else:  # a player, or a kicked player watching: the seat's name (a watcher's own)
            name = t.rec.seats[seat].name
        conn.chat_rate.take()  # (the socket's rhythm before the table's: one fast socket spends none of it)
        self.pace.take(spectator)
        seq = await self.last_seq() + 1
        message = {
            "seq": seq,
            "at": round(time.time(), 3),
            "seat": None if spectator else seat,
            "name": name,
            "spectator": spectator,
            "text": text,
        }
        try:
            await t.store.add_chat(t.id, message, fence=t.fence)
        except Fenced:
            raise t.lost() from None
        except Conflict:  # another process wrote that number first: count from the store again
            self.seq = None
            raise conflict("conflict", "Another server stored a message first; send it again.") from None
        self.seq = seq
        text_ = encode({"type": "chat", "messages": [message]})
        for c in t.conns:
            c.send_text(text_)

    async def last_seq(self) -> int:
        """The number of the table's last chat message (read from the store once, then kept)."""
        if self.seq is None:
            self.seq = await self.table.store.last_chat_seq(self.table.id)
        return self.seq

    async def send_backlog(self, conn: Conn, since: int | None) -> None:
        """What a newcomer hasn't seen of the chat. Read from the store only when there is something:
        most hellos (every player of every new table) cost no query."""
        if await self.last_seq() > (since or 0):
            backlog = await self.table.store.chat(self.table.id, since, chat.BACKLOG)
            if backlog:
                conn.send({"type": "chat", "messages": backlog})
