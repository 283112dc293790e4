"""Tables whose stored log doesn't replay here: answered `table-broken` at once, said once in the
log, and tried again only after a wait that doubles with each failure (so that one broken table
costs neither a replay per request nor a flood of tracebacks)."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from ziggurat.server.errors import Refused

log = logging.getLogger("ziggurat.server")
BROKEN_FIRST, BROKEN_MOST = 30.0, 3600.0  # seconds before a broken table is tried again, doubling


@dataclass
class Broken:
    """A table whose log doesn't replay here: answered `table-broken` at once until `retry_at` (monotonic),
    then tried again, each failure waiting twice as long (BROKEN_FIRST up to BROKEN_MOST)."""

    retry_at: float
    wait: float


def broken() -> Refused:
    return Refused(
        "table-broken", "This table's log no longer replays; the site's operators have been told.", 500
    )


class BrokenTables:
    def __init__(self) -> None:
        self.tables: dict[str, Broken] = {}  # tables that failed to load, until they are tried again

    def check(self, table_id: str) -> None:
        """Refuse at once a table whose wait is not over."""
        trouble = self.tables.get(table_id)
        if trouble is not None and time.monotonic() < trouble.retry_at:
            raise broken()

    def failed(self, table_id: str, error: Exception) -> None:
        """A table that doesn't load: said once in the log (the traceback at debug level), and not
        tried again until its wait is over."""
        trouble = self.tables.get(table_id)
        wait = BROKEN_FIRST if trouble is None else min(BROKEN_MOST, trouble.wait * 2)
        self.tables[table_id] = Broken(time.monotonic() + wait, wait)
        log.error(
            "table %s: its log does not replay (%s: %s); answered table-broken, tried again in %.0f s",
            table_id,
            type(error).__name__,
            error,
            wait,
        )
        log.debug("table %s: why its log does not replay", table_id, exc_info=error)

    def mended(self, table_id: str) -> None:
        self.tables.pop(table_id, None)
