"""Table and seat records to and from their database rows: one list of fields each, so that a field
added to a record is read and written alike (the columns are named as the fields, but a seat's
`account`, whose column is `account_id`)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from ziggurat.store.records import SeatRecord, TableRecord

_TABLE_FIELDS = [f.name for f in fields(TableRecord) if f.name != "seats"]  # (seats: rows of their own)
_SEAT_COLUMNS = {f.name: "account_id" if f.name == "account" else f.name for f in fields(SeatRecord)}


def table_row(rec: TableRecord) -> dict[str, Any]:
    row = {k: getattr(rec, k) for k in _TABLE_FIELDS}
    row["seed"] = str(rec.seed)  # (129 bits: more than a database integer holds)
    return row


def seat_row(table_id: str, s: SeatRecord) -> dict[str, Any]:
    return {"table_id": table_id, **{column: getattr(s, f) for f, column in _SEAT_COLUMNS.items()}}


def table_record(m: Any) -> TableRecord:
    """A table's record from its row (without its seats)."""
    rec = TableRecord(**{k: m[k] for k in _TABLE_FIELDS})
    rec.options, rec.seed = dict(rec.options or {}), int(rec.seed)
    rec.spectator_chat, rec.rated = bool(rec.spectator_chat), bool(rec.rated)
    return rec


def seat_record(m: Any) -> SeatRecord:
    s = SeatRecord(**{f: m[column] for f, column in _SEAT_COLUMNS.items()})
    s.has_left, s.auto_pass = bool(s.has_left), bool(s.auto_pass)
    return s


def chat_message(r: Any) -> dict[str, Any]:
    seq, at, seat, name, spectator, text = r
    return {"seq": seq, "at": at, "seat": seat, "name": name, "spectator": bool(spectator), "text": text}
