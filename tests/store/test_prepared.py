"""Prepared statements write on SQLite's own cursor exactly what SQLAlchemy's execution writes.

The same rows go in through each path, into two fresh databases, and are read back raw (the text and
numbers SQLite holds, not values SQLAlchemy converts on the way out): JSON columns, booleans, NULLs,
floats and several rows at once included.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from ziggurat.store import Store
from ziggurat.store.prepared import Prepared
from ziggurat.store.schema import game_tables, seats

TABLES: list[dict[str, Any]] = [
    {
        "id": "t1",
        "game": "zealous",
        "options": {"length": "beginner", "first": [1, 2]},
        "players": 4,
        "seed": "123456789012345678901234567890",
        "order_seed": 2**62,
        "status": "finished",
        "host": 0,
        "created_at": 1.25,
        "started_at": 2.5,
        "finished_at": 3.0,
        "result": {"ranking": [[0], [1, 2]], "scores": [3.5, 1]},
        "version": 17,
        "touched_at": 4.0,
        "created_by": "ab" * 32,
        "spectator_chat": False,
        "rematch_of": None,
        "rematch": "t2",
        "clock": None,
        "rated": True,
    },
    {  # every column that may be NULL is, and the JSON ones hold what JSON can
        "id": "t2",
        "game": "zenith",
        "options": {},
        "players": 2,
        "seed": "1",
        "order_seed": 0,
        "status": "open",
        "host": None,
        "created_at": 0.0,
        "started_at": None,
        "finished_at": None,
        "result": None,
        "version": 0,
        "touched_at": None,
        "created_by": None,
        "spectator_chat": True,
        "rematch_of": None,
        "rematch": None,
        "clock": {"mode": "realtime", "bank": 600.0, "increment": 5},
        "rated": False,
    },
]
SEATS = [
    {
        "table_id": "t1",
        "seat": s,
        "kind": k,
        "name": f"P{s} é",
        "token_hash": None,
        "level": lv,
        "has_left": s == 1,
    }
    for s, (k, lv) in enumerate([("human", None), ("bot", "hard"), ("human", None)])
]


def dump(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    with sqlite3.connect(path) as db:
        return {
            name: db.execute(f"SELECT * FROM {name} ORDER BY 1, 2").fetchall()
            for name in ("game_tables", "seats")
        }


@pytest.mark.parametrize("update", [False, True])
async def test_the_same_rows_as_sqlalchemy_writes(tmp_path: Path, update: bool) -> None:
    statements = {
        "insert_table": game_tables.insert(),
        "insert_seats": seats.insert(),
        "update_table": game_tables.update().where(game_tables.c.id == sa.bindparam("key")),
        "delete_seats": seats.delete().where(seats.c.table_id == sa.bindparam("key")),
    }
    prepared = {name: Prepared(stmt) for name, stmt in statements.items()}
    for how in ("sqlalchemy", "prepared"):
        store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / how}.db")

        def write(conn: Any, how: str = how) -> None:
            def run(name: str, params: Any) -> None:
                if how == "prepared":
                    prepared[name].run(conn, params)
                else:
                    conn.execute(statements[name], params)

            run("insert_table", TABLES[0])
            run("insert_table", TABLES[1])
            run("insert_seats", SEATS)
            if update:  # the second table takes the first's values, but for its id; the seats change
                row = {k: v for k, v in TABLES[0].items() if k != "id"} | {"key": "t2"}
                run("update_table", row)
                run("delete_seats", {"key": "t1"})
                run("insert_seats", [SEATS[2] | {"table_id": "t2"}])

        await store.writer.write(write)
        await store.close()
    assert dump(tmp_path / "prepared.db") == dump(tmp_path / "sqlalchemy.db")
    assert len(dump(tmp_path / "prepared.db")["game_tables"]) == 2


async def test_scalar_and_no_rows(tmp_path: Path) -> None:
    count = Prepared(sa.select(sa.func.count()).where(game_tables.c.status == "open"))
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'z.db'}")
    try:

        def write(conn: Any) -> tuple[Any, Any]:
            assert isinstance(conn.connection.driver_connection, sqlite3.Connection)  # (the path tested)
            Prepared(seats.insert()).run(conn, [])  # nothing to insert: nothing happens
            before = count.scalar(conn, {})
            Prepared(game_tables.insert()).run(conn, TABLES[1])
            return before, count.scalar(conn, {})

        assert await store.writer.write(write) == (0, 1)  # (the status compiled into the statement)
    finally:
        await store.close()
