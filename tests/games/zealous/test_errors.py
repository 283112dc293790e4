"""Bad input is refused with IllegalAction (or ScenarioError for scenario files), a stable code and a
clear message, and the state is unchanged (engine contract; rulings: card windows)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.games.zealous.helpers import CARD_NOT_VALID, act, position, refuse
from ziggurat.engine import InputError
from ziggurat.engine.errors import ScenarioError
from ziggurat.engine.scenario import run
from ziggurat.games.zealous import GAME
from ziggurat.scenario_files import run_file


def test_unknown_action() -> None:
    st = position()
    for action in ("fly:e1", "move:zz", "tile:nowhere", "", "MOVE:m1"):
        err = refuse(st, 0, action, "unknown-action")
        assert err.message == f"Unknown action {action!r}."


def test_an_action_must_be_a_string() -> None:
    st = position()
    for action in (42, None, ["stay"], {"move": "m1"}):
        err = refuse(st, 0, action, "malformed")
        assert err.message == 'An action must be a string such as "move:e1".'


def test_out_of_turn() -> None:
    st = position(turn=1, prophets=["bm1", "m2", "bm3"])
    for seat in (0, 2):
        err = refuse(st, seat, "stay", "not-your-turn")
        assert err.message == "It isn't your turn."


@pytest.mark.parametrize("seat", [3, 9, -1, None, "0"])
def test_wrong_seat_number(seat: Any) -> None:
    st = position()
    err = refuse(st, seat, "stay", "bad-seat")
    assert err.message == f"There is no seat {seat!r}."
    assert GAME.legal(st, seat) == []


def test_illegal_target_names_what_is_possible() -> None:
    st = position(
        prophets=["e1", "be2", "bm3"], followers={"j1": {1: 1}, "holy": {1: 1}}, hands={0: ["stone"]}
    )
    act(st, 0, "play:stone")
    err = refuse(st, 0, "follower:holy:1", "illegal-action")
    assert err.message == "follower:holy:1 isn't possible now. Possible: follower:j1:1."
    refuse(st, 0, "follower:j1:2", "illegal-action")  # nobody of seat 2's there
    refuse(st, 0, "follower:j1:5", "illegal-action")  # a seat that doesn't play
    refuse(st, 0, "tile:j1", "illegal-action")  # the wrong kind of choice
    refuse(st, 0, "stay", "illegal-action")  # finish the card first


def test_illegal_move_and_placement() -> None:
    st = position(prophets=["m1", "be2", "bm3"])
    refuse(st, 0, "move:holy", "illegal-action")  # not connected
    refuse(st, 0, "move:m1", "illegal-action")  # not a move
    refuse(st, 0, "place:e1", "illegal-action")  # step 3 comes after step 2
    act(st, 0, "stay")
    refuse(st, 0, "place:holy", "illegal-action")
    refuse(st, 0, "stay", "illegal-action")


def test_a_card_not_held() -> None:
    st = position(hands={0: ["stone"]})
    err = refuse(st, 0, "play:exodus", "card-not-in-hand")
    assert err.message == "You don't hold Exodus."


def test_a_held_card_before_the_rebirth_is_not_valid() -> None:
    """Rulings: any held card that cannot be played now (here: timing, the rebirth comes first) gets
    "This card isn't valid this turn."."""
    st = position(prophets=[None, "be2", "bm3"], phase="rebirth", hands={0: ["exodus", "salvation"]})
    for card in ("exodus", "salvation"):
        assert refuse(st, 0, f"play:{card}", "card-not-valid").message == CARD_NOT_VALID


def test_a_held_card_while_another_resolves_is_not_valid() -> None:
    """The one-card limit: while Stone waits for its target, another held card isn't valid."""
    st = position(prophets=["e1", "be2", "bm3"], followers={"j1": {1: 1}}, hands={0: ["stone", "famine"]})
    act(st, 0, "play:stone")
    assert refuse(st, 0, "play:famine", "card-not-valid").message == CARD_NOT_VALID
    refuse(st, 0, "play:stone", "card-not-in-hand")  # the Stone being resolved has left the hand


def test_anything_after_the_game_is_over() -> None:
    st = position(turn=2, scores=[60, 0, 0])
    act(st, 2, "stay", "skip")
    for seat in (0, 1, 2):
        assert refuse(st, seat, "stay", "game-over").message == "The game is over."


# --- games and states that can't exist ------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        ((2,), "bad-players", "Zealous is for 3 to 6 players, not 2."),
        ((7,), "bad-players", "Zealous is for 3 to 6 players, not 7."),
        ((3, {"length": "short"}), "bad-options", "length must be one of"),
        ((3, {"speed": 1}), "bad-options", "Unknown option 'speed'"),
        ((3, None, 0, {"decks": {"miracle": ["stone"]}}), "bad-setup", "stone is not a miracle card."),
        ((3, None, 0, {"hands": {"0": ["vision"] * 4}}), "bad-setup", "Not enough copies of vision"),
        ((3, None, 0, {"bogus": 1}), "bad-setup", "Unknown setup key 'bogus'"),
    ],
)
def test_bad_new_game(args: tuple[Any, ...], code: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        GAME.new(*args)
    assert info.value.code == code and info.value.message.startswith(message)


@pytest.mark.parametrize(
    ("data", "code", "message"),
    [
        ({"players": 3, "followers": {"zz": [1, 0, 0]}}, "bad-state", "Unknown tile 'zz'"),
        ({"players": 3, "followers": {"e1": [21, 0, 0]}}, "bad-state", "a player has more than 20"),
        ({"players": 3, "prophets": ["e1"]}, "bad-state", "prophets, scores and sanctuaries need one"),
        ({"players": 3, "hands": [["nope"], [], []]}, "bad-state", "Unknown card 'nope'"),
        ({"players": "x"}, "bad-state", "Zealous is for 3 to 6 players, not 'x'."),
        ({"players": 3, "phase": "dance"}, "bad-state", "Not a Zealous state"),
    ],
)
def test_bad_state_json(data: dict[str, Any], code: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        GAME.from_json(data)
    assert info.value.code == code and info.value.message.startswith(message)


# --- malformed scenarios -------------------------------------------------------------------------

GOOD: dict[str, Any] = {"game": "zealous", "players": ["Ada", "Bo", "Cy"], "seed": 1}


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"gmae": "zealous"}, "unknown key 'gmae'"),
        ({"game": "chess"}, "Unknown game 'chess'"),
        ({"players": "three"}, '"players" must be a number or a list of names'),
        ({"seed": "7"}, '"seed" must be an integer'),
        ({"players": 2}, "cannot set up the game: Zealous is for 3 to 6 players, not 2."),
        ({"options": {"length": "epic"}}, "cannot set up the game: length must be one of"),
        ({"setup": {"decks": {"miracle": ["exile"]}}}, "cannot set up the game: exile is not a miracle"),
        ({"start": {"players": 3, "phase": "nap"}}, "cannot set up the game: Not a Zealous state"),
        ({"steps": {"seat": 0}}, '"steps" must be a list'),
        ({"steps": ["stay"]}, "step 1: a step is an object"),
        ({"steps": [{"seat": "Ada", "action": "birth:bm1", "wait": 1}]}, "step 1: unknown key 'wait'"),
        ({"steps": [{"action": "birth:bm1"}]}, 'step 1: an action needs a "seat"'),
        ({"steps": [{"seat": "Dee", "action": "birth:bm1"}]}, "unknown seat 'Dee'"),
        ({"steps": [{"seat": True, "action": "birth:bm1"}]}, "bad seat True"),
        (
            {"steps": [{"seat": "Ada", "action": "move:m1"}]},
            "step 1: Ada 'move:m1' was refused: [illegal-action] move:m1 isn't possible now.",
        ),
        (
            {"steps": [{"seat": "Bo", "action": "birth:bm1"}]},
            "step 1: Bo 'birth:bm1' was refused: [not-your-turn] It isn't your turn.",
        ),
        (
            {"steps": [{"seat": "Ada", "action": "birth:bm1", "error": "not-your-turn"}]},
            "step 1: expected error 'not-your-turn', but 'birth:bm1' was accepted",
        ),
        (
            {"steps": [{"seat": "Ada", "action": "fly", "error": "not-your-turn"}]},
            "step 1: expected error 'not-your-turn', got [unknown-action] Unknown action 'fly'.",
        ),
        ({"steps": [{"expect": ["round", 0]}]}, 'step 1: "expect" must be an object'),
        ({"steps": [{"expect": {"weather": "fine"}}]}, "step 1: expectation 'weather' failed"),
        ({"steps": [{"expect": {"scores": [0, 0]}}]}, "expectation 'scores' failed: malformed expectation"),
        ({"steps": [{"expect": {"round": 3}}]}, "expectation 'round' failed: round is 0, expected 3"),
        ({"steps": [{"note": "why", "expect": {"to_act": ["Bo"]}}]}, "step 1 (why): expectation 'to_act'"),
    ],
)
def test_malformed_scenarios_are_refused_clearly(patch: dict[str, Any], message: str) -> None:
    with pytest.raises(ScenarioError) as info:
        run({**GOOD, **patch}, name="bad.json")
    assert str(info.value).startswith("bad.json: ")
    assert message in str(info.value)


def test_a_refused_step_that_expects_the_error_must_leave_the_state_unchanged() -> None:
    """The runner checks it: a scenario expecting the exact refusal passes and counts the check."""
    steps = [
        {"seat": "Ada", "action": "birth:bm1"},
        {"seat": "Bo", "action": "birth:bm1", "error": "illegal-action"},
        {"seat": "Cy", "action": "birth:be1", "error": "It isn't your turn."},
    ]
    result = run({**GOOD, "steps": steps})
    assert result.checks == 2


def test_scenario_files_that_are_not_json_objects(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "zealous",')
    with pytest.raises(ScenarioError, match="not valid JSON"):
        run_file(bad)
    bad.write_text(json.dumps(["zealous"]))
    with pytest.raises(ScenarioError, match="a scenario is a JSON object"):
        run_file(bad)
    with pytest.raises(ScenarioError, match="cannot read"):
        run_file(tmp_path / "missing.json")
