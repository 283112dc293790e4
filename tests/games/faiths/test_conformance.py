"""Random games at every table size and option, with the invariants checked after every action:
legal actions apply, the replay of the match log is exact, views leak no hand or deck order,
junk is refused without a change, and the state survives JSON."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from tests.games.faiths.helpers import check_invariants
from ziggurat.engine import IllegalAction, Match
from ziggurat.games.faiths import GAME
from ziggurat.games.faiths.rules import _legal
from ziggurat.games.faiths.state import REACT, FaithsState


def check_views_hide(st: FaithsState, rng: random.Random) -> None:
    """A seat's view is the same whatever it has not seen: redeal the unseen and compare."""
    for seat in range(st.n):
        other = GAME.determinize(st, seat, rng)
        check_invariants(other)
        assert GAME.view(other, seat) == GAME.view(st, seat)
        assert GAME.view(other, None) == GAME.view(st, None)
        assert GAME.to_act(other) == GAME.to_act(st)
        for s in GAME.to_act(other):  # the determinized state plays on
            assert GAME.legal(other, s)
    spectator = json.dumps(GAME.view(st, None))
    assert '"hand"' not in spectator and '"known"' not in spectator


def check_junk_refused(st: FaithsState, rng: random.Random) -> None:
    before = GAME.to_json(st)
    (seat,) = GAME.to_act(st)
    legal = GAME.legal(st, seat)
    other = (seat + 1) % st.n
    for who, action in [
        (seat, "fly:moon"),
        (seat, "remove:japan:10"),
        (seat, "pair:theology:zealots_fanatics"),
        (other, legal[0]),
        (st.n, legal[0]),
        (seat, 42),
    ]:
        if who == seat and action in legal:
            continue
        with pytest.raises(IllegalAction):
            GAME.apply(st, who, action)  # type: ignore[arg-type]
        assert GAME.to_json(st) == before


def play_random(players: int, options: dict[str, Any], seed: int, deep: bool) -> FaithsState:
    rng = random.Random(seed)
    st = GAME.new(players, options, seed)
    match = Match("faiths", players, options, seed)
    steps = 0
    while GAME.result(st) is None:
        (seat,) = GAME.to_act(st)
        legal = GAME.legal(st, seat)
        assert legal and len(legal) == len(set(legal))
        assert legal == _legal(st, seat), "the cached legal list is the fresh one"
        declined = GAME.decline(st, seat)
        assert declined == ("pass" if st.phase == REACT else None) and (declined is None or declined in legal)
        if deep and steps % 5 == 0:
            for other in range(players):
                if other != seat:
                    assert GAME.legal(st, other) == [] and GAME.decline(st, other) is None
            check_views_hide(st, rng)
            check_junk_refused(st, rng)
            assert GAME.to_json(GAME.from_json(json.loads(json.dumps(GAME.to_json(st))))) == GAME.to_json(st)
        action = rng.choice(legal)
        GAME.apply(st, seat, action)
        match.actions.append((seat, action))
        check_invariants(st)
        steps += 1
    replayed = Match.from_json(json.loads(json.dumps(match.to_json()))).replay()
    assert GAME.to_json(replayed) == GAME.to_json(st), "replay is exact"
    assert GAME.to_json(GAME.from_json(GAME.to_json(st))) == GAME.to_json(st)
    res = GAME.result(st)
    assert res is not None and res.winners
    if res.detail["reason"] == "territories":
        assert res.winners == (st.winner,) and max(res.scores) >= 14
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


@settings(max_examples=20, deadline=None)
@given(seed=hs.integers(0, 2**31), players=hs.integers(4, 11), copies=hs.integers(1, 3), bonus=hs.booleans())
def test_any_seed_plays_out(seed: int, players: int, copies: int, bonus: bool) -> None:
    play_random(
        players, {"zealots_copies": copies, "homeland_bonus": bonus, "max_rounds": 8}, seed, deep=False
    )


@settings(max_examples=40, deadline=None)
@given(seed=hs.integers(0, 2**31), junk=hs.text(max_size=24), steps=hs.integers(0, 150))
def test_illegal_actions_change_nothing(seed: int, junk: str, steps: int) -> None:
    rng = random.Random(seed)
    st = GAME.new(5, {"zealots_copies": 2}, seed)
    for _ in range(steps):
        if GAME.result(st) is not None:
            return
        (seat,) = GAME.to_act(st)
        GAME.apply(st, seat, rng.choice(GAME.legal(st, seat)))
    if GAME.result(st) is not None:
        return
    (seat,) = GAME.to_act(st)
    if junk in GAME.legal(st, seat):
        return
    before = GAME.to_json(st)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, seat, junk)
    assert e.value.code in {"unknown-action", "illegal-action", "card-not-in-hand", "reaction-only"}
    assert GAME.to_json(st) == before
    check_junk_refused(st, rng)
