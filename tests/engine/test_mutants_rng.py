"""The random stream, pinned to its published algorithm: every stored game replays from its seed, so
a stream that changed (a constant, a shift, a mask) would deal other cards to every saved table and
every seed-pinned scenario, while every property test (same seed, same stream; uniform; a
permutation) still passed. Mutation testing found these unpinned, and the edges of the keyed stream,
of the seed's key and of integers written as text."""

from __future__ import annotations

import hashlib

import pytest

from ziggurat.engine import InputError, Rng, derive
from ziggurat.engine.jsonint import SAFE, dump_int, load_int

M64 = (1 << 64) - 1


def splitmix64(x: int, count: int) -> list[int]:
    """Vigna's splitmix64.c, written out again: x += golden; two xor-shift-multiplies; xor-shift."""
    out = []
    for _ in range(count):
        x = (x + 0x9E3779B97F4A7C15) & M64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        out.append(z ^ (z >> 31))
    return out


def test_the_plain_stream_is_splitmix64() -> None:
    # the reference implementation's first outputs from a state of 0
    assert splitmix64(0, 2) == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]
    r = Rng.from_state(0)
    assert [r.next() for _ in range(2)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]
    assert Rng().s == Rng(0).s  # (the default seed)
    for seed in (0, 1, 42, M64):
        r = Rng(seed)
        start = (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & M64  # the seed, spread
        assert [r.next() for _ in range(100)] == splitmix64(start, 100), seed


def test_a_seed_deals_what_it_always_dealt() -> None:
    """The cards a seed deals, as the games' shuffle and draw make them from the stream checked above
    (numbers taken from this code once: if they change, every stored game replays differently)."""
    items = list(range(10))
    Rng(7).shuffle(items)
    assert items == [9, 3, 7, 0, 6, 4, 1, 8, 2, 5]
    r = Rng(2026)
    assert [r.below(6) for _ in range(8)] == [2, 0, 2, 1, 5, 4, 5, 2]


def test_a_shuffle_can_move_the_first_item() -> None:
    orders = set()
    for seed in range(40):
        pair = ["a", "b"]
        Rng(seed).shuffle(pair)
        orders.add(tuple(pair))
    assert orders == {("a", "b"), ("b", "a")}


def test_the_first_keyed_state_is_keyed() -> None:
    """A state of exactly 2**64 is key 1 at counter 0, not the plain stream's 0."""
    r = Rng.from_state(1 << 64)
    assert r.keyed and r.s == 1 << 64
    first = hashlib.blake2b((0).to_bytes(8, "little"), digest_size=8, key=b"\x01").digest()
    assert r.next() == int.from_bytes(first, "little") and r.s == (1 << 64) + 1
    assert Rng.from_state(-1).s == M64  # a plain state is 64 bits


def test_a_key_of_64_bytes_is_taken_and_a_longer_one_refused() -> None:
    assert Rng((1 << 512) - 1).keyed
    with pytest.raises(ValueError, match="at most 512 bits"):
        Rng(1 << 512)


def test_a_derived_seed_is_keyed_by_the_seeds_own_bytes() -> None:
    for seed in (255, 1 << 63, 12345):  # (255 and 2**63: whole bytes, where one too many shows)
        key = seed.to_bytes((seed.bit_length() + 7) // 8, "little")
        digest = hashlib.blake2b(b"bot/3", digest_size=8, key=key, person=b"ziggurat-derive").digest()
        assert derive(seed, "bot", 3) == int.from_bytes(digest, "little") >> 1


def test_a_refused_stream_says_what_and_why() -> None:
    with pytest.raises(InputError) as e:
        Rng.from_json(1.5)
    assert (e.value.code, e.value.message) == (
        "bad-state",
        "the random stream's state must be an integer (or one written as decimal text), not 1.5",
    )


def test_integers_are_numbers_while_a_double_holds_them_and_text_beyond() -> None:
    assert [dump_int(n) for n in (0, 5, -5, SAFE - 1, -(SAFE - 1))] == [0, 5, -5, SAFE - 1, -(SAFE - 1)]
    assert dump_int(SAFE) == "9007199254740992" and dump_int(-SAFE) == "-9007199254740992"


@pytest.mark.parametrize("text", [" 5", "5-", "X5", "+5", "5.0", "\u0665"])
def test_only_decimal_digits_read_as_an_integer(text: str) -> None:
    assert load_int("-12", "n") == -12 and load_int("12", "n") == 12
    with pytest.raises(ValueError, match=r"^n must be an integer"):
        load_int(text, "n")
