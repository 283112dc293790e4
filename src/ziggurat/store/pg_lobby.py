"""The lobby's table writes on PostgreSQL, one statement each.

Every game writes its table three or four times (create; a join per seat; start; finish). Written as
on SQLite (update the row, delete the seats, insert them again) that was three or four statements, and
on PostgreSQL each statement is a round trip that costs the server's process CPU in the driver and
the event loop, more than PostgreSQL's own work does. Here each write is one statement of
data-modifying CTEs: the row, the seats (an upsert from arrays, which rewrites only the seats that
changed) and, as the case may be, the finished table's snapshot, the creator's count of open tables and
the first lease. The statements are spelled out from the schema, so a new column is written here too,
and sent to asyncpg directly on the writer's connections (prepared.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql
from sqlalchemy.engine import Connection

from ziggurat.store.prepared import Prepared
from ziggurat.store.schema import game_tables, seats

_PG = postgresql.dialect()  # type: ignore[no-untyped-call]
_TABLE = [c for c in game_tables.c if c.name != "id"]  # (the row's key is `key` in `save`)
_SEATS = [c for c in seats.c if c.name != "table_id"]
_SEAT_NAMES = ", ".join(c.name for c in _SEATS)
# Each seat column as an array parameter (`s_kind`...), one element per seat, unnested into rows.
_UNNEST = "unnest(" + ", ".join(f"CAST(:s_{c.name} AS {c.type.compile(dialect=_PG)}[])" for c in _SEATS) + ")"
_TYPED = [sa.bindparam(c.name, type_=c.type) for c in game_tables.c]  # (JSON and booleans converted)


def _cast(c: sa.Column[Any]) -> str:
    return f"CAST(:{c.name} AS {c.type.compile(dialect=_PG)})"


_SAVE = Prepared(
    sa.text(
        "WITH t AS (UPDATE game_tables SET "
        + ", ".join(f"{c.name} = {_cast(c)}" for c in _TABLE)
        + " WHERE id = :key),"
        " gone AS (DELETE FROM seats WHERE table_id = :key AND NOT seat = ANY(CAST(:s_seat AS INTEGER[]))),"
        " snap AS (DELETE FROM snapshots WHERE table_id = :key AND CAST(:finished AS BOOLEAN))"
        f" INSERT INTO seats AS s (table_id, {_SEAT_NAMES}) SELECT :key, * FROM {_UNNEST}"
        " ON CONFLICT (table_id, seat) DO UPDATE SET "
        + ", ".join(f"{c.name} = excluded.{c.name}" for c in _SEATS if c.name != "seat")
        + f" WHERE ({', '.join('s.' + c.name for c in _SEATS)})"
        f" IS DISTINCT FROM ({', '.join('excluded.' + c.name for c in _SEATS)})"
    ).bindparams(*(b for b in _TYPED if b.key != "id"))
)


def _create(capped: bool, leased: bool) -> Prepared:
    # (the function takes the creator's lock, then counts: migration 0011 says why that is enough)
    cap = " WHERE open_tables_locked(CAST(:created_by AS TEXT)) < :max_open" if capped else ""
    lease = (
        ", l AS (INSERT INTO leases (table_id, owner, token, expires_at)"
        " SELECT id, :owner, 1, extract(epoch from clock_timestamp()) + :ttl FROM t)"
        if leased
        else ""
    )
    names = ", ".join(c.name for c in game_tables.c)
    return Prepared(
        sa.text(
            f"WITH t AS (INSERT INTO game_tables ({names})"
            f" SELECT {', '.join(_cast(c) for c in game_tables.c)}{cap} RETURNING id),"
            f" s AS (INSERT INTO seats (table_id, {_SEAT_NAMES}) SELECT t.id, u.* FROM t, {_UNNEST} AS u)"
            f"{lease} SELECT count(*) FROM t"
        ).bindparams(*_TYPED)
    )


_CREATE = {(capped, leased): _create(capped, leased) for capped in (False, True) for leased in (False, True)}


def _seat_arrays(seat_rows: Sequence[dict[str, Any]]) -> dict[str, list[Any]]:
    return {f"s_{c.name}": [r[c.name] for r in seat_rows] for c in _SEATS}


def save(conn: Connection, row: dict[str, Any], seat_rows: Sequence[dict[str, Any]]) -> None:
    """Write a table's row (`row`: its columns, `id` among them) and make its seats these; a finished
    table's snapshot goes (it is replayed whole when asked for)."""
    params = {**row, "key": row["id"], "finished": row["status"] == "finished", **_seat_arrays(seat_rows)}
    _SAVE.run(conn, params)


def create(
    conn: Connection,
    row: dict[str, Any],
    seat_rows: Sequence[dict[str, Any]],
    max_open: int | None,
    owner: tuple[str, float] | None,
) -> bool:
    """Insert a table with its seats, if `max_open` is None or its creator has fewer open tables than
    that (counted under the creator's lock, held until this statement commits); with `owner` (node,
    seconds), its first lease. False if the creator had too many."""
    params: dict[str, Any] = {**row, **_seat_arrays(seat_rows)}
    if max_open is not None:
        params["max_open"] = max_open
    if owner is not None:
        params["owner"], params["ttl"] = owner
    return bool(_CREATE[max_open is not None, owner is not None].scalar(conn, params))
