"""Statements the lobby writes with every game (a table's row, its seats), run without SQLAlchemy's
execution path where that path costs more than the write: on SQLite's writer.

SQLAlchemy runs a statement in some 50-80 µs of Python (an execution context, a result, the compiled
cache's lookups), several times what SQLite takes to do it; the lobby's few writes per request were
a seventh of its CPU. A `Prepared` statement is compiled by SQLAlchemy once per set of parameter
names, its values converted by the column types' own bind processors (JSON, booleans), and on the
SQLite writer's connection (a plain sqlite3 connection, inside the batch's transaction) executed on
its cursor. Anywhere else (PostgreSQL, an async connection) it is `conn.execute`, unchanged.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sqlalchemy.engine import Connection, Dialect
from sqlalchemy.sql.expression import Select, UpdateBase

Params = Mapping[str, Any]
# A compiled statement: its SQL, and for each `?` in order its parameter's name, the type's conversion
# (or None) and the value compiled into the statement (for a parameter the caller doesn't give).
Plan = tuple[str, list[tuple[str, Callable[[Any], Any] | None, Any]]]


class Prepared:
    def __init__(self, stmt: UpdateBase | Select[Any]) -> None:
        self.stmt = stmt
        self._plans: dict[tuple[type[Dialect], tuple[str, ...]], Plan] = {}

    def run(self, conn: Connection, params: Params | Sequence[Params]) -> None:
        """Execute with one set of parameters, or with each of a list (an insert of several rows; none:
        nothing is executed)."""
        rows = [params] if isinstance(params, Mapping) else list(params)
        if not rows:
            return
        raw = _raw(conn)
        if raw is None:
            conn.execute(self.stmt, params)
            return
        sql, binds = self._plan(conn.dialect, rows[0])
        values = [tuple(_value(row, bind) for bind in binds) for row in rows]
        if len(values) == 1:
            raw.execute(sql, values[0])
        else:
            raw.executemany(sql, values)

    def scalar(self, conn: Connection, params: Params) -> Any:
        """The first column of the first row (None if there is none)."""
        raw = _raw(conn)
        if raw is None:
            return conn.execute(self.stmt, params).scalar()
        sql, binds = self._plan(conn.dialect, params)
        row = raw.execute(sql, tuple(_value(params, bind) for bind in binds)).fetchone()
        return None if row is None else row[0]

    def _plan(self, dialect: Dialect, params: Params) -> Plan:
        key = (type(dialect), tuple(sorted(params)))
        plan = self._plans.get(key)
        if plan is None:
            compiled: Any = self.stmt.compile(dialect=dialect, column_keys=list(key[1]))
            expands = compiled.post_compile_params or compiled.literal_execute_params
            if dialect.paramstyle != "qmark" or expands:
                raise TypeError(f"not a statement Prepared can run on {dialect.name}: {compiled.string}")
            binds = []
            for name in compiled.positiontup:
                bind = compiled.binds[name]
                convert = bind.type.dialect_impl(dialect).bind_processor(dialect)
                binds.append((name, convert, bind.effective_value))
            plan = self._plans[key] = (compiled.string, binds)
        return plan


def _raw(conn: Connection) -> sqlite3.Connection | None:
    """The SQLite writer's own sqlite3 connection, or None (any other database or driver)."""
    if conn.dialect.name != "sqlite":
        return None
    driver = conn.connection.driver_connection
    return driver if isinstance(driver, sqlite3.Connection) else None


def _value(params: Params, bind: tuple[str, Callable[[Any], Any] | None, Any]) -> Any:
    name, convert, compiled_in = bind
    value = params.get(name, compiled_in)
    return value if convert is None else convert(value)
