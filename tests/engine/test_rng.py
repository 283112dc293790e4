import hashlib
import json
from collections import Counter

import pytest

from ziggurat.engine import InputError, Rng, derive, get, secret_seed
from ziggurat.engine.rng import mix


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


# --- the keyed stream (server tables) ------------------------------------------------------------------


def test_a_secret_seed_has_128_random_bits_and_selects_the_keyed_stream() -> None:
    seeds = {secret_seed() for _ in range(100)}
    assert len(seeds) == 100
    assert all(s.bit_length() == 129 for s in seeds)  # 128 random bits under a fixed top bit
    assert all(Rng(s).keyed for s in seeds)
    assert not Rng(42).keyed and not Rng((1 << 64) - 1).keyed and Rng(1 << 64).keyed


def test_the_keyed_stream_is_exact_to_copy_store_and_replay() -> None:
    seed = secret_seed()
    a, b = Rng(seed), Rng(seed)
    assert [a.next() for _ in range(5)] == [b.next() for _ in range(5)]
    c, d = a.copy(), Rng.from_state(json.loads(json.dumps(a.s)))
    assert a.next() == c.next() == d.next()
    assert Rng(secret_seed()).next() != Rng(secret_seed()).next()


def test_the_keyed_stream_is_blake2b_over_a_counter() -> None:
    """Output i is a keyed cryptographic hash of i: seeing outputs gives no handle on the key."""
    seed = secret_seed()
    key = seed.to_bytes((seed.bit_length() + 7) // 8, "little")
    r = Rng(seed)
    for i in range(3):
        expected = hashlib.blake2b(i.to_bytes(8, "little"), digest_size=8, key=key).digest()
        assert r.next() == int.from_bytes(expected, "little")


def test_the_keyed_stream_shuffles_uniformly() -> None:
    r = Rng(secret_seed())
    counts = Counter(r.below(6) for _ in range(30000))
    assert all(4500 < k < 5500 for k in counts.values())


def test_a_seed_too_long_for_a_key_is_refused() -> None:
    with pytest.raises(ValueError, match="512 bits"):
        Rng(1 << 600)


def test_derived_seeds_are_reproducible_and_unrelated() -> None:
    seed = secret_seed()
    assert derive(seed, "bot", 1, 7) == derive(seed, "bot", 1, 7)
    assert len({derive(seed, "bot", s, v) for s in range(4) for v in range(50)}) == 200
    assert derive(seed, "bot", 1, 7) != derive(seed + 1, "bot", 1, 7)
    assert 0 <= derive(seed, "x") < 1 << 63
    assert derive(5, "bot") == derive(5, "bot")  # small seeds too (arena, tests)


def test_mixed_seeds_are_pinned_and_spread() -> None:
    """The arena's game seeds come from `mix`: a changed output would change every arena report."""
    assert mix() == 2177342782468422677
    assert mix(1, 2, 3) == 2914391982908551680
    assert mix(-5, 1 << 70) == 4935046294036815113
    assert len({mix(a, b) for a in range(40) for b in range(40)}) == 1600
    assert all(0 <= mix(a) < 1 << 63 for a in range(100))


def test_a_stream_too_large_for_a_double_is_written_as_text_and_read_back_exact() -> None:
    a = Rng(secret_seed() | 1)
    a.next()
    written = a.to_json()
    assert written == str(a.s) and Rng.from_json(json.loads(json.dumps(written))).s == a.s
    small = Rng(42)
    assert small.to_json() == str(small.s) if small.s >= 1 << 53 else small.to_json() == small.s
    assert Rng.from_json(12345).s == Rng.from_state(12345).s  # (a plain number still reads)


@pytest.mark.parametrize("rounded", [float((1 << 192) + 12345), 1.5, True, "12a", None, [1]])
def test_a_rounded_or_malformed_stream_is_refused_not_truncated(rounded: object) -> None:
    """What a reader that turns big integers into floats (orjson 3.13) made of a state: refused."""
    with pytest.raises(InputError) as e:
        Rng.from_json(rounded)
    assert e.value.code == "bad-state"


@pytest.mark.parametrize("game_id", ["zealous", "faiths", "zombology"])
def test_a_games_state_with_a_rounded_stream_is_refused(game_id: str) -> None:
    game = get(game_id)
    st = game.new(game.info.min_players, None, secret_seed() | 1)
    data = json.loads(json.dumps(game.to_json(st)))
    assert game.to_json(game.from_json(data)) == game.to_json(st)
    data["rng"] = float(int(data["rng"]))  # as orjson 3.13 reads the integer it was once written as
    with pytest.raises(InputError):
        game.from_json(data)
