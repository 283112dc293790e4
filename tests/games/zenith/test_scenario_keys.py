"""Zenith's scenario keys: what they check, and how malformed set-ups and positions are reported."""

from __future__ import annotations

from typing import Any

import pytest

from ziggurat.engine import ScenarioError
from ziggurat.engine.scenario import run


def scenario(steps: list[dict[str, Any]], **top: Any) -> dict[str, Any]:
    return {"game": "zenith", "players": ["Ada", "Bo", "Cy"], "steps": steps, **top}


def test_keys_that_hold() -> None:
    steps = [
        {"seat": "Ada", "action": "place:0.0.0"},
        {
            "expect": {
                "pieces": {"0.0.0": "Ada", "0.1.0": None},
                "hands": {"Ada": 28, "green": 28},
                "on_board": [1, 0, 0],
                "turn": "orange",
                "moves": 1,
                "board": "fuji",
                "eliminated": [],
                "open": ["0.0.1", "0.0.2", "0.0.3", "0.1.0", "0.1.1", "0.1.2", "0.2.0", "0.2.1", "0.3.0"],
            }
        },
    ]
    assert run(scenario(steps)).checks == 8


@pytest.mark.parametrize(
    ("expect", "message"),
    [
        ({"pieces": {"0.0.0": "Bo"}}, "0.0.0 holds green, expected orange"),
        ({"pieces": {"5.5.5": None}}, "Mt. Fuji has no space '5.5.5'"),
        ({"hands": [29, 29, 29]}, "hands[0] is 28, expected 29"),
        ({"hands": [29]}, "malformed expectation"),
        ({"on_board": {"Cy": 1}}, "on_board[2] is 0, expected 1"),
        ({"turn": "Ada"}, "turn is 1, expected 0"),
        ({"moves": 2}, "moves is 1, expected 2"),
        ({"eliminated": ["Ada"]}, "eliminated: [], expected ['Ada']"),
        ({"open": []}, "open spaces are"),
        ({"height": 3}, "unknown expectation 'height'"),
    ],
)
def test_keys_that_fail_say_why(expect: dict[str, Any], message: str) -> None:
    with pytest.raises(ScenarioError, match=None) as e:
        run(scenario([{"seat": "Ada", "action": "place:0.0.0"}, {"expect": expect}]))
    assert message in str(e.value)


@pytest.mark.parametrize(
    ("top", "message"),
    [
        ({"setup": {"pieces": {"1.0.0": "green"}}}, "needs pieces on 0.0.0, 0.1.0, 0.0.1"),
        ({"setup": {"colours": []}}, "Unknown setup key 'colours'"),
        ({"setup": {"first": "blue"}}, "'blue' is not a seat"),
        ({"options": {"board": "etna"}}, "board must be one of fuji, pikes, twin, krakatoa"),
        ({"players": 5}, "Zenith is for 2 to 4 players"),
        ({"start": {"players": 3, "hands": [29, 29]}}, "hands must be 3 non-negative counts"),
        ({"start": {"players": 3, "hands": [29, 29, 29], "turn": 0, "pieces": {"0.0.0": 7}}}, "no seat 7"),
        ({"start": "fuji"}, "Not a Zenith state"),
    ],
)
def test_malformed_setups_and_positions(top: dict[str, Any], message: str) -> None:
    with pytest.raises(ScenarioError) as e:
        run(scenario([{"expect": {"moves": 0}}], **top))
    assert "cannot set up the game" in str(e.value) and message in str(e.value)
