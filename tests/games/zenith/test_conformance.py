"""Random games on every board and player count, with Zenith's own invariants checked after every
action (the contract itself is checked for every game in tests/engine/test_conformance.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from tests.games.zenith.helpers import check_invariants
from ziggurat.engine import IllegalAction
from ziggurat.games.zenith import GAME
from ziggurat.games.zenith.board import BOARDS
from ziggurat.games.zenith.state import ZenithState


def play_random(players: int, board: str, seed: int) -> ZenithState:
    rng = random.Random(seed)
    st = GAME.new(players, {"board": board}, seed, record=True)
    placed = 0
    while GAME.result(st) is None:
        (seat,) = GAME.to_act(st)
        GAME.apply(st, seat, rng.choice(GAME.legal(st, seat)))
        placed += 1
        check_invariants(st)
        assert all(m.bit_count() + h == st.pieces for m, h in zip(st.own, st.hand, strict=True))
        mine, public = GAME.view(st, seat), GAME.view(st, None)
        assert {k: v for k, v in mine.items() if k not in ("seat", "colour", "legal")} == public
    res = GAME.result(st)
    assert res is not None and len(res.winners) == 1
    assert sorted(res.ranks) == list(range(1, players + 1))
    assert st.moves == placed == sum(res.scores)
    assert st.moves <= BOARDS[board].size
    events = st.events or []
    assert [e["seat"] for e in events if e["type"] == "eliminate"] == [s for s, _, _ in st.out]
    assert events[-1]["type"] == "end" and events[-1]["result"] == res.to_json()
    return st


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("board", list(BOARDS))
def test_random_games_keep_invariants(players: int, board: str) -> None:
    for seed in range(6):
        play_random(players, board, seed * 100 + players)


@settings(max_examples=30, deadline=None)
@given(seed=hs.integers(0, 2**31), players=hs.integers(2, 4), board=hs.sampled_from(sorted(BOARDS)))
def test_any_seed_plays_out(seed: int, players: int, board: str) -> None:
    play_random(players, board, seed)


JUNK = hs.one_of(
    hs.text(max_size=12),
    hs.builds(
        lambda a, b, c: f"place:{a}.{b}.{c}", hs.integers(-3, 6), hs.integers(-3, 8), hs.integers(-3, 8)
    ),
)


@settings(max_examples=60, deadline=None)
@given(seed=hs.integers(0, 2**31), junk=JUNK, board=hs.sampled_from(sorted(BOARDS)))
def test_placements_off_the_open_spaces_are_refused(seed: int, junk: str, board: str) -> None:
    rng = random.Random(seed)
    st = GAME.new(3, {"board": board})
    for _ in range(rng.randrange(25)):
        if GAME.result(st) is not None:
            return
        (seat,) = GAME.to_act(st)
        GAME.apply(st, seat, rng.choice(GAME.legal(st, seat)))
    if GAME.result(st) is not None or junk in GAME.legal(st, st.turn):
        return
    before = GAME.to_json(st)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, st.turn, junk)
    assert e.value.code in {"unknown-action", "unknown-space", "occupied", "space-not-open", "no-own-support"}
    assert GAME.to_json(st) == before
