"""One test per rule: placement, stacking, elimination, turn order, the end and the result."""

from __future__ import annotations

import pytest

from tests.games.zenith.helpers import (
    BLUE,
    GREEN,
    GREEN_WALLED_IN,
    ORANGE,
    PURPLE,
    check_invariants,
    place,
    position,
)
from ziggurat.engine import IllegalAction
from ziggurat.games.zenith import GAME


@pytest.mark.parametrize(("players", "pieces"), [(2, 58), (3, 29), (4, 29)])
def test_pieces_per_player(players: int, pieces: int) -> None:
    st = GAME.new(players)
    assert st.hand == [pieces] * players
    assert GAME.view(st, None)["colours"] == ["green", "orange", "purple", "blue"][:players]


def test_first_seat_moves_first_on_any_empty_ground_space() -> None:
    st = GAME.new(3)
    assert GAME.to_act(st) == (GREEN,)
    assert sorted(GAME.legal(st, GREEN)) == sorted(f"place:0.{q}.{r}" for q in range(4) for r in range(4 - q))
    assert GAME.legal(st, ORANGE) == [] and GAME.legal(st, PURPLE) == []


def test_turns_pass_clockwise() -> None:
    st = GAME.new(4)
    seen = []
    for sid in ("0.0.0", "0.1.0", "0.2.0", "0.3.0", "0.0.1"):
        seen.append(st.turn)
        place(st, sid)
    assert seen == [GREEN, ORANGE, PURPLE, BLUE, GREEN]


def test_stacking_needs_one_own_supporter() -> None:
    st = position(2, pieces={"0.0.0": GREEN, "0.1.0": GREEN, "0.0.1": GREEN}, first=ORANGE)
    assert "place:1.0.0" not in GAME.legal(st, ORANGE)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, ORANGE, "place:1.0.0")
    assert e.value.code == "no-own-support"
    place(st, "0.2.0")
    assert "place:1.0.0" in GAME.legal(st, GREEN)


def test_one_own_supporter_is_enough_whichever_it_is() -> None:
    for mine in ("0.0.0", "0.1.0", "0.0.1"):
        pieces = {sid: (ORANGE if sid == mine else GREEN) for sid in ("0.0.0", "0.1.0", "0.0.1")}
        st = position(2, pieces=pieces, first=ORANGE)
        assert "place:1.0.0" in GAME.legal(st, ORANGE)


def test_an_upper_space_opens_only_when_all_three_supporters_hold_pieces() -> None:
    st = position(2, pieces={"0.0.0": ORANGE, "0.1.0": ORANGE}, first=ORANGE)
    assert "place:1.0.0" not in GAME.legal(st, ORANGE)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, ORANGE, "place:1.0.0")
    assert e.value.code == "space-not-open" and "0.0.1" in e.value.message
    place(st, "0.0.1")
    assert "1.0.0" in GAME.view(st, None)["open"]
    assert "place:1.0.0" not in GAME.legal(st, GREEN), "open, but all three supporters are orange"
    place(st, "0.3.0")
    assert "place:1.0.0" in GAME.legal(st, ORANGE)


def test_higher_levels_stack_the_same_way() -> None:
    ground = {f"0.{q}.{r}": GREEN for q in range(4) for r in range(4 - q)}
    level1 = {"1.0.0": ORANGE, "1.1.0": GREEN, "1.0.1": GREEN}
    st = position(2, pieces={**ground, **level1}, first=ORANGE)
    assert "place:2.0.0" in GAME.legal(st, ORANGE)
    assert "place:2.1.0" not in GAME.legal(st, ORANGE), "1.2.0 and 1.1.1 are still empty"


def test_a_player_who_cannot_place_is_eliminated_at_the_start_of_their_turn() -> None:
    # (green has no space once purple places 1.0.2: see GREEN_WALLED_IN)
    st = position(3, pieces=GREEN_WALLED_IN, first=PURPLE)
    assert GAME.legal(st, PURPLE)
    place(st, "1.0.2")
    assert [s for s, _, _ in st.out] == [GREEN]
    assert GAME.to_act(st) == (ORANGE,)
    assert st.events is not None and st.events[-1] == {
        "type": "eliminate",
        "seat": GREEN,
        "reason": "no-space",
        "moves": 1,
    }
    place(st, "1.0.1")  # 2.0.0 opens on green's 1.0.0: too late, green is out for good
    assert "2.0.0" in GAME.view(st, None)["open"]
    assert GAME.to_act(st) == (PURPLE,) and GAME.legal(st, GREEN) == []
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, GREEN, "place:2.0.0")
    assert e.value.code == "eliminated"


def test_no_pieces_left_eliminates() -> None:
    st = position(2, hands=[1, 5])
    place(st, "0.0.0", "0.1.0")
    res = GAME.result(st)
    assert res is not None and res.winners == (ORANGE,)
    assert st.out == [(GREEN, "no-pieces", 2)]


def test_eliminated_players_are_skipped() -> None:
    st = position(4, hands=[5, 0, 5, 5])
    place(st, "0.0.0")
    assert [s for s, _, _ in st.out] == [ORANGE] and st.turn == PURPLE
    place(st, "0.1.0", "0.2.0", "0.3.0")
    assert st.turn == PURPLE, "green's next is purple: orange is skipped"


def test_eliminations_cascade_and_the_last_one_standing_wins_at_once() -> None:
    st = position(3, hands=[5, 0, 0])
    place(st, "0.0.0")
    res = GAME.result(st)
    assert res is not None
    assert res.winners == (GREEN,)
    assert res.ranks == (1, 3, 2), "purple went out after orange: the better rank"
    assert res.scores == (1.0, 0.0, 0.0)
    assert GAME.to_act(st) == () and all(GAME.legal(st, s) == [] for s in range(-1, 3))
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, GREEN, "place:0.1.0")
    assert e.value.code == "game-over"
    with pytest.raises(IllegalAction):
        GAME.apply(st, -1, "place:0.1.0")


def test_the_first_player_may_be_out_before_moving() -> None:
    st = position(3, hands=[0, 5, 5])
    assert st.out == [(GREEN, "no-pieces", 0)] and st.turn == ORANGE


def test_eliminated_pieces_stay_and_keep_their_colour() -> None:
    st = position(3, pieces={"0.0.0": ORANGE, "0.1.0": ORANGE, "0.0.1": PURPLE}, hands=[5, 0, 5])
    assert "place:1.0.0" not in GAME.legal(st, GREEN)
    place(st, "0.3.0")
    assert [s for s, _, _ in st.out] == [ORANGE]
    assert "place:1.0.0" in GAME.legal(st, PURPLE)
    place(st, "0.2.0")
    assert "place:1.0.0" not in GAME.legal(st, GREEN), "orange's pieces never count as green's"
    assert GAME.view(st, None)["pieces"]["0.0.0"] == ORANGE


def test_ranks_follow_the_order_of_elimination() -> None:
    st = position(4, hands=[3, 1, 2, 3])
    while GAME.result(st) is None:
        GAME.apply(st, st.turn, GAME.legal(st, st.turn)[0])
        check_invariants(st)
    res = GAME.result(st)
    assert res is not None
    assert [s for s, _, _ in st.out] == [ORANGE, PURPLE, GREEN]
    assert res.winners == (BLUE,) and res.ranks == (2, 4, 3, 1)
    assert res.scores == (3.0, 1.0, 2.0, 3.0)


@pytest.mark.parametrize(
    ("seat", "action", "code"),
    [
        (GREEN, 7, "malformed"),
        (GREEN, None, "malformed"),
        (9, "place:0.0.0", "bad-seat"),
        (ORANGE, "place:0.0.0", "not-your-turn"),
        (GREEN, "pass", "unknown-action"),
        (GREEN, "", "unknown-action"),
        (GREEN, "place:9.9.9", "unknown-space"),
        (GREEN, "place:0.1", "unknown-space"),
        (GREEN, "place:0.01.0", "unknown-space"),
        (GREEN, "place:0.0.0", "occupied"),
        (GREEN, "place:1.1.0", "space-not-open"),
    ],
)
def test_refusals_have_codes_and_change_nothing(seat: int, action: object, code: str) -> None:
    st = position(3, pieces={"0.0.0": ORANGE})
    before = GAME.to_json(st)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, seat, action)  # type: ignore[arg-type]
    assert e.value.code == code and e.value.message
    assert GAME.to_json(st) == before


def test_legal_returns_a_fresh_list() -> None:
    st = GAME.new(2)
    GAME.legal(st, GREEN).clear()
    assert len(GAME.legal(st, GREEN)) == 10


def test_clone_is_independent() -> None:
    st = GAME.new(3)
    place(st, "0.0.0")
    c = GAME.clone(st)
    GAME.apply(c, c.turn, "place:0.1.0")
    assert GAME.to_json(st) != GAME.to_json(c)
    assert GAME.legal(st, ORANGE) == GAME.legal(GAME.clone(st), ORANGE)
    assert "place:0.1.0" in GAME.legal(st, ORANGE)


def test_seed_changes_nothing_and_determinize_is_a_clone() -> None:
    import random

    assert GAME.to_json(GAME.new(3, seed=1)) == GAME.to_json(GAME.new(3, seed=2))
    st = GAME.new(3)
    place(st, "0.0.0")
    assert GAME.to_json(GAME.determinize(st, ORANGE, random.Random(1))) == GAME.to_json(st)
    assert not GAME.info.hidden_information and not GAME.info.simultaneous
