"""How deeply a JSON text nests, before anything parses it (server/http/nesting.py): brackets inside strings
are text, not nesting."""

from __future__ import annotations

import json

from ziggurat.server.http.nesting import MAX_DEPTH, too_deep


def nested(levels: int) -> bytes:
    """An object holding an object holding lists: `levels` levels in all."""
    lists = levels - 2
    return b'{"options": {"x": ' + b"[" * lists + b"]" * lists + b"}}"


def test_depth_is_counted_in_levels_of_brackets() -> None:
    assert json.loads(nested(MAX_DEPTH))
    assert not too_deep(nested(MAX_DEPTH))
    assert too_deep(nested(MAX_DEPTH + 1))
    assert too_deep(b"[" * 3000 + b"]" * 3000)
    side_by_side = b"[" + (b"[" * (MAX_DEPTH - 1) + b"]" * (MAX_DEPTH - 1) + b",") * 3 + b"1]"
    assert json.loads(side_by_side) and not too_deep(side_by_side)


def test_brackets_in_strings_are_text() -> None:
    chatty = {"name": "[" * 100, "chat": '{"a": [' * 50 + '\\" [[[', "q": "\\"}
    assert not too_deep(json.dumps(chatty).encode())
    # A string ending in an escaped backslash ends there: what follows nests.
    after = json.dumps({"q": "\\", "x": "]"}).encode()[:-1] + b', "y": ' + b"[" * 40 + b"]" * 40 + b"}"
    assert json.loads(after) and too_deep(after)


def test_invalid_json_is_counted_as_it_stands() -> None:
    assert too_deep(b'{"unterminated: ' + b"[" * 40)  # (the parser refuses it anyway)
    assert not too_deep(b"]]]]" * 40)
