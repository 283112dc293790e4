"""JSON read back from the database: integers of any size come back as the same integers, never as
floats (orjson 3.13 returns an integer beyond 64 bits as a float: a 193-bit random stream rounded)."""

from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ziggurat.store import jsontext

# Odd and not a power of two, so that no float holds one by accident; from just past 64 bits to 256.
BIG = [(1 << bits) - 3 * bits - 1 for bits in (65, 80, 97, 129, 193, 256)] + [
    (1 << 64) + 1,
    -(1 << 63) - 1,  # one below the least 64-bit integer
    random.Random(43).getrandbits(193) | (1 << 192) | 1,
]


def test_what_orjson_reads_comes_back_as_the_standard_library_reads_it() -> None:
    text = json.dumps({"board": "fuji", "seats": [0, 1, None], "score": 2.5, "name": "Ada \u00e9"})
    assert jsontext.loads(text) == json.loads(text)
    assert jsontext.loads(text.encode()) == json.loads(text)


@pytest.mark.parametrize("n", BIG)
def test_an_integer_beyond_64_bits_comes_back_exact_and_an_integer(n: int) -> None:
    for text in (json.dumps(n), json.dumps({"rng": n, "deck": [n, -n]}), json.dumps([[[n]]])):
        for raw in (text, text.encode()):
            back = jsontext.loads(raw)
            assert back == json.loads(text)
            found = back if isinstance(back, int) else back["rng"] if isinstance(back, dict) else back[0][0]
            found = found[0] if isinstance(found, list) else found
            assert type(found) is int and found == n


@given(st.recursive(st.integers() | st.text() | st.booleans() | st.none(), lambda c: st.lists(c, max_size=4)))
def test_any_json_of_integers_and_text_round_trips(value: object) -> None:
    text = json.dumps(value)
    assert jsontext.loads(text) == value
    assert json.dumps(jsontext.loads(text)) == text  # (same types: an int never comes back as 5.0)


def test_long_digit_runs_in_text_and_fractions_read_as_json_reads_them() -> None:
    text = json.dumps({"name": "1234567890123456789012", "x": 0.12345678901234567890123, "n": -(10**30) - 7})
    assert jsontext.loads(text) == json.loads(text)


def test_nan_is_read() -> None:
    assert math.isnan(jsontext.loads(json.dumps([float("nan")]))[0])


def test_malformed_or_too_deep_text_is_a_value_error() -> None:
    for bad in ('{"board": ', "[" * 100_000, "[" * 5000 + "1" * 30 + "]" * 5000):
        with pytest.raises(ValueError):
            jsontext.loads(bad)
