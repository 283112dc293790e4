"""Random games on every board and player count, with the invariants checked after every action."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from tests.games.zenith.helpers import check_invariants
from ziggurat.engine import IllegalAction, Match
from ziggurat.games.zenith import GAME
from ziggurat.games.zenith.board import BOARDS


def play_random(players: int, board: str, seed: int, deep_checks: bool) -> Match:
    rng = random.Random(seed)
    options = {"board": board}
    st = GAME.new(players, options, seed, record=True)
    match = Match("zenith", players, options, seed)
    while GAME.result(st) is None:
        (seat,) = GAME.to_act(st)
        legal = GAME.legal(st, seat)
        assert legal and len(legal) == len(set(legal))
        for other in range(players):
            if other != seat:
                assert GAME.legal(st, other) == []
        action = rng.choice(legal)
        GAME.apply(st, seat, action)
        match.actions.append((seat, action))
        check_invariants(st)
        assert all(m.bit_count() + h == st.pieces for m, h in zip(st.own, st.hand, strict=True))
        if deep_checks:
            data = GAME.to_json(st)
            assert GAME.to_json(GAME.from_json(json.loads(json.dumps(data)))) == data
            mine, public = GAME.view(st, seat), GAME.view(st, None)
            assert {k: v for k, v in mine.items() if k not in ("seat", "colour", "legal")} == public
            assert mine["legal"] == GAME.legal(st, seat) and json.loads(json.dumps(mine)) == mine
    res = GAME.result(st)
    assert res is not None and len(res.winners) == 1
    assert sorted(res.ranks) == list(range(1, players + 1))
    assert st.moves == len(match.actions) == sum(res.scores)
    assert st.moves <= BOARDS[board].size
    events = st.events or []
    assert [e["seat"] for e in events if e["type"] == "eliminate"] == [s for s, _, _ in st.out]
    assert events[-1]["type"] == "end" and events[-1]["result"] == res.to_json()
    replayed = Match.from_json(json.loads(json.dumps(match.to_json()))).replay()
    assert GAME.to_json(replayed) == GAME.to_json(st), "replay is exact"
    return match


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("board", list(BOARDS))
def test_random_games_keep_invariants(players: int, board: str) -> None:
    for seed in range(6):
        play_random(players, board, seed * 100 + players, deep_checks=seed == 0)


@settings(max_examples=30, deadline=None)
@given(seed=hs.integers(0, 2**31), players=hs.integers(2, 4), board=hs.sampled_from(sorted(BOARDS)))
def test_any_seed_plays_out(seed: int, players: int, board: str) -> None:
    play_random(players, board, seed, deep_checks=False)


JUNK = hs.one_of(
    hs.text(max_size=12),
    hs.builds(
        lambda a, b, c: f"place:{a}.{b}.{c}", hs.integers(-3, 6), hs.integers(-3, 8), hs.integers(-3, 8)
    ),
    hs.none(),
    hs.integers(),
)


@settings(max_examples=60, deadline=None)
@given(seed=hs.integers(0, 2**31), junk=JUNK, board=hs.sampled_from(sorted(BOARDS)))
def test_illegal_actions_change_nothing(seed: int, junk: object, board: str) -> None:
    rng = random.Random(seed)
    st = GAME.new(3, {"board": board})
    for _ in range(rng.randrange(25)):
        if GAME.result(st) is not None:
            break
        (seat,) = GAME.to_act(st)
        GAME.apply(st, seat, rng.choice(GAME.legal(st, seat)))
    before = GAME.to_json(st)
    turn = st.turn
    legal = GAME.legal(st, turn) if turn >= 0 else []
    tries: list[tuple[int, object]] = [(turn, junk), (9, junk), (-1, junk)]
    if legal:
        tries += [((turn + 1) % 3, legal[0]), (turn, legal[0] + " ")]
    for who, action in tries:
        if who == turn and action in legal:
            continue
        with pytest.raises(IllegalAction) as e:
            GAME.apply(st, who, action)  # type: ignore[arg-type]
        assert e.value.code and e.value.message
        assert GAME.to_json(st) == before
