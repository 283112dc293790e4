"""JSON read back from the database (and from the other processes of a site): exact, and fast where
that costs nothing.

orjson reads what a restart reads by the thousand (a table's state, its log's head, its options and
seats) some three times faster than the standard library, but an integer beyond 64 bits comes back from
it as a float (from orjson 3.13 on; before, it refused it): a random stream's 193-bit state would be
rounded and the table would deal other cards after a restart. So orjson reads only text in which no
integer can be that large (no run of 19 digits: anything shorter is below 2**63), and the standard
library, exact for integers of any size, reads the rest and what orjson refuses (NaN). The games write
such integers as decimal text anyway (`engine.jsonint`), so the fast path is the usual one.
"""

from __future__ import annotations

import json
import re
from typing import Any

import orjson

_LONG_STR = re.compile(r"\d{19}")
_LONG_BYTES = re.compile(rb"\d{19}")


def loads(text: str | bytes) -> Any:
    """The value of a JSON text, with integers as exact as they were written. ValueError (json's
    JSONDecodeError among them) for malformed text or nesting too deep to read."""
    long = _LONG_STR.search(text) if isinstance(text, str) else _LONG_BYTES.search(text)
    if long is None:
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:  # (NaN and the like; malformed text fails below too)
            pass
    try:
        return json.loads(text)
    except RecursionError:  # (an array nested thousands deep)
        raise ValueError("JSON nested too deeply") from None
