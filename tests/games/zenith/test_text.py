"""Words and pictures: events as sentences, menu lines, the text pyramid and the view."""

from __future__ import annotations

import pytest

from tests.games.zenith.helpers import position
from ziggurat.games.zenith import GAME
from ziggurat.games.zenith.board import BOARDS

NAMES = ["Green", "Orange", "Purple"]


def test_events_in_words() -> None:
    st = position(3, hands=[1, 5, 0])
    GAME.apply(st, 0, "place:0.1.0")
    words = [GAME.describe(e, NAMES) for e in GAME.drain_events(st)]
    assert words == ["Green places on the ground, row 1, 2nd."]  # (as a person says it: not 0.1.0)
    GAME.apply(st, 1, "place:0.0.0")
    words = [GAME.describe(e, NAMES) for e in GAME.drain_events(st)]
    assert words == [
        "Orange places on the ground, row 1, 1st.",
        "Purple is eliminated: no pieces left.",
        "Green is eliminated: no pieces left.",
        "Orange is the last player standing and wins.",
    ]
    assert GAME.describe({"type": "eliminate", "seat": 2, "reason": "no-space"}, NAMES) == (
        "Purple is eliminated: no space left."
    )
    assert GAME.describe({"type": "mystery"}, NAMES) == "{'type': 'mystery'}"


def test_no_events_unless_recording() -> None:
    st = GAME.new(2)
    GAME.apply(st, 0, "place:0.0.0")
    assert st.events is None and GAME.drain_events(st) == []


def test_menu_lines() -> None:
    st = position(3, pieces={"0.0.0": 0, "0.1.0": 1, "0.0.1": 1}, first=1)
    assert GAME.describe_action(st, 1, "place:0.2.1") == "Place on the ground, row 2, 3rd (0.2.1)"
    assert (
        GAME.describe_action(st, 1, "place:1.0.0")
        == "Place on level 2, row 1, 1st, on green, orange, orange (1.0.0)"
    )
    assert GAME.describe_action(st, 1, "jump") == "jump"


def test_text_draws_every_level_as_a_triangle() -> None:
    st = position(3, pieces={"0.0.0": 0, "0.1.0": 1, "0.0.1": 2, "1.0.0": 1}, first=2)
    text = GAME.text(st, 2, NAMES)
    lines = text.splitlines()
    assert lines[0] == "Zenith on Mt. Fuji — move 0"
    assert lines[1].split() == ["level", "0", "level", "1", "level", "2", "level", "3"]
    grid = [line[:7] for line in lines[2:6]]
    assert grid == ["   .   ", "  . .  ", " P . . ", "G O . ."]
    assert lines[4][10:15] == "O - -", "1.0.0 holds orange; its neighbours are not yet supported"
    assert "Purple (purple): 1 placed, 28 in hand <" in text and text.endswith("Your turn.")


@pytest.mark.parametrize("board", list(BOARDS))
def test_text_shows_each_space_once(board: str) -> None:
    st = GAME.new(2, {"board": board})
    text = GAME.text(st, None, ["Ada", "Bo"])
    lines = text.splitlines()
    grid = "\n".join(lines[2 : lines.index("  G Ada (green): 0 placed, 58 in hand <")])
    assert grid.count(".") + grid.count("-") == BOARDS[board].size


def test_text_names_the_winner() -> None:
    st = position(2, hands=[1, 1])
    GAME.apply(st, 0, "place:0.0.0")
    GAME.apply(st, 1, "place:0.1.0")
    text = GAME.text(st, None, ["Ada", "Bo"])
    assert "Ada (green): 1 placed, out" in text and text.endswith("Winner: Bo")


def test_view_fields() -> None:
    st = position(3, pieces={"0.0.0": 0}, hands=[5, 0, 5], first=0)
    GAME.apply(st, 0, "place:0.1.0")
    v = GAME.view(st, 2)
    assert v["board"] == "fuji" and v["board_name"] == "Mt. Fuji"
    assert [len(x) for x in v["levels"]] == [10, 6, 3, 1]
    assert v["pieces"] == {"0.0.0": 0, "0.1.0": 0}
    assert v["turn"] == 2 and v["to_act"] == [2] and v["moves"] == 1
    assert v["hands"] == [4, 0, 5] and v["on_board"] == [2, 0, 0]
    assert v["eliminated"] == [{"seat": 1, "reason": "no-pieces", "moves": 1}]
    assert v["seat"] == 2 and v["colour"] == "purple" and len(v["legal"]) == 8
    assert "1.0.0" not in v["open"] and len(v["open"]) == 8
    assert v["result"] is None
    assert "seat" not in GAME.view(st, None)


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_every_space_has_a_name_a_person_can_say_and_no_two_alike(board: str) -> None:
    """Rows from the front, places from the left, levels from the ground up (the ground is level 1):
    what the log and the menus say instead of "level.q.r"."""
    b = BOARDS[board]
    assert len(set(b.names)) == len(b.names)
    assert b.names[b.index["1.0.0" if board != "krakatoa" else "1.-2.1"]].startswith("level 2, row ")
    assert all(n.startswith(("the ground, row ", "level ")) for n in b.names)
