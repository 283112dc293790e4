"""Persistence: tables, seats and the append-only action log. SQLite by default, PostgreSQL by URL.

A live table is rebuilt by replaying its log (the engine's replay is exact), so the log is the truth and
nothing else about a game's state is stored.
"""

from ziggurat.store.leases import Fenced, Leases
from ziggurat.store.records import AccountRecord, Restoring, SeatRecord, Snapshot, TableRecord
from ziggurat.store.store import Conflict, Store, default_url
from ziggurat.store.urls import BadDatabaseUrl, async_url

__all__ = [
    "AccountRecord",
    "BadDatabaseUrl",
    "Conflict",
    "Fenced",
    "Leases",
    "Restoring",
    "SeatRecord",
    "Snapshot",
    "Store",
    "TableRecord",
    "async_url",
    "default_url",
]
