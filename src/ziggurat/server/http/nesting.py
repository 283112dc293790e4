"""How deeply a JSON text nests, checked before anything parses it.

No request body or websocket message of the protocol nests more than a few levels (a table's options
hold a card count at the third). A body of a few kilobytes can nest a thousand levels, though: deep
enough for Python's JSON parser to give up, or for a value that did parse to crash whatever prints it
(`repr` recurses). So every body is refused at the door when it nests beyond `MAX_DEPTH`.
"""

from __future__ import annotations

import re

MAX_DEPTH = 16  # levels of [ and { (an object in an object is two)
# A JSON string, escapes included: its brackets are text, not nesting.
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))
_OPEN = frozenset(b"[{")


def too_deep(text: bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether this JSON text (or what it would be, were it valid) nests more than `limit` levels."""
    if text.count(b"[") + text.count(b"{") <= limit:  # (every ordinary body: no scan at all)
        return False
    depth = 0
    for c in _STRING.sub(b"", text).translate(None, _NOT_BRACKETS):
        depth += 1 if c in _OPEN else -1
        if depth > limit:
            return True
    return False
