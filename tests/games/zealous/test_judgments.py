"""Judgments (rulings: card list, Judgments — 20; rulebook: Reading your cards, Judgments).

Judgments are played in step 1, "so you strike from where you were standing, not where you are going".
"Opponent's follower" always means one its owner's Sanctuary does not protect; a removed follower
returns to its owner's supply. Seats in a 3-player `position()` stand on bm1, be2 and bm3 unless a test
says otherwise.
"""

from __future__ import annotations

from tests.games.zealous.helpers import act, board, discards, legal, not_valid, on, position
from ziggurat.games.zealous import GAME

# --- Stone: Remove 1 opponent's follower from a tile connected to your prophet's tile ---------------


def test_stone_removes_an_opponents_follower_on_a_connected_tile() -> None:
    """Connected tiles only, never the prophet's own tile, never a far tile, never your own."""
    st = position(
        prophets=["e1", "be2", "bm3"],
        followers={"j1": {1: 1}, "e1": {1: 1}, "j3": {2: 1}, "m2": {0: 1, 2: 2}},
        hands={0: ["stone"]},
    )
    act(st, 0, "play:stone")
    assert legal(st) == {"follower:j1:1", "follower:m2:2"}
    act(st, 0, "follower:m2:2")
    assert on(st, "m2") == [1, 0, 1] and st.supply[2] == 18  # back to its owner's supply
    assert discards(st, "judgment") == ["stone"] and not st.stack
    assert "move:m1" in legal(st)  # then step 2, as usual


def test_stone_strikes_from_where_the_prophet_stands_before_moving() -> None:
    """Stone can't reach a tile that would only be connected after the move."""
    st = position(prophets=["m1", "be2", "bm3"], followers={"j1": {1: 2}}, hands={0: ["stone"]})
    not_valid(st, 0, "stone")  # j1 is one step from e1, but not connected to m1
    act(st, 0, "move:e1")
    not_valid(st, 0, "stone")  # and after the move it's too late


def test_stone_unplayable_on_own_tile_or_far_away() -> None:
    st = position(
        prophets=["e1", "be2", "bm3"],
        followers={"e1": {1: 1}, "j3": {2: 1}, "m1": {0: 2}},
        hands={0: ["stone"]},
    )
    not_valid(st, 0, "stone")


def test_stone_from_a_birth_site_reaches_only_its_outer_tile() -> None:
    st = position(followers={"m1": {1: 1}, "e1": {2: 1}}, hands={0: ["stone"]})
    act(st, 0, "play:stone")
    assert legal(st) == {"follower:m1:1"}


def test_stone_cannot_touch_a_sanctuary() -> None:
    st = position(
        prophets=["e1", "be2", "bm3"],
        followers={"j1": {1: 1}, "m2": {2: 1}},
        sanctuaries={1: ["j1"]},
        hands={0: ["stone"]},
    )
    act(st, 0, "play:stone")
    assert legal(st) == {"follower:m2:2"}
    st = position(
        prophets=["e1", "be2", "bm3"], followers={"j1": {1: 1}}, sanctuaries={1: ["j1"]}, hands={0: ["stone"]}
    )
    not_valid(st, 0, "stone")


# --- Samson: sacrifice 1 on a tile with another religion; remove up to 2 opponents' followers there --


def test_samson_sacrifices_one_and_removes_two_on_any_tile() -> None:
    """Any tile (not only near the prophet); the two may belong to different opponents."""
    st = position(followers={"holy": {0: 1, 1: 2, 2: 1}, "e1": {0: 1}}, hands={0: ["samson"]})
    act(st, 0, "play:samson")
    assert legal(st) == {"tile:holy"}  # e1 holds no other religion
    act(st, 0, "tile:holy")
    assert on(st, "holy") == [0, 2, 1] and st.supply[0] == 19  # the sacrifice goes back to supply
    assert legal(st) == {"follower:holy:1", "follower:holy:2"}  # at least one removal: no "done"
    act(st, 0, "follower:holy:1")
    assert legal(st) == {"follower:holy:1", "follower:holy:2", "done"}
    act(st, 0, "follower:holy:2")
    assert on(st, "holy") == [0, 1, 0] and st.supply[1:] == [19, 20]
    assert discards(st, "judgment") == ["samson"] and not st.stack


def test_samson_may_stop_after_the_first_removal() -> None:
    st = position(followers={"j2": {0: 2, 1: 3}}, hands={0: ["samson"]})
    act(st, 0, "play:samson", "tile:j2", "follower:j2:1", "done")
    assert on(st, "j2") == [1, 2, 0] and not st.stack


def test_samson_ends_when_nothing_is_left_to_remove() -> None:
    st = position(followers={"j2": {0: 2, 1: 1}}, hands={0: ["samson"]})
    act(st, 0, "play:samson", "tile:j2", "follower:j2:1")
    assert on(st, "j2") == [1, 0, 0] and not st.stack and discards(st, "judgment") == ["samson"]


def test_samson_needs_an_unprotected_opponent_on_a_tile_with_your_follower() -> None:
    """Another religion protected by its Sanctuary is not a follower Samson may remove; an opponent
    without any follower of yours there doesn't count either."""
    st = position(
        followers={"j2": {0: 1, 1: 2}, "e3": {2: 3}}, sanctuaries={1: ["j2"]}, hands={0: ["samson"]}
    )
    not_valid(st, 0, "samson")
    st = position(followers={"j2": {0: 1, 1: 2, 2: 1}}, sanctuaries={1: ["j2"]}, hands={0: ["samson"]})
    act(st, 0, "play:samson", "tile:j2")
    assert legal(st) == {"follower:j2:2"}  # Sanctuary skips seat 1's followers


# --- Reckoning: sacrifice 1 on any tile; remove 1 opponent's follower from a connected tile ---------


def test_reckoning_removes_on_a_tile_connected_to_the_sacrifice() -> None:
    """Never the sacrifice's own tile; the prophet's position doesn't matter."""
    st = position(
        followers={"m3": {0: 1, 2: 1}, "e2": {1: 1}, "holy": {1: 1}},
        hands={0: ["reckoning"]},
    )
    act(st, 0, "play:reckoning")
    assert legal(st) == {"tile:m3"}
    act(st, 0, "tile:m3")
    assert on(st, "m3") == [0, 0, 1] and st.supply[0] == 20
    assert legal(st) == {"follower:e2:1"}
    act(st, 0, "follower:e2:1")
    assert board(st) == {"holy": [0, 1, 0], "m3": [0, 0, 1]}
    assert discards(st, "judgment") == ["reckoning"] and not st.stack


def test_reckoning_unplayable_without_a_target_next_to_your_follower() -> None:
    st = position(followers={"m3": {0: 1, 2: 1}, "holy": {1: 1}}, hands={0: ["reckoning"]})
    not_valid(st, 0, "reckoning")
    st = position(followers={"m3": {0: 1}, "e2": {1: 1}}, sanctuaries={1: ["e2"]}, hands={0: ["reckoning"]})
    not_valid(st, 0, "reckoning")


# --- Banishment: move 1 opponent's follower from any tile to a tile connected to it -----------------


def test_banishment_moves_an_opponents_follower_from_any_tile() -> None:
    """Any tile; the player who plays it chooses where it goes (a connected tile)."""
    st = position(followers={"holy": {1: 2}, "m1": {0: 1}}, hands={0: ["banishment"]})
    act(st, 0, "play:banishment")
    assert legal(st) == {"follower:holy:1"}
    act(st, 0, "follower:holy:1")
    assert legal(st) == {"tile:j1", "tile:j2", "tile:j3"}
    act(st, 0, "tile:j3")
    assert board(st) == {"holy": [0, 1, 0], "j3": [0, 1, 0], "m1": [1, 0, 0]}
    assert st.supply == [19, 18, 20]  # moved, not removed
    assert discards(st, "judgment") == ["banishment"] and not st.stack


def test_banishment_never_onto_a_birth_site_with_three_or_four_players() -> None:
    st = position(4, followers={"e1": {2: 1}}, hands={0: ["banishment"]})
    act(st, 0, "play:banishment", "follower:e1:2")
    assert legal(st) == {"tile:m1", "tile:m2", "tile:j1", "tile:j2"}


def test_banishment_onto_a_birth_site_with_five_or_six_players() -> None:
    st = position(6, followers={"e1": {2: 1}}, hands={0: ["banishment"]})
    act(st, 0, "play:banishment", "follower:e1:2")
    assert legal(st) == {"tile:m1", "tile:m2", "tile:j1", "tile:j2", "tile:be1"}
    act(st, 0, "tile:be1")
    assert on(st, "be1") == [0, 0, 1, 0, 0, 0]


def test_banishment_unplayable_on_own_or_protected_followers() -> None:
    st = position(followers={"holy": {0: 3, 1: 1}}, sanctuaries={1: ["holy"]}, hands={0: ["banishment"]})
    not_valid(st, 0, "banishment")


# --- Conversion: where you have more followers than one opponent, replace one of theirs -------------


def test_conversion_compares_with_the_converted_religion_only() -> None:
    """2 against seat 1's 1: convertible; 2 against seat 2's 3: not. The old follower goes back to
    its owner, the new one comes from your supply."""
    st = position(followers={"e3": {0: 2, 1: 1, 2: 3}}, hands={0: ["conversion"]})
    act(st, 0, "play:conversion")
    assert legal(st) == {"follower:e3:1"}
    act(st, 0, "follower:e3:1")
    assert on(st, "e3") == [3, 0, 3] and st.supply == [17, 20, 17]
    assert discards(st, "judgment") == ["conversion"] and not st.stack


def test_conversion_needs_strictly_more_followers() -> None:
    st = position(followers={"e3": {0: 2, 1: 2}, "j1": {1: 1}}, hands={0: ["conversion"]})
    not_valid(st, 0, "conversion")


def test_conversion_cannot_touch_a_sanctuary() -> None:
    st = position(followers={"e3": {0: 3, 1: 1}}, sanctuaries={1: ["e3"]}, hands={0: ["conversion"]})
    not_valid(st, 0, "conversion")


def test_conversion_impossible_with_an_empty_supply() -> None:
    """Running out of followers: you can't convert."""
    st = position(followers={"e3": {0: 19, 1: 1}, "j1": {0: 1}}, hands={0: ["conversion"]})
    assert st.supply[0] == 0
    not_valid(st, 0, "conversion")


# --- Upheaval: swap the places of any two followers on the board ------------------------------------


def test_upheaval_swaps_two_followers_anywhere() -> None:
    st = position(followers={"holy": {1: 1}, "m3": {2: 1}}, hands={0: ["upheaval"]})
    act(st, 0, "play:upheaval")
    assert legal(st) == {"follower:holy:1", "follower:m3:2"}
    act(st, 0, "follower:holy:1")
    assert legal(st) == {"follower:m3:2"}  # not the same follower twice
    act(st, 0, "follower:m3:2")
    assert board(st) == {"holy": [0, 0, 1], "m3": [0, 1, 0]}
    assert discards(st, "judgment") == ["upheaval"] and not st.stack


def test_upheaval_may_swap_same_religion_or_same_tile_and_still_counts() -> None:
    st = position(followers={"e1": {0: 1}, "e2": {0: 1}}, hands={0: ["upheaval"]})
    act(st, 0, "play:upheaval", "follower:e1:0", "follower:e2:0")
    assert board(st) == {"e1": [1, 0, 0], "e2": [1, 0, 0]}
    assert discards(st, "judgment") == ["upheaval"] and st.card_played
    st = position(followers={"j3": {1: 1, 2: 1}}, hands={0: ["upheaval"]})
    act(st, 0, "play:upheaval", "follower:j3:1")
    assert legal(st) == {"follower:j3:2"}
    act(st, 0, "follower:j3:2")
    assert board(st) == {"j3": [0, 1, 1]} and discards(st, "judgment") == ["upheaval"]


def test_upheaval_moves_own_protected_followers_but_not_opponents() -> None:
    """Sanctuary protects from opponents' cards only: your own Upheaval may move your own."""
    st = position(
        followers={"j1": {0: 1, 1: 1}, "e2": {1: 1}},
        sanctuaries={0: ["j1"], 1: ["j1"]},
        hands={0: ["upheaval"]},
    )
    act(st, 0, "play:upheaval")
    assert legal(st) == {"follower:j1:0", "follower:e2:1"}


def test_upheaval_needs_two_followers_it_may_move() -> None:
    st = position(followers={"holy": {1: 1}}, hands={0: ["upheaval"]})
    not_valid(st, 0, "upheaval")
    st = position(followers={"holy": {1: 1}, "j1": {2: 1}}, sanctuaries={2: ["j1"]}, hands={0: ["upheaval"]})
    not_valid(st, 0, "upheaval")


# --- Flood: every follower on one tile connected to your prophet's tile returns to supply ----------


def test_flood_returns_every_follower_yours_included_and_skips_protected() -> None:
    st = position(
        prophets=["m1", "be2", "bm3"],
        followers={"e1": {0: 2, 1: 1, 2: 3}, "m1": {1: 4}},
        sanctuaries={2: ["e1"]},
        hands={0: ["flood"]},
    )
    act(st, 0, "play:flood")
    assert legal(st) == {"tile:e1"}  # not m1, the prophet's own tile
    act(st, 0, "tile:e1")
    assert board(st) == {"e1": [0, 0, 3], "m1": [0, 4, 0]}
    assert st.supply == [20, 16, 17]
    assert discards(st, "judgment") == ["flood"] and not st.stack


def test_flood_is_playable_on_only_your_own_followers() -> None:
    st = position(
        prophets=["m1", "be2", "bm3"], followers={"e3": {0: 2}}, sanctuaries={0: ["e3"]}, hands={0: ["flood"]}
    )
    act(st, 0, "play:flood", "tile:e3")  # own Sanctuary doesn't stop your own card
    assert board(st) == {} and st.supply[0] == 20


def test_flood_unplayable_with_nothing_it_may_remove_nearby() -> None:
    st = position(
        prophets=["m1", "be2", "bm3"],
        followers={"m1": {1: 2}, "holy": {2: 1}, "e1": {1: 1}},
        sanctuaries={1: ["e1"]},
        hands={0: ["flood"]},
    )
    not_valid(st, 0, "flood")


# --- Famine: choose any tile; it does not proliferate at the end of this round ----------------------


def test_famine_may_target_any_tile_and_is_always_playable() -> None:
    """Even on an empty board, and any tile at all (here a Birth Site far from the prophet)."""
    st = position(hands={0: ["famine"]})
    act(st, 0, "play:famine")
    assert len(legal(st)) == 16 and all(a.startswith("tile:") for a in legal(st))
    act(st, 0, "tile:be3")
    assert GAME.view(st, None)["famine"] == ["be3"]  # the mark is public
    assert discards(st, "judgment") == ["famine"] and not st.stack


def test_stone_and_flood_reach_a_connected_birth_site_with_five_or_six_players() -> None:
    """With 5-6 players a Birth Site is an ordinary tile: connected to its outer tile, so in reach."""
    st = position(
        5, prophets=["e1", "be2", "bm3", "j3", "bm2"], followers={"be1": {1: 2}}, hands={0: ["stone"]}
    )
    act(st, 0, "play:stone")
    assert legal(st) == {"follower:be1:1"}
    st = position(
        5, prophets=["e1", "be2", "bm3", "j3", "bm2"], followers={"be1": {1: 2}}, hands={0: ["flood"]}
    )
    act(st, 0, "play:flood", "tile:be1")
    assert board(st) == {}
