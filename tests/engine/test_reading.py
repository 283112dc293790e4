"""Reading set-ups: a name or a seat that isn't there is refused with the choices, as bad-setup."""

import pytest

from ziggurat.engine import InputError
from ziggurat.engine.reading import mapping, named, seat_number


def test_a_name_is_looked_up_or_refused_with_the_choices() -> None:
    index = {"e1": 0, "e2": 1}
    assert named(index, "e2", "tile", "tiles") == 1
    with pytest.raises(InputError) as e:
        named(index, "e9", "tile", "tiles")
    assert e.value.code == "bad-setup" and e.value.message == "Unknown tile 'e9'; tiles: e1, e2."


@pytest.mark.parametrize(
    ("ref", "message"),
    [
        ("x", "Bad seat 'x'."),
        (None, "Bad seat None."),
        ("4", "There is no seat 4."),
        (1.5, "Bad seat 1.5."),  # not read as seat 1
        (True, "Bad seat True."),
        ("1.0", "Bad seat '1.0'."),
        ("--1", "Bad seat '--1'."),
    ],
)
def test_a_seat_is_a_number_below_the_player_count(ref: object, message: str) -> None:
    assert seat_number("2", 3) == 2 and seat_number(0, 3) == 0 and seat_number(" 1", 3) == 1
    with pytest.raises(InputError) as e:
        seat_number(ref, 3)
    assert e.value.code == "bad-setup" and e.value.message == message


def test_a_setup_entry_that_must_map_is_refused_otherwise() -> None:
    assert mapping({}, "hands", "a seat to a list of cards") == {}
    assert mapping({"hands": {"0": []}}, "hands", "a seat to a list of cards") == {"0": []}
    with pytest.raises(InputError) as e:
        mapping({"hands": [1]}, "hands", "a seat to a list of cards")
    assert e.value.message == "setup.hands must map a seat to a list of cards."
