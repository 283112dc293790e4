"""The end of the round (rulebook: The end of the round — Tallying, then Proliferation; Running out of
followers; rulings: Famine, proliferation, short supply).

Each test sets up the last turn of a round (the last seat to act) and lets it end with stay + skip, so
the board at the end of the round is exactly the one written in the test.
"""

from __future__ import annotations

from typing import Any

from tests.games.zealous.helpers import act, board, end_round_now, legal, position, refuse
from ziggurat.games.zealous import GAME
from ziggurat.games.zealous.state import ZealousState


def last_turn(players: int = 3, **kw: Any) -> ZealousState:
    return position(players, turn=players - 1, **kw)


# --- Tallying --------------------------------------------------------------------------------------


def test_tallying_holy_city_two_elsewhere_one() -> None:
    st = last_turn(followers={"holy": {0: 2, 1: 1}, "j1": {0: 1}, "m3": {2: 3}}, scores=[10, 0, 5])
    end_round_now(st)
    assert st.score == [10 + 4 + 1, 2, 5 + 3]


def test_birth_site_followers_score_one_with_five_or_six_players() -> None:
    st = last_turn(5, followers={"be1": {0: 2}, "bm2": {3: 1}})
    end_round_now(st)
    assert st.score == [2, 0, 0, 1, 0]


def test_followers_pay_rent_every_round_and_points_are_never_lost() -> None:
    """Followers score again every round they survive; points scored by a follower that is later
    removed stay scored."""
    st = last_turn(
        prophets=["bm1", "j2", "bm3"], followers={"e1": {0: 1}, "j1": {1: 1}}, hands={1: ["flood"]}
    )
    end_round_now(st)
    assert st.score == [1, 1, 0] and board(st) == {"j1": [0, 2, 0], "e1": [2, 0, 0]}
    act(st, 0, "stay", "skip")
    act(st, 1, "play:flood", "tile:e1", "stay", "skip")
    assert st.score == [1, 1, 0]  # nothing ever takes points away
    end_round_now(st)
    assert st.score == [1, 1 + 2, 0]


def test_tallying_comes_before_proliferation() -> None:
    """The follower proliferation adds this round scores from the next round on."""
    st = last_turn(followers={"j1": {0: 1}})
    end_round_now(st)
    assert st.score == [1, 0, 0] and board(st) == {"j1": [2, 0, 0]}
    end_round_now(st)
    assert st.score == [3, 0, 0]


# --- Proliferation: more than half of all the followers on a tile -----------------------------------


def test_exactly_half_does_not_proliferate() -> None:
    st = last_turn(followers={"e1": {0: 2, 1: 2}})
    end_round_now(st)
    assert board(st) == {"e1": [2, 2, 0]}


def test_most_is_not_enough_two_of_five_in_the_holy_city() -> None:
    """Three religions with 1 each and a fourth with 2: 2 of 5 is not more than half."""
    st = last_turn(4, followers={"holy": {0: 1, 1: 1, 2: 1, 3: 2}})
    end_round_now(st)
    assert board(st) == {"holy": [1, 1, 1, 2]}


def test_more_than_half_proliferates() -> None:
    """The rulebook's round two: Cy 3, Ada 1 on the shared Empty tile; Cy gains one."""
    st = last_turn(followers={"e3": {0: 1, 2: 3}, "e2": {0: 2, 1: 1, 2: 1}})
    end_round_now(st)
    assert board(st) == {"e2": [2, 1, 1], "e3": [1, 0, 4]}


def test_a_lone_religion_always_proliferates_and_an_empty_tile_adds_nothing() -> None:
    st = last_turn(followers={"holy": {1: 1}, "m2": {2: 5}})
    end_round_now(st)
    assert board(st) == {"holy": [0, 2, 0], "m2": [0, 0, 6]}  # and nothing anywhere else


def test_birth_sites_proliferate_with_five_or_six_players() -> None:
    st = last_turn(6, followers={"bm3": {4: 1}})
    end_round_now(st)
    assert board(st) == {"bm3": [0, 0, 0, 0, 2, 0]}


def test_every_tile_is_worked_out_from_the_board_before_adding() -> None:
    """Each tile is decided from the board as it stands after tallying; each proliferating tile gets
    exactly one follower, whatever is added elsewhere."""
    st = last_turn(
        followers={"j1": {0: 3, 1: 2}, "j2": {0: 1}, "j3": {1: 1, 2: 1}, "holy": {0: 2, 1: 1, 2: 1}},
    )
    end_round_now(st)
    assert board(st) == {"holy": [2, 1, 1], "j1": [4, 2, 0], "j2": [2, 0, 0], "j3": [0, 1, 1]}
    assert st.supply == [12, 16, 18]


def test_the_next_round_starts_with_the_first_seat() -> None:
    st = last_turn(round=4)
    end_round_now(st)
    assert st.round == 5 and st.turn == 0 and GAME.to_act(st) == (0,)


# --- Famine -------------------------------------------------------------------------------------


def test_famine_stops_proliferation_on_its_tile_for_this_round_only() -> None:
    """Famine: the tile does not proliferate at the end of this round (the mark is public); the mark
    is cleared after that proliferation, and the tile proliferates again the next round."""
    st = position(followers={"j1": {1: 1}, "j2": {1: 1}}, hands={0: ["famine"]})
    act(st, 0, "play:famine", "tile:j1")
    assert GAME.view(st, None)["famine"] == ["j1"]
    act(st, 0, "stay", "skip")
    end_round_now(st)
    assert board(st) == {"j1": [0, 1, 0], "j2": [0, 2, 0]}
    assert st.score == [0, 2, 0]  # Famine doesn't touch Tallying
    assert GAME.view(st, None)["famine"] == []
    end_round_now(st)
    assert board(st) == {"j1": [0, 2, 0], "j2": [0, 3, 0]}


def test_famine_does_not_stop_other_tiles() -> None:
    st = last_turn(followers={"e1": {0: 1}, "e2": {0: 1}}, famine=["e1", "holy"])
    end_round_now(st)
    assert board(st) == {"e1": [1, 0, 0], "e2": [2, 0, 0]} and st.famine == 0


# --- Short supply at proliferation ---------------------------------------------------------------


def test_short_supply_the_player_chooses_which_tiles() -> None:
    """If your religion should proliferate on more tiles than you have followers left, you choose."""
    st = last_turn(followers={"j1": {0: 10}, "e1": {0: 9}, "j2": {1: 1}})
    assert st.supply[0] == 1
    act(st, 2, "stay", "skip")
    assert GAME.to_json(st)["phase"] == "proliferation" and GAME.to_act(st) == (0,)
    assert board(st)["j2"] == [0, 2, 0]  # a religion with enough supply proliferates at once
    assert legal(st, 0) == {"tile:j1", "tile:e1"}
    assert legal(st, 1) == set() and legal(st, 2) == set()
    refuse(st, 1, "tile:j2", "not-your-turn")
    refuse(st, 0, "tile:j2", "illegal-action")
    act(st, 0, "tile:e1")
    assert board(st) == {"j1": [10, 0, 0], "j2": [0, 2, 0], "e1": [10, 0, 0]}
    assert st.supply[0] == 0 and st.round == 2 and GAME.to_act(st) == (0,)


def test_several_short_players_choose_in_seat_order() -> None:
    st = last_turn(
        followers={
            "j1": {0: 10},
            "e1": {0: 8},
            "m1": {0: 1},
            "holy": {2: 12},
            "e3": {2: 7},
            "e2": {1: 1},
        }
    )
    assert st.supply[0] == 1 and st.supply[2] == 1
    act(st, 2, "stay", "skip")
    assert GAME.to_act(st) == (0,) and legal(st, 0) == {"tile:j1", "tile:e1", "tile:m1"}
    refuse(st, 2, "tile:holy", "not-your-turn")
    act(st, 0, "tile:m1")
    assert GAME.to_act(st) == (2,) and legal(st, 2) == {"tile:holy", "tile:e3"}
    assert st.round == 1
    act(st, 2, "tile:e3")
    assert board(st) == {
        "holy": [0, 0, 12],
        "j1": [10, 0, 0],
        "e1": [8, 0, 0],
        "e2": [0, 2, 0],
        "e3": [0, 0, 8],
        "m1": [2, 0, 0],
    }
    assert st.round == 2 and st.supply == [0, 18, 0]


def test_a_player_with_an_empty_supply_adds_nothing_and_is_not_asked() -> None:
    st = last_turn(followers={"j1": {0: 10}, "e1": {0: 10}})
    end_round_now(st)
    assert st.round == 2 and board(st) == {"j1": [10, 0, 0], "e1": [10, 0, 0]}


def test_short_player_with_several_followers_left_picks_that_many() -> None:
    st = last_turn(followers={"holy": {1: 5}, "j1": {1: 5}, "j2": {1: 4}, "j3": {1: 4}})
    assert st.supply[1] == 2
    end_round_now(st)
    act(st, 1, "tile:j3")
    assert legal(st, 1) == {"tile:holy", "tile:j1", "tile:j2"}
    act(st, 1, "tile:holy")
    assert board(st) == {"holy": [0, 6, 0], "j1": [0, 5, 0], "j2": [0, 4, 0], "j3": [0, 5, 0]}
    assert st.round == 2


def test_short_supply_choices_are_offered_nearest_the_holy_city_first() -> None:
    """Rulings: an automatic choice takes the tiles nearest the Holy City, ties in the order holy, j1,
    j2, j3, e1, e2, e3, m1, m2, m3, ...: the legal choices come in that order, so the first one is
    the automatic choice."""
    st = last_turn(followers={"m1": {0: 5}, "e2": {0: 5}, "j3": {0: 5}, "e1": {0: 4}})
    end_round_now(st)
    assert GAME.legal(st, 0) == ["tile:j3", "tile:e1", "tile:e2", "tile:m1"]
