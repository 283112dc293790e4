"""Each refusal of a Zenith placement says, in the player's terms, which rule stops it and where: the
exact words, since the command line and the API's error messages show them as they are. (Mutation
testing found these words unchecked: only the codes were.)"""

from __future__ import annotations

from tests.games.refusals import refused
from tests.games.zenith.helpers import GREEN, GREEN_WALLED_IN, ORANGE, PURPLE, place, position
from ziggurat.games.zenith import GAME


def test_the_wrong_action_and_an_unknown_space_say_how_spaces_are_written() -> None:
    st = GAME.new(2)
    assert refused(GAME, st, GREEN, "move:0.0.0") == (
        "unknown-action",
        "Unknown action 'move:0.0.0'; Zenith has only \"place:<space>\".",
    )
    first = GAME.view(st, None)["open"][0]
    code, message = refused(GAME, st, GREEN, "place:9.9.9")
    assert code == "unknown-space"
    assert message.endswith(f"has no space '9.9.9'; spaces are written level.q.r, e.g. {first}.")


def test_an_occupied_space_is_named() -> None:
    st = GAME.new(2)
    for sid in ("0.0.0", "0.2.1"):
        place(st, sid)
    for sid in ("0.0.0", "0.2.1"):
        assert refused(GAME, st, GREEN, f"place:{sid}") == ("occupied", f"{sid} already holds a piece.")


def test_a_closed_space_names_every_empty_supporter_with_the_right_verb() -> None:
    st = position(2, pieces={"0.0.0": ORANGE}, first=ORANGE)
    assert refused(GAME, st, ORANGE, "place:1.0.0") == (
        "space-not-open",
        "1.0.0 is not open: 0.1.0, 0.0.1 below it are still empty.",
    )
    st = position(2, pieces={"0.0.0": ORANGE, "0.1.0": ORANGE}, first=ORANGE)
    assert refused(GAME, st, ORANGE, "place:1.0.0") == (
        "space-not-open",
        "1.0.0 is not open: 0.0.1 below it is still empty.",
    )


def test_a_space_on_none_of_ones_own_names_its_supporters_colours_and_yours() -> None:
    st = position(3, pieces={"0.0.0": GREEN, "0.1.0": PURPLE, "0.0.1": GREEN}, first=ORANGE)
    assert refused(GAME, st, ORANGE, "place:1.0.0") == (
        "no-own-support",
        "1.0.0 rests on green, purple, green: none of the three is yours (orange).",
    )


def test_out_of_turn_and_eliminated_players_are_told_which() -> None:
    st = GAME.new(3)
    assert refused(GAME, st, ORANGE, "place:0.0.0") == ("not-your-turn", "It isn't your turn.")
    st = position(3, pieces=GREEN_WALLED_IN, first=PURPLE)
    place(st, "1.0.2")  # green has no space left: out
    assert refused(GAME, st, GREEN, "place:1.0.1") == (
        "eliminated",
        "You have been eliminated: you can't place any more.",
    )
