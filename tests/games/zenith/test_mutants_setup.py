"""A stored or hand-written Zenith state with a value of the wrong type is refused with a message that
names the field and the value (a designer's scenario file, a damaged snapshot). Mutation testing
found the type check able to vanish: the state was still refused, by a later comparison that failed
with no word about which field was wrong."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.zenith.test_setup import _good
from ziggurat.engine import InputError
from ziggurat.games.zenith import GAME


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"moves": "3"}, "moves must be an integer, not '3'"),
        ({"moves": True}, "moves must be an integer, not True"),
        ({"hands": [29, "29", 29]}, "a hand must be an integer, not '29'"),
        ({"turn": 1.0}, "must be an integer, not 1.0"),
    ],
)
def test_a_value_of_the_wrong_type_is_named(change: dict[str, Any], says: str) -> None:
    with pytest.raises(InputError) as e:
        GAME.from_json({**_good(), **change})
    assert e.value.code == "bad-state" and says in e.value.message, e.value.message
