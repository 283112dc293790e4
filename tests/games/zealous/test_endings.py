"""Winning (rulebook: Winning; rulings: Set-up game length, the end of the game).

The game can only end at the end of a round, after Tallying and Proliferation. Beginner: someone has
50 points or more; intermediate: 75; advanced: the end of round 10. Highest score wins; tied, the tied
prophet closest to the Holy City (a prophet off the board is farthest); still tied, a shared victory.
"""

from __future__ import annotations

import pytest

from tests.games.zealous.helpers import act, end_round_now, position, refuse
from ziggurat.games.zealous import GAME


def test_beginner_ends_at_the_end_of_the_round_reaching_50() -> None:
    st = position(turn=2, followers={"j1": {0: 1}}, scores=[49, 30, 10])
    act(st, 2, "stay", "skip")
    assert st.score == [50, 30, 10]
    res = GAME.result(st)
    assert res is not None and res.winners == (0,) and res.ranks == (1, 2, 3)
    assert res.scores == (50.0, 30.0, 10.0)
    assert GAME.to_json(st)["phase"] == "over" and GAME.to_act(st) == ()
    assert GAME.legal(st, 0) == []
    refuse(st, 0, "stay", "game-over")


def test_beginner_49_goes_on() -> None:
    st = position(turn=2, followers={"j1": {0: 1}}, scores=[48, 30, 10])
    end_round_now(st)
    assert GAME.result(st) is None and st.round == 2


def test_reaching_the_target_mid_round_still_finishes_the_round() -> None:
    """Always finish the round: a player already at 55 as the round starts plays on with everyone,
    and the game ends only after that round's Tallying and Proliferation."""
    st = position(followers={"e2": {1: 1}}, scores=[55, 0, 0], hands={1: ["famine"]})
    act(st, 0, "stay", "skip")
    assert GAME.result(st) is None and GAME.to_act(st) == (1,)
    act(st, 1, "stay", "skip")
    act(st, 2, "move:m3", "place:e3")
    res = GAME.result(st)
    assert res is not None and res.winners == (0,)
    assert st.score == [55, 1, 1]  # tallied
    assert GAME.to_json(st)["followers"]["e2"] == [0, 2, 0]  # and proliferated, before the end


def test_the_end_waits_for_short_supply_choices() -> None:
    st = position(turn=2, followers={"j1": {0: 10}, "e1": {0: 9}}, scores=[40, 0, 0])
    act(st, 2, "stay", "skip")
    assert GAME.result(st) is None and GAME.to_act(st) == (0,)
    act(st, 0, "tile:j1")
    res = GAME.result(st)
    assert res is not None and res.winners == (0,) and st.score == [59, 0, 0]


def test_intermediate_ends_at_75_not_before() -> None:
    st = position(turn=2, length="intermediate", followers={"j1": {0: 1}}, scores=[73, 60, 0])
    end_round_now(st)
    assert GAME.result(st) is None and st.score[0] == 74
    end_round_now(st)  # 74 + 2 (j1 proliferated)
    res = GAME.result(st)
    assert res is not None and res.winners == (0,) and st.score[0] == 76


def test_advanced_ends_at_the_end_of_round_10_whatever_the_score() -> None:
    st = position(turn=2, length="advanced", round=9, scores=[120, 0, 0])
    end_round_now(st)
    assert GAME.result(st) is None and st.round == 10
    end_round_now(st)
    res = GAME.result(st)
    assert res is not None and res.winners == (0,) and st.round == 10


def test_advanced_round_10_ends_even_with_low_scores() -> None:
    st = position(turn=2, length="advanced", round=10, scores=[3, 5, 4])
    end_round_now(st)
    res = GAME.result(st)
    assert res is not None and res.winners == (1,) and res.ranks == (3, 1, 2)


# --- tie-breaks -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("prophets", "winners", "ranks"),
    [
        (["m1", "j1", "holy"], (1,), (2, 1, 3)),  # 3 steps vs 1 step
        (["bm1", "be1", "holy"], (1,), (2, 1, 3)),  # Birth Sites: bm 4 steps, be 3 steps
        (["e2", None, "holy"], (0,), (1, 2, 3)),  # dead: farthest of all
        (["bm2", None, "holy"], (0,), (1, 2, 3)),  # even a Birth Site behind a Miracle tile is nearer
        (["e1", "e3", "holy"], (0, 1), (1, 1, 3)),  # same distance: shared victory
        ([None, None, "holy"], (0, 1), (1, 1, 3)),  # both dead: shared victory
    ],
)
def test_ties_go_to_the_prophet_nearest_the_holy_city(
    prophets: list[str | None], winners: tuple[int, ...], ranks: tuple[int, ...]
) -> None:
    """Scores 20, 20, 10 at the end of round 10 (advanced); seat 2 stands in the Holy City but has
    fewer points, so it comes last whatever its distance."""
    st = position(turn=2, length="advanced", round=10, prophets=prophets, scores=[20, 20, 10])
    end_round_now(st)
    res = GAME.result(st)
    assert res is not None and res.winners == winners and res.ranks == ranks
    assert res.to_json()["winners"] == list(winners)


def test_three_way_tie_fully_shared() -> None:
    st = position(turn=2, length="advanced", round=10, prophets=["j1", "j2", "j3"], scores=[7, 7, 7])
    end_round_now(st)
    res = GAME.result(st)
    assert res is not None and res.winners == (0, 1, 2) and res.ranks == (1, 1, 1)
