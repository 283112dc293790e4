"""Bit sets: the set bits lowest first, and the items they pick."""

from ziggurat.engine.bits import bits, picked


def test_bits_and_the_items_they_pick_lowest_first() -> None:
    assert bits(0) == [] and bits(0b101001) == [0, 3, 5]
    assert bits(1 << 90 | 2) == [1, 90]
    assert picked("abcdef", 0b101001) == ["a", "d", "f"]
    assert picked(range(100), 1 << 90 | 2) == [1, 90]
