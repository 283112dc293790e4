"""Statements the lobby writes with every game (a table's row, its seats), run without SQLAlchemy's
execution path where that path costs more than the write: on the writers' own connections.

SQLAlchemy runs a statement through layers of Python (an execution context, a result, the compiled
cache's lookups) that cost several times what SQLite takes to do it, and the lobby writes a few rows
per request. On PostgreSQL the path through its asyncpg adapter (and its greenlet) cost the server more
CPU per save, alone or batched with moves, than sending the statement to asyncpg directly
(bench/pg_writes.py measures both; docs/performance.md, "The lobby"). A `Prepared`
statement is compiled by SQLAlchemy once per set of parameter names and dialect, its values converted
by the column types' own bind processors (JSON, booleans), and executed by the driver itself: on a
plain sqlite3 connection (the SQLite writer's, inside the batch's transaction) on its cursor; on an
asyncpg connection in autocommit (the PostgreSQL writer's, whose batches are asyncpg's own
transactions: writer.py) by asyncpg, awaited from inside `run_sync`. Anywhere else (a connection whose
transaction SQLAlchemy begins, which it does lazily, at its first statement: a statement sent around
it would be committed on its own) it is `conn.execute`, unchanged.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sqlalchemy.engine import Connection, Dialect
from sqlalchemy.sql.expression import Select, TextClause, UpdateBase
from sqlalchemy.util import await_only

Params = Mapping[str, Any]
# A compiled statement: its SQL, and for each `?` in order its parameter's name, the type's conversion
# (or None) and the value compiled into the statement (for a parameter the caller doesn't give).
Plan = tuple[str, list[tuple[str, Callable[[Any], Any] | None, Any]]]


class Prepared:
    def __init__(self, stmt: UpdateBase | Select[Any] | TextClause) -> None:
        self.stmt = stmt
        self._plans: dict[tuple[type[Dialect], tuple[str, ...]], Plan] = {}

    def run(self, conn: Connection, params: Params | Sequence[Params]) -> None:
        """Execute with one set of parameters, or with each of a list (an insert of several rows; none:
        nothing is executed)."""
        rows = [params] if isinstance(params, Mapping) else list(params)
        if not rows:
            return
        driver = _driver(conn)
        if driver is None:
            conn.execute(self.stmt, params)
            return
        sql, binds = self._plan(conn.dialect, rows[0])
        values = [tuple(_value(row, bind) for bind in binds) for row in rows]
        if not isinstance(driver, sqlite3.Connection):  # asyncpg's
            await_only(
                driver.execute(sql, *values[0]) if len(values) == 1 else driver.executemany(sql, values)
            )
        elif len(values) == 1:
            driver.execute(sql, values[0])
        else:
            driver.executemany(sql, values)

    def scalar(self, conn: Connection, params: Params) -> Any:
        """The first column of the first row (None if there is none)."""
        driver = _driver(conn)
        if driver is None:
            return conn.execute(self.stmt, params).scalar()
        sql, binds = self._plan(conn.dialect, params)
        values = tuple(_value(params, bind) for bind in binds)
        if not isinstance(driver, sqlite3.Connection):
            return await_only(driver.fetchval(sql, *values))
        row = driver.execute(sql, values).fetchone()
        return None if row is None else row[0]

    def _plan(self, dialect: Dialect, params: Params) -> Plan:
        key = (type(dialect), tuple(sorted(params)))
        plan = self._plans.get(key)
        if plan is None:
            compiled: Any = self.stmt.compile(dialect=dialect, column_keys=list(key[1]))
            expands = compiled.post_compile_params or compiled.literal_execute_params
            if dialect.paramstyle not in ("qmark", "numeric_dollar") or expands:
                raise TypeError(f"not a statement Prepared can run on {dialect.name}: {compiled.string}")
            binds = []
            for name in compiled.positiontup:
                bind = compiled.binds[name]
                convert = bind.type.dialect_impl(dialect).bind_processor(dialect)
                binds.append((name, convert, bind.effective_value))
            plan = self._plans[key] = (compiled.string, binds)
        return plan


def _driver(conn: Connection) -> Any:
    """The driver's own connection to run on: the SQLite writer's sqlite3 connection, or the asyncpg
    connection under `conn` if `conn` is in autocommit (so nothing of SQLAlchemy's is to begin before
    this statement); else None (any other database, driver or connection)."""
    if conn.dialect.driver == "asyncpg":
        adapted = conn.connection.dbapi_connection
        return adapted.driver_connection if getattr(adapted, "autocommit", False) else None  # type: ignore[union-attr]
    if conn.dialect.name != "sqlite":
        return None
    driver = conn.connection.driver_connection
    return driver if isinstance(driver, sqlite3.Connection) else None


def _value(params: Params, bind: tuple[str, Callable[[Any], Any] | None, Any]) -> Any:
    name, convert, compiled_in = bind
    value = params.get(name, compiled_in)
    return value if convert is None else convert(value)
