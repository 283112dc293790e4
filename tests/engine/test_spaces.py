"""A board of named spaces: ids in the listing's order, and each space's neighbours as sorted indexes."""

import pytest

from ziggurat.engine.spaces import spaces


def test_spaces_are_numbered_as_listed_and_their_neighbours_sorted() -> None:
    board = spaces({"hub": "west north east", "north": "hub", "east": "hub west", "west": "east hub"})
    assert board.ids == ("hub", "north", "east", "west")
    assert board.by_id == {"hub": 0, "north": 1, "east": 2, "west": 3}
    assert board.adjacent == ((1, 2, 3), (0,), (0, 3), (0, 2))


def test_a_neighbour_that_is_not_listed_is_an_error() -> None:
    with pytest.raises(KeyError):
        spaces({"a": "b"})
