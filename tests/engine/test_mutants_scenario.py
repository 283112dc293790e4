"""A scenario's expectations fail when they are wrong: a checker that let a wrong expectation pass
would turn every rulebook walkthrough in tests/scenarios/ green whatever the rules did. Played on the
toy game (High Card), whose stacked deck makes a whole game three tricks long."""

from __future__ import annotations

from typing import Any

import pytest

from ziggurat.engine import ScenarioError, get
from ziggurat.engine.scenario import run

# Ada is dealt 1, 2, 3 and Bo 4, 5, 6: Bo takes every trick.
DECK = list(range(1, 16))
PLAYED = [
    {"seat": "Ada", "action": "play:1"},
    {"seat": "Bo", "action": "play:4"},
    {"seat": "Bo", "action": "play:5"},
    {"seat": "Ada", "action": "play:2"},
    {"seat": "Bo", "action": "play:6"},
    {"seat": "Ada", "action": "play:3"},
]


def game(steps: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    return {"game": "highcard", "players": ["Ada", "Bo"], "setup": {"deck": DECK}, "steps": steps, **kw}


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(ScenarioError) as e:
        run(data)
    return str(e.value)


@pytest.mark.parametrize(
    ("expect", "message"),
    [
        ({"view": {"spectator": {"players": 3}}}, "view[spectator].players is 2, expected 3"),
        ({"view": {"Ada": {"hand": [1, 2]}}}, "view[Ada].hand is [1, 2, 3], expected [1, 2]"),
        ({"view": {"Ada": {"seat": 1}}}, "view[Ada].seat is 0, expected 1"),
        ({"view": {"spectator": {"hand": [1, 2, 3]}}}, "view[spectator].hand is missing"),
        ({"view": {"spectator": {"game": {"id": 1}}}}, "view[spectator].game is 'highcard', expected an"),
        ({"legal": {"Ada": ["play:1"]}}, "Ada may ['play:1', 'play:2', 'play:3'], expected ['play:1']"),
        ({"legal": {"Bo": ["play:4"]}}, "Bo may [], expected ['play:4']"),
        ({"legal_includes": {"0": ["play:1", "play:4"]}}, "Ada may not ['play:4']"),
        ({"legal_excludes": {"Ada": ["play:2", "play:9"]}}, "Ada may ['play:2']"),
        ({"to_act": [1]}, "to act: ['Ada'], expected ['Bo']"),
        ({"result": {"winners": []}}, "the game is not over"),
    ],
)
def test_a_wrong_expectation_fails_and_says_what_was_found(expect: dict[str, Any], message: str) -> None:
    text = refused(game([{"expect": expect}]))
    assert "step 1" in text and message in text


@pytest.mark.parametrize(
    ("result", "message"),
    [
        (None, "the game is over"),
        ({"winners": ["Ada"]}, "winners are ['Bo'], expected ['Ada']"),
        ({"winners": ["Ada", "Bo"]}, "winners are ['Bo']"),
        ({"scores": [3, 0]}, "scores are [0.0, 3.0], expected [3, 0]"),
        ({"ranks": [1, 2]}, "ranks are [2, 1], expected [1, 2]"),
    ],
)
def test_a_wrong_result_fails(result: Any, message: str) -> None:
    assert message in refused(game([*PLAYED, {"expect": {"result": result}}]))


def test_right_expectations_pass_with_seats_named_numbered_or_as_digits() -> None:
    r = run(
        game(
            [
                {
                    "expect": {
                        "to_act": [0],
                        "legal": {"Ada": ["play:1", "play:2", "play:3"], "1": []},
                        "legal_includes": {0: ["play:2"]},
                        "legal_excludes": {"Bo": ["play:1"]},
                        "view": {"Ada": {"hand": [1, 2, 3], "seat": 0}, "spectator": {"players": 2}},
                        "result": None,
                    }
                },
                *PLAYED[:-1],
                {"seat": 0, "action": "play:3", "note": "the last card"},
                {"expect": {"result": {"winners": ["Bo"], "scores": [0, 3], "ranks": [2, 1]}}},
            ]
        )
    )
    assert (r.steps, r.checks) == (8, 7)
    assert r.match.actions[-1] == (0, "play:3") and len(r.match.actions) == 6
    assert r.match.names == ["Ada", "Bo"] and r.game.result(r.state) is not None


@pytest.mark.parametrize("seat", [2, -1, "2", "Cy", True])
def test_a_seat_that_is_not_at_the_table_is_refused(seat: Any) -> None:
    assert f"seat {seat!r}" in refused(game([{"seat": seat, "action": "play:1"}]))


def test_a_scenario_without_a_seed_is_seed_0_and_a_start_state_names_its_seats() -> None:
    g = get("highcard")
    plain = run({"game": "highcard", "players": 2})
    assert plain.match.seed == 0 and plain.match.names == ["Seat 0", "Seat 1"]
    assert g.to_json(plain.state) == g.to_json(g.new(2, seed=0))
    start = g.to_json(g.new(3, seed=5))
    r = run({"game": "highcard", "start": start, "steps": [{"expect": {"to_act": ["Seat 0"]}}]})
    assert r.match.names == ["Seat 0", "Seat 1", "Seat 2"] and r.match.players == 3
    assert g.to_json(r.state) == start


def test_a_scenario_plays_its_seed_and_may_include_every_legal_action() -> None:
    g = get("highcard")
    r = run({"game": "highcard", "players": 2, "seed": 5})
    assert r.match.seed == 5 and g.to_json(r.state) == g.to_json(g.new(2, seed=5))
    everything = {"Ada": ["play:1", "play:2", "play:3"]}
    assert run(game([{"expect": {"legal_includes": everything}}])).checks == 1
