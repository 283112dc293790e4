"""Random games for 3-6 players and every length, with the invariants checked after every action."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from ziggurat.engine import IllegalAction, Match
from ziggurat.games.zealous import GAME
from ziggurat.games.zealous.board import BIRTH_SITES, N_TILES
from ziggurat.games.zealous.state import ZealousState


def check_invariants(st: ZealousState, prev_scores: list[int]) -> None:
    n = st.n
    for s in range(n):
        on_board = sum(st.f[t * n + s] for t in range(N_TILES))
        assert on_board + st.supply[s] == 20
        assert st.supply[s] >= 0 and min(st.f) >= 0
        assert st.score[s] >= prev_scores[s], "scores never fall"
    if n <= 4:
        for b in BIRTH_SITES:
            assert not any(st.f[b * n : b * n + n]), "no follower on a Birth Site with 3-4 players"
    placed = [p for p in st.prophet if p >= 0]
    assert len(placed) == len(set(placed)), "no two prophets on one tile"
    cards = sum(len(d) for d in st.deck) + sum(len(d) for d in st.discard) + sum(sum(h) for h in st.hand)
    cards += len(st.stack) + sum(len(fr[2]) for fr in st.stack if isinstance(fr[2], list))
    assert cards == 52, "every card is somewhere"


def check_view_hides(st: ZealousState) -> None:
    """A seat's view is the same whatever the hidden cards are: redeal them and compare."""
    rng = random.Random(0)
    for seat in [*range(st.n), None]:
        observer = seat if seat is not None else 0
        other = GAME.determinize(st, observer, rng)
        if seat is None:
            assert GAME.view(other, None) == GAME.view(st, None)
        else:
            assert GAME.view(other, seat) == GAME.view(st, seat)
        text = json.dumps(GAME.view(st, seat))
        assert "deck_order" not in text


def play_random(players: int, length: str, seed: int, deep_checks: bool) -> Match:
    rng = random.Random(seed)
    st = GAME.new(players, {"length": length}, seed)
    match = Match("zealous", players, {"length": length}, seed)
    scores = st.score[:]
    steps = 0
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
        check_invariants(st, scores)
        scores = st.score[:]
        steps += 1
        if deep_checks and steps % 7 == 0:
            check_view_hides(st)
            assert GAME.to_json(GAME.from_json(GAME.to_json(st))) == GAME.to_json(st)
    replayed = Match.from_json(json.loads(json.dumps(match.to_json()))).replay()
    assert GAME.to_json(replayed) == GAME.to_json(st), "replay is exact"
    res = GAME.result(st)
    assert res is not None and res.winners
    if length == "advanced":
        assert st.round == 10
    else:
        target = 50 if length == "beginner" else 75
        assert max(st.score) >= target
    return match


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("length", ["beginner", "intermediate", "advanced"])
def test_random_games_keep_invariants(players: int, length: str) -> None:
    for seed in range(4):
        play_random(players, length, seed * 100 + players, deep_checks=seed == 0)


@settings(max_examples=25, deadline=None)
@given(seed=hs.integers(0, 2**31), players=hs.integers(3, 6))
def test_any_seed_plays_out(seed: int, players: int) -> None:
    play_random(players, "beginner", seed, deep_checks=False)


@settings(max_examples=40, deadline=None)
@given(seed=hs.integers(0, 2**31), junk=hs.text(max_size=20))
def test_illegal_actions_change_nothing(seed: int, junk: str) -> None:
    rng = random.Random(seed)
    st = GAME.new(4, {}, seed)
    for _ in range(rng.randrange(60)):
        if GAME.result(st) is not None:
            break
        (seat,) = GAME.to_act(st)
        GAME.apply(st, seat, rng.choice(GAME.legal(st, seat)))
    if GAME.result(st) is not None:
        return
    before = GAME.to_json(st)
    (seat,) = GAME.to_act(st)
    legal = GAME.legal(st, seat)
    for who, action in [(seat, junk), ((seat + 1) % 4, legal[0]), (seat, "follower:holy:5"), (9, legal[0])]:
        if who == seat and action in legal:
            continue
        with pytest.raises(IllegalAction):
            GAME.apply(st, who, action)
        assert GAME.to_json(st) == before
