"""Scenario files: malformed input is named clearly; expectations and expected errors are enforced."""

from __future__ import annotations

from typing import Any

import pytest

from ziggurat.engine import ScenarioError
from ziggurat.engine.scenario import run


def base(**kw: Any) -> dict[str, Any]:
    return {"game": "zealous", "players": ["Ada", "Bo", "Cy"], "seed": 1, **kw}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"players": 3}, 'missing "game"'),
        (base(game="chess"), "Unknown game"),
        (base(players="three"), '"players" must be'),
        (base(colour="red"), "unknown key 'colour'"),
        (base(options={"length": "eternal"}), "cannot set up"),
        (base(setup={"decks": {"miracle": ["stone"]}}), "not a miracle card"),
        (base(setup={"decks": {"miracle": ["vision"] * 4}}), "Not enough copies"),
        (base(steps="all"), '"steps" must be a list'),
        (base(steps=[["Ada", "birth:bm1"]]), "a step is an object"),
        (base(steps=[{"seat": "Zed", "action": "birth:bm1"}]), "unknown seat 'Zed'"),
        (base(steps=[{"action": "birth:bm1"}]), 'needs a "seat"'),
        (base(steps=[{"seat": "Ada", "action": "birth:holy"}]), "step 1: Ada 'birth:holy' was refused"),
        (base(steps=[{"seat": "Ada", "action": "birth:bm1", "error": "not-your-turn"}]), "was accepted"),
        (base(steps=[{"seat": "Bo", "action": "birth:bm1", "error": "game-over"}]), "expected error"),
        (base(steps=[{"expect": {"to_act": ["Bo"]}}]), "to act"),
        (base(steps=[{"expect": {"colour": 1}}]), "unknown expectation 'colour'"),
        (base(steps=[{"expect": {"followers": {"holy": [1]}}}]), "malformed expectation"),
        (base(steps=[{"expect": {"result": {"winners": ["Ada"]}}}]), "not over"),
    ],
)
def test_bad_scenarios_are_named(data: dict[str, Any], message: str) -> None:
    with pytest.raises(ScenarioError) as e:
        run(data)
    assert message in str(e.value)


def test_expected_errors_and_checks_are_counted() -> None:
    r = run(
        base(
            steps=[
                {"seat": "Bo", "action": "birth:bm1", "error": "not-your-turn"},
                {"seat": "Ada", "action": "birth:bm1"},
                {"seat": "Bo", "action": "birth:bm1", "error": "illegal-action"},
                {
                    "expect": {
                        "to_act": ["Bo"],
                        "legal_excludes": {"Bo": ["birth:bm1"]},
                        "view": {"spectator": {"prophets": ["bm1", None, None]}},
                    }
                },
            ]
        )
    )
    assert r.checks == 5 and r.match.actions == [(0, "birth:bm1")]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a scenario is a JSON object"),
        (base(steps=[{"expect": {"legal": {"Ada": "birth:bm1"}}}]), "must map a seat to a list"),
        (base(steps=[{"expect": {"to_act": "Ada"}}]), "to_act must be a list"),
    ],
)
def test_wrongly_shaped_values_are_named(data: Any, message: str) -> None:
    with pytest.raises(ScenarioError) as e:
        run(data)
    assert message in str(e.value)
