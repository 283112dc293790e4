"""Every bot level plays complete games of every registered game (small search budgets)."""

from __future__ import annotations

from typing import Any

import pytest

from ziggurat.bots import LEVELS, Bot, HardBot, make_bot
from ziggurat.engine import Game, all_games

GAMES = [g.info.id for g in all_games()]


def play(game: Game[Any, Any], bots: list[Bot], seed: int, options: Any = None) -> Any:
    n = len(bots)
    state = game.new(n, game.options(options), seed)
    for _ in range(5000):
        if game.result(state) is not None:
            return game.result(state)
        for seat in game.each_to_act(state):
            action = bots[seat].choose(game, state, seat)
            assert action in game.legal(state, seat)
            game.apply(state, seat, action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("gid", GAMES)
def test_every_level_finishes_every_game(gid: str) -> None:
    from ziggurat.engine import get

    game = get(gid)
    n = game.info.min_players
    bots = [make_bot(LEVELS[s % len(LEVELS)], seed=s, iterations=12) for s in range(n)]
    res = play(game, bots, seed=3)
    assert len(res.ranks) == n


@pytest.mark.parametrize("gid", GAMES)
def test_hard_tables_finish(gid: str) -> None:
    from ziggurat.engine import get

    game = get(gid)
    n = min(4, game.info.max_players)
    play(game, [make_bot("hard", seed=s, iterations=6) for s in range(n)], seed=5)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="levels: random, normal, hard"):
        make_bot("grandmaster")


class TickingClock:
    """A clock that moves 10 ms each time it is read: a time budget then stops a search after a known
    number of looks, on any machine, and a budget that were ignored would show."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 0.01
        return self.now


@pytest.mark.parametrize("gid", ["zealous", "zombology"])  # plan evaluation, and ISMCTS
def test_a_time_budget_stops_the_search(gid: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The wall-clock cap stops the search well before its iteration budget (no assertion on how long
    it took: the clock is a fake one)."""
    from ziggurat.bots import ismcts, plans
    from ziggurat.engine import get

    game = get(gid)
    state = game.new(game.info.min_players, None, 1)
    seat = game.to_act(state)[0]
    assert len(game.legal(state, seat)) > 1
    uncapped = HardBot(seed=1)
    uncapped.choose(game, state, seat)
    assert uncapped.last is not None and uncapped.last.iterations >= 100

    clock = TickingClock()
    monkeypatch.setattr(ismcts, "time", clock)
    monkeypatch.setattr(plans, "time", clock)
    capped = HardBot(seed=1, iterations=None, seconds=0.05)
    action = capped.choose(game, state, seat)
    assert action in game.legal(state, seat)
    assert capped.last is not None
    assert 1 <= capped.last.iterations <= uncapped.last.iterations // 3


def _plan_search(state: Any, seat: int, settings: Any, iterations: int) -> tuple[str, Any]:
    """The Zealous hard bot's search (bots/plans.py) at one decision, seeded alike every time."""
    import random

    from ziggurat.bots.heuristics import heuristic_for
    from ziggurat.bots.ismcts import Budget, Decision
    from ziggurat.bots.plans import search_plans
    from ziggurat.engine import get

    game = get("zealous")
    d = Decision(game, state, seat, random.Random(5), heuristic_for(game), Budget(iterations=iterations))
    return search_plans(d, settings)


def test_a_work_cap_stops_the_plan_search_early_and_the_same_way_each_time() -> None:
    """`PlanSettings.work` counts simulated actions: the round's first decisions (a whole round to
    simulate per world) stop before their iteration budget, and a count, unlike a clock, makes the same
    decision every time."""
    from ziggurat.bots.plans import PlanSettings
    from ziggurat.engine import get

    game = get("zealous")
    state = game.new(4, None, 3)
    for site in ("bm1", "be2", "bm3", "be1"):  # the set-up: the first turn of round 1 is next
        game.apply(state, game.to_act(state)[0], f"birth:{site}")
    seat = game.to_act(state)[0]

    def run(work: int | None) -> tuple[str, Any]:
        return _plan_search(state, seat, PlanSettings(top=4, rounds=1, margin=0.01, work=work), 200)

    _, free = run(None)
    first, capped = run(300)
    again, same = run(300)
    assert free.iterations == 200 and 0 < capped.iterations < free.iterations
    assert (first, capped.iterations, capped.visits) == (again, same.iterations, same.visits)


def test_sequential_halving_keeps_the_better_half_of_the_candidates_each_phase() -> None:
    """With `halving`, eight candidates are each dealt worlds in the first third of the budget, the
    best four in the second, the best two in the last: the finalists meet the most worlds (the same
    ones, for a fair comparison), and the choice is one of them, the same every time."""
    import random

    from ziggurat.bots.plans import PlanSettings
    from ziggurat.engine import get

    game = get("zealous")
    state = game.new(4, None, 3)
    rng = random.Random(1)
    seat = -1
    while seat < 0 and game.result(state) is None:  # random play to a choice between eight or more
        for s in game.each_to_act(state):
            if len(game.legal(state, s)) >= 8:
                seat = s
                break
            game.apply(state, s, rng.choice(game.legal(state, s)))
    settings = PlanSettings(top=8, rounds=1, margin=0.01, halving=True)

    action, report = _plan_search(state, seat, settings, 240)
    visits = sorted((c for c in report.visits.values() if c), reverse=True)
    assert len(visits) == 8
    assert visits[0] == visits[1] > visits[2] == visits[3] > visits[4] == visits[7]
    assert report.visits[action] == visits[0]  # a finalist
    assert report.iterations <= 240
    again, same = _plan_search(state, seat, settings, 240)
    assert (again, same.visits) == (action, report.visits)
