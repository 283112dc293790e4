"""The shared helpers of the games' scenario expectations: what they accept and how they word a miss."""

from typing import Any

import pytest

from ziggurat.engine.expect import counts_on, per_seat, pile, same_cards, seat_values

NAMES = {"ada": 0, "bo": 1, "cy": 2}


def seat_of(ref: Any) -> int:
    return NAMES[ref] if isinstance(ref, str) else int(ref)


def test_per_seat_takes_a_full_list_or_named_seats() -> None:
    assert per_seat([5, 6, 7], seat_of, 3) == {0: 5, 1: 6, 2: 7}
    assert per_seat({"bo": 6}, seat_of, 3) == {1: 6}
    with pytest.raises(ValueError, match="one per seat"):
        per_seat([5, 6], seat_of, 3)


def test_seat_values_names_each_miss() -> None:
    assert seat_values("scores", [1, 2, 3], {"cy": 3}, seat_of) == []
    assert seat_values("scores", [1, 2, 3], [1, 9, 3], seat_of) == ["scores[1] is 2, expected 9"]


def test_cards_in_any_order_and_piles_by_size_or_top() -> None:
    assert same_cards(["b", "a"], ["a", "b"], "hand") == []
    assert same_cards(["b"], ["a"], "hand") == ["hand is ['b'], expected ['a']"]
    assert pile(["x", "y", "z"], 3, "the deck") == []
    assert pile(["x", "y", "z"], ["x", "y"], "the deck") == []
    assert pile(["x"], 2, "the deck") == ["the deck has 1 cards, expected 2"]
    assert pile(["x", "y"], ["y"], "the deck") == ["the deck starts ['x'], expected ['y']"]


def test_counts_on_places_unnamed_seats_have_none() -> None:
    rows = {"e1": [0, 2, 0], "e2": [1, 0, 0]}
    assert counts_on(rows, {"e1": {"bo": 2}}, seat_of, 3, "tile", "followers on") == []
    assert counts_on(rows, {"e2": {"bo": 1}, "zz": {}}, seat_of, 3, "tile", "followers on") == [
        "followers on e2 are [1, 0, 0], expected [0, 1, 0]",
        "unknown tile 'zz'",
    ]
