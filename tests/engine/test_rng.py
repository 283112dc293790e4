from collections import Counter

from ziggurat.engine import Rng


def test_same_seed_same_stream() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next() for _ in range(5)] == [b.next() for _ in range(5)]
    assert Rng(1).next() != Rng(2).next()


def test_copy_and_state_roundtrip() -> None:
    a = Rng(3)
    a.next()
    b = a.copy()
    c = Rng.from_state(a.s)
    assert a.next() == b.next() == c.next()


def test_below_is_in_range_and_roughly_uniform() -> None:
    r = Rng(9)
    counts = Counter(r.below(6) for _ in range(60000))
    assert set(counts) == set(range(6))
    assert all(9000 < k < 11000 for k in counts.values())


def test_shuffle_is_a_permutation() -> None:
    items = list(range(52))
    Rng(5).shuffle(items)
    assert sorted(items) == list(range(52)) and items != list(range(52))
