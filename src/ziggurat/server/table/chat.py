"""Table chat: what a message may say and how often, checked before anything is stored.

A message is plain text on one line: the client shows it as text, never as HTML, and the server keeps
it as written (no escaping to undo). Control characters are refused, and so are the bidirectional
overrides that could make a line read differently from what was typed.

Who speaks is the server's to say: a message carries the seat of the player who wrote it, or marks a
spectator's, from the socket's seat token alone. A spectator's name is theirs to choose, but never one
of the table's seats' names (with case and look-alike letters folded as usernames are), so that no
reader, whatever their client shows, can take a spectator's words for a player's.

How often: each socket may send a few messages in a short while, then one every couple of seconds; each
client address has one budget over all its sockets and tables (for the whole site: ws.py); and at each
table, its spectators together have one budget and its players another, so that a crowd can neither
flood the table nor use up what its players may say.
"""

from __future__ import annotations

import time
import unicodedata
from collections import deque

from ziggurat.lookalike import keys
from ziggurat.server.errors import Refused
from ziggurat.server.http.limits import Bucket

MAX_TEXT = 300  # characters of one message
BACKLOG = 50  # messages a newcomer gets (the latest)
RATE = (5, 10.0)  # at most 5 messages in any 10 seconds, per socket
SPECTATOR = "Spectator"  # a spectator's name when they give none
# Embeddings, overrides and isolates (U+202A-202E, U+2066-2069): a line that says one thing and shows another.
BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def check_text(text: str) -> str:
    """The message to store (trimmed), or a refusal saying what is wrong with it."""
    text = text.strip()
    if not text:
        raise Refused("chat-empty", "Write something first.")
    if len(text) > MAX_TEXT:
        raise Refused("chat-too-long", f"A message is at most {MAX_TEXT} characters.")
    if any(unicodedata.category(c) == "Cc" or c in BIDI for c in text):
        raise Refused("chat-control", "A message can't contain control characters.")
    return text


def spectator_name(chosen: str | None, seat_names: list[str]) -> str:
    """The name a spectator's message goes under, or a refusal if it is a seat's (as usernames clash:
    sharing a look-alike key, lookalike.keys)."""
    name = chosen or SPECTATOR
    folded = set(keys(name))
    for seat_name in seat_names:
        if seat_name and folded & set(keys(seat_name)):
            why = f"A seat here is named {seat_name}: a spectator chats under another name."
            raise Refused("chat-name-taken", why, 409)
    return name


def too_many(whose: str) -> Refused:
    return Refused("chat-rate", f"Too many messages from {whose} at once; wait a few seconds.", 429)


class TablePace:
    """One table's chat budget: its spectators share one bucket, its players another."""

    def __init__(self, rate: float, burst: float) -> None:
        self.players, self.spectators = Bucket(rate, burst), Bucket(rate, burst)

    def take(self, spectator: bool) -> None:
        if not (self.spectators if spectator else self.players).allow():
            raise too_many("this table's spectators" if spectator else "this table's players")


class Rate:
    """A socket's recent messages: refuses the one that would make too many in the window."""

    def __init__(self, most: int = RATE[0], seconds: float = RATE[1]) -> None:
        self.most, self.seconds = most, seconds
        self.sent: deque[float] = deque()

    def take(self, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        while self.sent and now - self.sent[0] >= self.seconds:
            self.sent.popleft()
        if len(self.sent) >= self.most:
            wait = self.seconds - (now - self.sent[0])
            raise Refused("chat-rate", f"Too many messages at once; wait {wait:.0f} s.", 429)
        self.sent.append(now)
