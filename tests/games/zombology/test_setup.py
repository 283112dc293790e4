"""Registration, set-up stacking for scenarios, state JSON, and refusing malformed set-ups and states."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.zombology.helpers import everything, game, mask, play
from ziggurat.engine import InputError, get
from ziggurat.games.zombology import GAME
from ziggurat.games.zombology.actions import action_space
from ziggurat.games.zombology.setup import variant_json
from ziggurat.games.zombology.state import NO_CARD


def test_registered_as_a_hidden_simultaneous_game_for_3_to_8() -> None:
    info = get("zombology").info
    assert (info.min_players, info.max_players, info.hidden_information, info.simultaneous) == (
        3,
        8,
        True,
        True,
    )
    assert GAME.options({}) == GAME.Options() and variant_json(GAME.options(None)) == {}  # printed
    with pytest.raises(InputError):
        GAME.options({"length": "advanced"})


def test_setup_stacks_removed_suits_gurus_collections_centre_decks_hands_and_round() -> None:
    st = game(
        5,
        removed=["tea"],
        gurus={"magnets": 2, "crystals": None},
        collections={"1": ["magnets-1-1", "army-3"]},
        centre=["vegan-4-1"],
        decks={"epidemic": ["vegan-1-1"], "apocalypse": ["overrun-6"]},
        hands={"4": ["payrise-3"]},
        round=7,
    )
    v = GAME.view(st, None)
    assert v["removed"] == ["tea"] and v["gurus"]["magnets"] == 2 and v["gurus"]["crystals"] is None
    assert (
        v["collections"][1] == ["army-3", "magnets-1-1"] and v["centre"] == ["vegan-4-1"] and v["round"] == 7
    )
    assert st.hand[0] & mask("vegan-1-1", "overrun-6") and st.hand[4] == mask("payrise-3")
    everything(st)


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        ({"shuffle": True}, "Unknown setup key"),
        ({"removed": ["tea"]}, "must name 2"),
        ({"removed": ["tea", "tea"]}, "must name 2"),
        ({"removed": ["tea", "coffee"]}, "Unknown suit"),
        ({"hands": {"0": ["tea-7-1"]}}, "Unknown card"),
        ({"hands": {"0": ["vegan-1-1"]}}, "not available"),
        ({"hands": {"0": ["tea-1-1"], "1": ["tea-1-1"]}}, "not available"),
        ({"hands": {"4": ["tea-1-1"]}}, "no seat"),
        ({"hands": {"x": ["tea-1-1"]}}, "Bad seat"),
        ({"hands": {"0": "tea-1-1"}}, "list of cards"),
        ({"decks": {"discard": []}}, "unknown deck"),
        ({"decks": {"epidemic": ["tea-3-1"]}}, "not an epidemic card"),
        ({"gurus": {"vegan": 0}}, "not in play"),
        ({"gurus": ["tea"]}, "must map"),
        ({"round": 9}, "round must be"),
        ({"collections": [[], []]}, "one entry per seat"),
    ],
)
def test_bad_setups_are_refused_with_a_reason(setup: dict[str, Any], words: str) -> None:
    setup.setdefault("removed", ["vegan", "homeopathy"])
    with pytest.raises(InputError) as e:
        GAME.new(4, None, 0, setup)
    assert e.value.code == "bad-setup" and words in e.value.message


def test_a_constructed_position_fills_the_decks_with_the_rest() -> None:
    st = GAME.from_json(
        {"players": 3, "removed": ["tea", "vegan"], "hands": [["crystals-1-1"], ["army-1"], []]}
    )
    everything(st)
    assert GAME.to_act(st) == (0, 1) and GAME.to_json(GAME.from_json(GAME.to_json(st))) == GAME.to_json(st)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"players": 2},
        {"players": 3, "phase": "dancing"},
        {"players": 3, "hands": [["crystals-1-1"], ["crystals-1-1"], []]},
        {"players": 3, "phase": "resolve"},
        {"players": 3, "phase": "insight"},
        {"players": 3, "decks": {"epidemic": ["tea-3-1"]}},
        {"players": 3, "memory": [[[]]], "hands": [["army-1"], [], []]},
        {"players": 3},  # nobody holds a card: nobody could choose
    ],
)
def test_malformed_states_are_refused(data: dict[str, Any]) -> None:
    with pytest.raises(InputError) as e:
        GAME.from_json(data)
    assert e.value.code == "bad-state"


def test_a_player_with_no_card_is_not_asked_to_choose() -> None:
    st = game(hands={"0": [], "1": ["tea-1-1"], "2": ["tea-1-2"], "3": ["tea-1-3"]})
    assert GAME.to_act(st) == (1, 2, 3) and st.chosen[0] == NO_CARD and GAME.legal(st, 0) == []
    assert GAME.view(st, None)["chosen"][0] == "none" and GAME.to_json(st)["chosen"][0] == "none"
    play(st, "tea-1-1", "tea-1-2", "tea-1-3")
    assert GAME.to_act(st) == (0, 1, 2, 3)  # seat 0 drew a card; seat 1 received its empty hand
    assert st.hand[1].bit_count() == 1


def test_the_action_space_covers_every_action() -> None:
    space = set(action_space(5))
    assert {"pass", "counter", "allow", "choose:army-4", "target:tea-6-1", "guru:vegan"} <= space
    assert "swap:tea-1-1:magnets-5-1" in space and "swap:army-1:tea-1-1" not in space
