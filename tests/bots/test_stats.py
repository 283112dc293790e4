"""Arena statistics on known inputs."""

from __future__ import annotations

import pytest

from ziggurat.bots.arena.stats import summarize, wilson


@pytest.mark.parametrize(
    ("wins", "n", "low", "high"),
    [
        (0, 10, 0.0, 0.2775),  # published 95% Wilson intervals
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0),
        (1, 10, 0.0179, 0.4042),
        (50, 100, 0.4038, 0.5962),
    ],
)
def test_wilson_matches_published_intervals(wins: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson(wins, n)
    assert lo == pytest.approx(low, abs=1e-4)
    assert hi == pytest.approx(high, abs=1e-4)


def test_wilson_without_trials_is_uninformative() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def record(
    i: int,
    seats: list[str],
    winners: list[int],
    scores: list[float],
    cards: object = None,
    detail: dict | None = None,
) -> dict:
    n = len(seats)
    shares = [1 / len(winners) if s in winners else 0.0 for s in range(n)]
    return {
        "index": i,
        "seats": seats,
        "winners": winners,
        "shares": shares,
        "scores": scores,
        "actions": 10 + i,
        "rounds": 3,
        "detail": detail or {},
        "cards": cards,
    }


def test_shared_wins_count_one_over_k_and_seats_add_up() -> None:
    recs = [
        record(0, ["hard", "random", "random"], [0], [9, 1, 2]),
        record(1, ["random", "hard", "random"], [1, 2], [3, 5, 5]),  # shared: 1/2 each
        record(2, ["random", "random", "hard"], [], [0, 0, 0]),  # nobody wins
    ]
    s = summarize(recs, 3)
    assert s["bots"]["hard"]["wins"] == pytest.approx(1.5)
    assert s["bots"]["hard"]["n"] == 3
    assert s["bots"]["random"]["wins"] == pytest.approx(0.5)
    assert s["bots"]["random"]["n"] == 6
    assert s["bots"]["hard"]["mean_score"] == pytest.approx((9 + 5 + 0) / 3)
    assert [x["wins"] for x in s["seats"]] == pytest.approx([1.0, 0.5, 0.5])
    assert s["no_winner"] == 1
    assert s["length"]["actions_mean"] == pytest.approx(11)
    assert "cards" not in s


def test_card_statistics() -> None:
    recs = [
        record(0, ["a", "b"], [0], [5, 1], cards=[{"stone": 2}, {"vision": 1}]),
        record(1, ["b", "a"], [0], [5, 1], cards=[{"stone": 1}, {}]),
    ]
    cards = summarize(recs, 2)["cards"]
    assert cards["stone"]["plays"] == 3
    assert cards["stone"]["n"] == 2  # two player-games played it ...
    assert cards["stone"]["share"] == pytest.approx(1.0)  # ... and both won
    assert cards["vision"]["share"] == 0.0
    assert cards["stone"]["per_game"] == pytest.approx(1.5)


def test_endings_are_read_alike_from_every_game_s_result_detail() -> None:
    """Texts in `Result.detail` are tallied per game, whatever the game: a text, or each item of a list
    of texts (`none` when empty); numbers and tables are left to the game."""
    recs = [
        record(0, ["a", "b"], [0], [5, 1], detail={"cured": ["crystals"], "points": [{"crystals": 8}]}),
        record(1, ["b", "a"], [], [0, 0], detail={"cured": [], "points": [{}, {}]}),
        record(2, ["a", "b"], [1], [1, 9], detail={"reason": "max_rounds", "pcs": [3, 4]}),
        record(3, ["b", "a"], [1], [1, 9]),
    ]
    endings = summarize(recs, 2)["endings"]
    assert sorted(endings) == ["cured=crystals", "cured=none", "reason=max_rounds"]
    assert endings["cured=none"]["wins"] == 1 and endings["cured=none"]["n"] == 4
    assert endings["cured=crystals"]["share"] == pytest.approx(0.25)
    assert "endings" not in summarize(recs[3:], 2)
