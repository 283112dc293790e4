"""JSON read back from the database: orjson, some three times faster than the standard library on
what a restart reads by the thousand (a table's state, its log's head, its options and seats); the
standard library for the little orjson refuses (an integer beyond 64 bits, NaN), so that nothing the
standard library wrote becomes unreadable."""

from __future__ import annotations

import json
from typing import Any

import orjson


def loads(text: str | bytes) -> Any:
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:  # (malformed text fails here too, with the standard library's error)
        return json.loads(text)
