"""JSON read back from the database: orjson where it can, the standard library where it can't."""

from __future__ import annotations

import json
import math

import pytest

from ziggurat.store import jsontext


def test_what_orjson_reads_comes_back_as_the_standard_library_reads_it() -> None:
    text = json.dumps({"board": "fuji", "seats": [0, 1, None], "score": 2.5, "name": "Ada \u00e9"})
    assert jsontext.loads(text) == json.loads(text)
    assert jsontext.loads(text.encode()) == json.loads(text)


def test_what_orjson_refuses_is_read_by_the_standard_library() -> None:
    big = 2**80  # beyond orjson's 64 bits
    assert jsontext.loads(json.dumps({"seed": big})) == {"seed": big}
    assert math.isnan(jsontext.loads(json.dumps([float("nan")]))[0])


def test_malformed_text_is_still_an_error() -> None:
    with pytest.raises(ValueError):
        jsontext.loads('{"board": ')
