"""Database URLs as people type them, mapped to the async drivers the store runs on.

`sqlite:///path.db`, `postgresql://…` and `postgres://…` (what hosting providers hand out as
DATABASE_URL, often with `?sslmode=require`) all work; anything else is refused in one clear sentence.
"""

from __future__ import annotations

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

EXAMPLES = "sqlite:///path/to/ziggurat.db or postgresql://user:password@host:5432/database"
_DRIVERS = {
    "sqlite": "sqlite+aiosqlite",
    "postgresql": "postgresql+asyncpg",
    "postgres": "postgresql+asyncpg",
}


class BadDatabaseUrl(ValueError):
    pass


def async_url(url: str) -> str:
    """The SQLAlchemy URL, with its async driver, for `url`."""
    url = url.strip()
    try:
        parsed = make_url(url)
    except ArgumentError:  # (not echoed: it may hold a password)
        raise BadDatabaseUrl(f"That is not a database URL; try {EXAMPLES}.") from None
    backend = parsed.get_backend_name()
    if backend not in _DRIVERS:
        raise BadDatabaseUrl(
            f"Ziggurat stores its tables in SQLite or PostgreSQL, not {backend!r}; try {EXAMPLES}."
        )
    if backend == "sqlite":
        if not parsed.database or parsed.database == ":memory:":  # the writer has its own connection
            raise BadDatabaseUrl(f"{url!r} names no file (a server's database is a file); try {EXAMPLES}.")
        return _DRIVERS[backend] + url[url.index("://") :]  # the path exactly as typed
    parsed = parsed.set(drivername=_DRIVERS[backend])
    if not parsed.database:
        raise BadDatabaseUrl(f"{shown(parsed)} names no database; try {EXAMPLES}.")
    if "sslmode" in parsed.query:  # libpq's name; asyncpg calls it ssl (same values)
        query = dict(parsed.query)
        query["ssl"] = query.pop("sslmode")
        parsed = parsed.set(query=query)
    return parsed.render_as_string(hide_password=False)


def shown(url: str | URL) -> str:
    """The URL with its password hidden, for logs and messages."""
    try:
        return (make_url(url) if isinstance(url, str) else url).render_as_string(hide_password=True)
    except ArgumentError:
        return "(not a URL)"
