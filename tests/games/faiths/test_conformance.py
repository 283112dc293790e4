"""Random games at every table size and option, with Faiths' own invariants checked after every
action: cards and PC conserved, the reaction window offered to everyone, junk refused for the rules'
reasons, and the hands and Mysticism's knowledge kept out of the spectator's view (the contract itself
is checked for every game in tests/engine/test_conformance.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from tests.games.faiths.helpers import check_invariants
from tests.tiers import examples
from ziggurat.engine import IllegalAction
from ziggurat.games.faiths import GAME
from ziggurat.games.faiths.state import REACT, FaithsState


def check_views_hide(st: FaithsState, rng: random.Random) -> None:
    """What a seat has not seen may be anything: a redealt state still keeps every invariant."""
    for seat in range(st.n):
        check_invariants(GAME.determinize(st, seat, rng))
    spectator = json.dumps(GAME.view(st, None))
    assert '"hand"' not in spectator and '"known"' not in spectator


def check_junk_refused(st: FaithsState) -> None:
    before = GAME.to_json(st)
    (seat,) = GAME.to_act(st)
    legal = GAME.legal(st, seat)
    for action in ("fly:moon", "remove:japan:10", "pair:theology:zealots_fanatics"):
        if action in legal:
            continue
        with pytest.raises(IllegalAction) as e:
            GAME.apply(st, seat, action)
        assert e.value.code in {"unknown-action", "illegal-action", "card-not-in-hand", "reaction-only"}
        assert GAME.to_json(st) == before


def play_random(players: int, options: dict[str, Any], seed: int, deep: bool) -> FaithsState:
    rng = random.Random(seed)
    st = GAME.new(players, options, seed)
    steps = 0
    while GAME.result(st) is None:
        (seat,) = GAME.to_act(st)
        legal = GAME.legal(st, seat)
        declined = GAME.decline(st, seat)
        assert declined == ("pass" if st.phase == REACT else None), "every asked seat may let it stand"
        if deep and steps % 5 == 0:
            check_views_hide(st, rng)
            check_junk_refused(st)
        GAME.apply(st, seat, rng.choice(legal))
        check_invariants(st)
        steps += 1
    res = GAME.result(st)
    assert res is not None and res.winners
    if res.detail["reason"] == "territories":
        assert res.winners == (st.winner,) and max(res.scores) >= st.win
    else:
        assert st.round == st.max_rounds
    return st


@pytest.mark.parametrize("players", [4, 5, 7, 11])
def test_random_games_keep_invariants(players: int) -> None:
    options = [{}, {"homeland_bonus": True, "zealots_copies": 2}, {"zealots_copies": 3, "max_rounds": 4}]
    for i, opts in enumerate(options):
        play_random(players, opts, 100 * players + i, deep=i == 1)


def test_chosen_religions_play_out() -> None:
    play_random(6, {"religions": "choose", "homeland_bonus": True}, 9, deep=True)


@settings(max_examples=examples(20), deadline=None)
@given(seed=hs.integers(0, 2**31), players=hs.integers(4, 11), copies=hs.integers(1, 3), bonus=hs.booleans())
def test_any_seed_plays_out(seed: int, players: int, copies: int, bonus: bool) -> None:
    play_random(
        players, {"zealots_copies": copies, "homeland_bonus": bonus, "max_rounds": 8}, seed, deep=False
    )
