"""A snapshot's log as stored: two lines of JSON, a head (who is asked since when, how many entries,
the last action) and the entries themselves. A restart checks the head against the stored log at once
and leaves the entries (nine tenths of the text, most of a restart's parsing) as text until the table
first needs them: a move, a client catching up, the next snapshot. Most tables never do before they
are moved again.

The first snapshots were one JSON object `{"entries": [...], "asked_since": [...]}`; they still read.

The head's `format` says which server wrote it. Servers before format 3 read large integers back through
a JSON reader that could round them (a random stream's state: the table then dealt other cards after
every restart), so what they wrote after such a read may disagree with the log: a table does not take
their snapshots on trust (`Head.exact`; server/table/restore.py checks the log instead)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ziggurat.server.table.history import Entry
from ziggurat.store import jsontext


@dataclass
class Head:
    """What a restart checks before it uses a snapshot; `entries` is the text of the entries, or the
    entries themselves (a snapshot of the first format)."""

    asked_since: dict[int, int]
    count: int
    last: tuple[int | None, str]
    entries: str | list[Entry]
    exact: bool  # written by a server whose reads were exact (format 3 on)


FORMAT = 3


def encode(entries: list[Entry], asked_since: dict[int, int]) -> str:
    last = entries[-1]
    head = {
        "format": FORMAT,
        "asked_since": sorted(asked_since.items()),
        "count": len(entries),
        "last": [last.seat, last.action],
    }
    rows = [[e.version, e.seat, e.action, e.events] for e in entries]
    # (json.dumps never writes a raw newline: one inside a string is escaped)
    return json.dumps(head, separators=(",", ":")) + "\n" + json.dumps(rows, separators=(",", ":"))


def read_head(text: str) -> Head:
    """The head of a stored snapshot log; ValueError (or KeyError, TypeError) if it can't be read."""
    first, newline, rest = text.partition("\n")
    data = jsontext.loads(first)
    asked = {int(s): int(v) for s, v in data["asked_since"]}
    if not newline:  # the first format: everything in one object, read now
        entries = read_entries(data["entries"], len(data["entries"]))
        if not entries:
            raise ValueError("it has no entries")
        last = entries[-1]
        return Head(asked, len(entries), (last.seat, last.action), entries, exact=False)
    seat, action = data["last"]
    last_ = (None if seat is None else int(seat), str(action))
    return Head(asked, int(data["count"]), last_, rest, exact=data.get("format", 2) >= FORMAT)


def read_entries(text: str | list[Any], count: int) -> list[Entry]:
    """The entries left as text by `read_head` (or parsed); they must be versions 0 to count - 1."""
    rows = jsontext.loads(text) if isinstance(text, str) else text
    entries = [Entry(int(v), seat, str(a), list(evs)) for v, seat, a, evs in rows]
    if [e.version for e in entries] != list(range(count)):
        raise ValueError(f"the snapshot's log entries are not versions 0 to {count - 1}")
    return entries
