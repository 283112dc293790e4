"""The clocks' arithmetic (server/table/clocks.py), without a server: banks, increments, periods, timeouts,
take-backs, and what is stored."""

from __future__ import annotations

import pytest

from ziggurat.server.errors import Refused
from ziggurat.server.table.clocks import GRACE, Clocks, TimeControl

REALTIME = TimeControl("realtime", 300.0, 10.0)
TURN = TimeControl("turn", 86400.0)


def test_a_realtime_bank_runs_while_asked_and_gains_the_increment_when_the_turn_ends() -> None:
    c = Clocks.new(REALTIME, 2)
    c.step(1000.0, {0: 0})  # seat 0 is asked at the start
    assert c.left(0, 1030.0) == 270.0 and c.left(1, 1030.0) == 300.0
    c.step(1030.0, {1: 1}, acted=0)  # seat 0 played after 30 s: its turn is over
    assert c.run[0] is None and c.bank[0] == 280.0  # 300 - 30 + 10
    assert c.deadline(1) == 1030.0 + 300.0
    assert c.left(0, 5000.0) == 280.0  # a stopped clock doesn't run


def test_no_increment_between_two_decisions_of_one_turn() -> None:
    c = Clocks.new(REALTIME, 2)
    c.step(0.0, {0: 0})
    c.step(5.0, {0: 1}, acted=0)  # still asked: the next step of the same turn
    assert c.bank[0] == 295.0 and c.run[0] == (5.0, 1)
    assert c.left(0, 10.0) == 290.0


def test_turn_based_gives_each_decision_its_own_period() -> None:
    c = Clocks.new(TURN, 3)
    c.step(0.0, {0: 0})
    c.step(3600.0, {1: 1}, acted=0)
    assert c.deadline(1) == 3600.0 + 86400.0
    c.step(7200.0, {0: 2}, acted=1)
    assert c.deadline(0) == 7200.0 + 86400.0  # a fresh day, whatever the last decision used


def test_simultaneous_clocks_run_together_and_stop_one_by_one() -> None:
    c = Clocks.new(REALTIME, 3)
    c.step(0.0, {0: 0, 1: 0, 2: 0})  # a secret choice: everyone at once
    c.step(20.0, {1: 0, 2: 0}, acted=0)
    assert c.run[1] == (0.0, 0) and c.run[2] == (0.0, 0)  # the others' decisions go on
    assert c.left(1, 50.0) == 250.0 and c.left(0, 50.0) == 290.0
    # Another seat's answer changed seat 2's choices: a new decision, its clock runs on from its bank.
    c.step(60.0, {2: 2}, acted=1)
    assert c.run[2] == (60.0, 2) and c.bank[2] == 240.0


def test_a_decision_ended_by_someone_else_costs_its_time_without_an_increment() -> None:
    c = Clocks.new(REALTIME, 2)
    c.step(0.0, {0: 0, 1: 0})
    c.step(40.0, {}, acted=0)  # seat 0 answered and closed seat 1's question too
    assert c.bank[1] == 260.0 and c.run[1] is None


def test_a_timeout_counts_and_leaves_a_grace_for_the_next_decisions() -> None:
    c = Clocks.new(TimeControl("realtime", 60.0, 0.0), 2)
    c.step(0.0, {0: 0})
    c.step(61.0, {1: 1}, acted=0, timed_out=True)  # a bot played it for them
    assert c.timeouts == [1, 0]
    assert c.bank[0] == min(GRACE, 60.0)
    with_increment = Clocks.new(TimeControl("realtime", 60.0, 30.0), 2)
    with_increment.step(0.0, {0: 0})
    with_increment.step(61.0, {1: 1}, acted=0, timed_out=True)
    assert with_increment.bank[0] == 30.0


def test_an_undo_takes_back_the_increment_of_the_turn_it_reopens() -> None:
    c = Clocks.new(REALTIME, 2)
    c.step(0.0, {0: 0})
    c.step(30.0, {1: 1}, acted=0)  # 280 after the increment
    c.step(32.0, {0: 2}, acted=0, undo=True)  # seat 0 takes its move back: asked again
    assert c.bank[0] == 270.0 and c.run[0] == (32.0, 2)
    assert c.bank[1] == 298.0  # seat 1's two seconds are spent
    c.step(35.0, {0: 3}, acted=0, undo=True)  # an undo within the reopened turn takes nothing more
    assert c.bank[0] == 267.0


def test_bots_have_no_clock() -> None:
    c = Clocks.new(REALTIME, 2)
    c.step(0.0, {0: 0})
    c.step(10.0, {})  # seat 0 became a bot (kicked): the people asked are none
    assert c.run == [None, None] and c.bank[0] == 290.0


def test_what_is_stored_comes_back_the_same() -> None:
    c = Clocks.new(REALTIME, 3)
    c.step(1.5, {0: 0, 2: 0})
    c.step(4.25, {2: 0}, acted=0)
    back, timed_out = Clocks.from_json(REALTIME, c.to_json())
    assert back == c and not timed_out
    assert Clocks.from_json(REALTIME, c.to_json(timed_out=True))[1]


@pytest.mark.parametrize(
    "data",
    [
        {"mode": "blitz", "bank": 60},
        {"mode": "realtime", "bank": 1},  # under the floor
        {"mode": "realtime", "bank": 4 * 3600},
        {"mode": "realtime", "bank": 60, "increment": 3600},
        {"mode": "turn", "bank": 3600, "increment": 5},
        {"mode": "realtime", "bank": "60"},
        {"mode": "realtime", "bank": float("nan")},
        {"mode": "realtime", "bank": True},
        {"mode": "realtime", "bank": 60, "extra": 1},
        ["realtime", 60],
    ],
)
def test_a_time_control_out_of_range_is_refused_clearly(data: object) -> None:
    with pytest.raises(Refused) as e:
        TimeControl.parse(data, floor=10.0)
    assert e.value.code == "bad-clock"


def test_time_controls_that_are_fine() -> None:
    assert TimeControl.parse(None, 10.0) is None
    assert TimeControl.parse({"mode": "none"}, 10.0) is None
    assert TimeControl.parse({"mode": "realtime", "bank": 300, "increment": 10}, 10.0) == REALTIME
    assert TimeControl.parse({"mode": "turn", "bank": 86400}, 10.0) == TURN
