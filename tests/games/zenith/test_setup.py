"""Options, scenario set-ups and the state as JSON: good input round-trips, bad input is refused clearly."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ziggurat.engine import InputError, get
from ziggurat.games.zenith import GAME
from ziggurat.games.zenith.setup import ZenithOptions


def test_registered() -> None:
    assert get("zenith") is GAME
    assert (GAME.info.min_players, GAME.info.max_players) == (2, 4)


def test_options() -> None:
    assert GAME.options(None) == ZenithOptions("fuji")
    assert GAME.options({"board": "krakatoa"}).board == "krakatoa"
    assert GAME.options_json(GAME.options({"board": "twin"})) == {"board": "twin", "pieces": 0}
    for bad in ({"board": "everest"}, {"size": 3}, ["fuji"]):
        with pytest.raises(InputError) as e:
            GAME.options(bad)  # type: ignore[arg-type]
        assert e.value.code == "bad-options"


@pytest.mark.parametrize("players", [1, 5, 0, "3", True])
def test_player_counts(players: Any) -> None:
    with pytest.raises(InputError) as e:
        GAME.new(players)
    assert e.value.code == "bad-players"


def test_setup_places_pieces_by_colour_or_seat() -> None:
    st = GAME.new(3, setup={"pieces": {"0.0.0": "orange", "0.1.0": 2, "0.0.1": "0"}, "first": "purple"})
    assert GAME.view(st, None)["pieces"] == {"0.0.0": 1, "0.0.1": 0, "0.1.0": 2}
    assert st.hand == [28, 28, 28] and st.turn == 2 and st.moves == 0


@pytest.mark.parametrize(
    "setup",
    [
        {"pieces": {"1.0.0": 0}},  # floating
        {"pieces": {"0.9.9": 0}},
        {"pieces": {"0.0.0": "blue"}},  # no blue with three players
        {"pieces": ["0.0.0"]},
        {"hands": [1, 2]},
        {"hands": [30, 0, 0]},
        {"hands": {"green": -1}},
        {"first": 3},
        {"first": True},
        {"turn": 0},
        "fuji",
    ],
)
def test_bad_setups(setup: Any) -> None:
    with pytest.raises(InputError) as e:
        GAME.new(3, setup=setup)
    assert e.value.code == "bad-setup" and e.value.message


def test_state_json_round_trip_mid_game_and_over() -> None:
    st = GAME.new(3, setup={"hands": [2, 9, 9]})
    for _ in range(12):
        if GAME.result(st) is not None:
            break
        GAME.apply(st, st.turn, GAME.legal(st, st.turn)[-1])
        data = json.loads(json.dumps(GAME.to_json(st)))
        back = GAME.from_json(data)
        assert GAME.to_json(back) == data
        assert GAME.view(back, None) == GAME.view(st, None)
        assert GAME.legal(back, st.turn) == GAME.legal(st, st.turn)
    assert st.out and st.out[0][0] == 0


def _good() -> dict[str, Any]:
    st = GAME.new(3)
    for sid in ("0.0.0", "0.1.0", "0.0.1"):
        GAME.apply(st, st.turn, "place:" + sid)
    return GAME.to_json(st)


@pytest.mark.parametrize(
    "change",
    [
        {"game": "zealous"},
        {"board": "everest"},
        {"players": 7},
        {"players": None},
        {"pieces": {"2.0.0": 0}},
        {"pieces": {"0.0.0": 5}},
        {"pieces": {"0.0.0": "0"}},
        {"hands": [29, 29]},
        {"hands": [29, -1, 29]},
        {"hands": [29, 29, 29]},  # 29 in hand plus one on the board
        {"turn": None},
        {"turn": 4},
        {"turn": "1"},
        {"moves": -1},
        {"moves": "3"},
        {"eliminated": [{"seat": 1, "reason": "bored", "moves": 0}]},
        {"eliminated": [{"seat": 1, "reason": "no-space", "moves": 9}]},
        {
            "eliminated": [
                {"seat": 1, "reason": "no-space", "moves": 1},
                {"seat": 1, "reason": "no-space", "moves": 1},
            ]
        },
        {"eliminated": [{"seat": 0, "reason": "no-space", "moves": 1}], "turn": 0},
        {"eliminated": [{"seat": 1}]},
        {
            "eliminated": [
                {"seat": 1, "reason": "no-space", "moves": 1},
                {"seat": 2, "reason": "no-space", "moves": 1},
            ]
        },
    ],
)
def test_bad_states(change: dict[str, Any]) -> None:
    data = {**_good(), **change}
    with pytest.raises(InputError) as e:
        GAME.from_json(data)
    assert e.value.code == "bad-state" and e.value.message


def test_missing_keys_and_wrong_shapes_are_bad_states() -> None:
    good = _good()
    for key in ("players", "hands"):
        data = {k: v for k, v in good.items() if k != key}
        with pytest.raises(InputError, match=key):
            GAME.from_json(data)
    for junk in ([], "zenith", None, 3):
        with pytest.raises(InputError) as e:
            GAME.from_json(junk)  # type: ignore[arg-type]
        assert e.value.code == "bad-state"


def test_a_turn_without_a_placement_is_refused() -> None:
    full = {f"0.{q}.{r}": 1 for q in range(4) for r in range(4 - q)}
    data = {**_good(), "pieces": full, "hands": [29, 19, 29], "turn": 0}
    with pytest.raises(InputError, match="no legal placement"):
        GAME.from_json(data)


def test_a_finished_game_loads_with_its_result() -> None:
    st = GAME.new(2, setup={"hands": [1, 1]})
    GAME.apply(st, 0, "place:0.0.0")
    GAME.apply(st, 1, "place:0.1.0")
    data = GAME.to_json(st)
    assert data["turn"] is None
    back = GAME.from_json(data)
    assert back.result == st.result and GAME.to_act(back) == ()
