"""Miracles (rulings: card list, Miracles — 18; rulebook: Reading your cards, Miracles).

Each card: the playable case with its exact effect, the unplayable case (the exact refusal, state
unchanged), and supply shortage where it adds. No Miracle ever removes a follower. Seats in a
3-player `position()` stand on bm1, be2 and bm3 unless a test says otherwise.
"""

from __future__ import annotations

from tests.games.zealous.helpers import (
    act,
    board,
    deck,
    discards,
    hand,
    legal,
    not_valid,
    on,
    opts,
    position,
    sanctuaries,
    stock,
)

# --- Revelation: Place 1 follower (all normal placing rules, from where your prophet stands now) ---


def test_revelation_places_from_where_the_prophet_stands_before_moving() -> None:
    """Revelation is a Place: connected tile, not the own tile, not an opponent's prophet's tile, no
    Birth Site with 3 players; it is played in step 1, so the prophet may still move afterwards."""
    st = position(prophets=["e1", "j2", "bm3"], hands={0: ["revelation"]})
    act(st, 0, "play:revelation")
    assert legal(st) == {"tile:m1", "tile:m2", "tile:j1"}  # not e1 (own), j2 (Bo's prophet), be1
    act(st, 0, "tile:j1")
    assert board(st) == {"j1": [1, 0, 0]}
    assert st.supply[0] == 19
    assert discards(st, "miracle") == ["revelation"] and hand(st, 0) == []
    assert opts(st, "move:") == {"move:m1", "move:m2", "move:j1", "move:j2"}  # step 2 still to come
    assert "play:revelation" not in legal(st)


def test_revelation_unplayable_without_a_legal_placement() -> None:
    """Prophet on its Birth Site (3 players) whose only connected tile holds an opponent's prophet:
    nowhere to place, so "This card isn't valid this turn." and nothing changes."""
    st = position(prophets=["bm1", "m1", "bm3"], hands={0: ["revelation"]})
    not_valid(st, 0, "revelation")


def test_revelation_unplayable_with_an_empty_supply() -> None:
    """Running out of followers: you can't place a follower (all 20 on the board)."""
    st = position(prophets=["m1", "be2", "bm3"], followers={"holy": {0: 20}}, hands={0: ["revelation"]})
    not_valid(st, 0, "revelation")


def test_revelation_is_a_step_one_card_not_playable_after_the_move() -> None:
    """Miracles are always played in step 1, before the prophet moves."""
    st = position(prophets=["m1", "be2", "bm3"], hands={0: ["revelation"]})
    act(st, 0, "move:e1")
    not_valid(st, 0, "revelation")


# --- Multitude: Add 1 follower to a tile where you already have at least 2 followers ---------------


def test_multitude_adds_where_two_stand_ignoring_the_prophet() -> None:
    """Add ignores your prophet: the own prophet's tile and an opponent prophet's tile are fine;
    a tile with a single follower is not offered."""
    st = position(
        prophets=["e1", "j2", "bm3"],
        followers={"e1": {0: 2}, "j2": {0: 3}, "holy": {0: 1}},
        hands={0: ["multitude"]},
    )
    act(st, 0, "play:multitude")
    assert legal(st) == {"tile:e1", "tile:j2"}
    act(st, 0, "tile:j2")
    assert on(st, "j2") == [4, 0, 0] and st.supply[0] == 13
    assert discards(st, "miracle") == ["multitude"]


def test_multitude_unplayable_without_a_tile_of_two() -> None:
    st = position(followers={"e1": {0: 1}, "e2": {0: 1}, "e3": {1: 5}}, hands={0: ["multitude"]})
    not_valid(st, 0, "multitude")


def test_multitude_unplayable_with_an_empty_supply() -> None:
    st = position(followers={"holy": {0: 20}}, hands={0: ["multitude"]})
    not_valid(st, 0, "multitude")


# --- Be Fruitful: Add 1 follower to every tile where you have at least 1 follower -------------------


def test_be_fruitful_adds_one_everywhere_you_stand() -> None:
    """Every own tile, however far from the prophet; opponents' tiles untouched."""
    st = position(
        followers={"holy": {0: 1, 1: 2}, "m3": {0: 3}, "e2": {1: 1}},
        hands={0: ["be_fruitful"]},
    )
    act(st, 0, "play:be_fruitful")
    assert board(st) == {"holy": [2, 2, 0], "e2": [0, 1, 0], "m3": [4, 0, 0]}
    assert st.supply[0] == 14 and not st.stack
    assert discards(st, "miracle") == ["be_fruitful"]


def test_be_fruitful_short_of_supply_the_player_chooses_where() -> None:
    """Be Fruitful adds as many as you have left, and you choose where."""
    st = position(followers={"j1": {0: 16}, "j2": {0: 1}, "j3": {0: 1}}, hands={0: ["be_fruitful"]})
    assert st.supply[0] == 2
    act(st, 0, "play:be_fruitful")
    assert legal(st) == {"tile:j1", "tile:j2", "tile:j3"}
    act(st, 0, "tile:j3")
    assert legal(st) == {"tile:j1", "tile:j2"}  # one follower per tile
    act(st, 0, "tile:j1")
    assert board(st) == {"j1": [17, 0, 0], "j2": [1, 0, 0], "j3": [2, 0, 0]}
    assert st.supply[0] == 0 and not st.stack
    assert discards(st, "miracle") == ["be_fruitful"]


def test_be_fruitful_unplayable_with_no_follower_or_no_supply() -> None:
    st = position(followers={"e1": {1: 2}}, hands={0: ["be_fruitful"]})
    not_valid(st, 0, "be_fruitful")
    st = position(followers={"e1": {0: 20}}, hands={0: ["be_fruitful"]})
    not_valid(st, 0, "be_fruitful")


# --- Pilgrimage: Move 1 or 2 different followers of yours, each to a connected tile -----------------


def test_pilgrimage_moves_two_different_followers() -> None:
    """Each to a tile connected to the one it stands on; never onto a Birth Site with 3 players;
    the follower moved first can't move again, another one on its new tile can."""
    st = position(followers={"e1": {0: 1}, "m2": {0: 2}}, hands={0: ["pilgrimage"]})
    act(st, 0, "play:pilgrimage")
    assert legal(st) == {"tile:e1", "tile:m2"}  # at least one must move: no "done" yet
    act(st, 0, "tile:e1")
    assert legal(st) == {"tile:m1", "tile:m2", "tile:j1", "tile:j2"}  # not be1
    act(st, 0, "tile:m2")
    assert on(st, "m2") == [3, 0, 0] and on(st, "e1") == [0, 0, 0]
    assert legal(st) == {"tile:m2", "done"}  # two of the three on m2 have not moved yet
    act(st, 0, "tile:m2")
    assert legal(st) == {"tile:e1", "tile:e2"}  # not bm2
    act(st, 0, "tile:e2")
    assert board(st) == {"e2": [1, 0, 0], "m2": [2, 0, 0]}
    assert st.supply[0] == 17 and discards(st, "miracle") == ["pilgrimage"] and not st.stack


def test_pilgrimage_one_follower_cannot_move_twice() -> None:
    """A lone follower moved by Pilgrimage can't be moved again: the card ends after one move."""
    st = position(followers={"e1": {0: 1}}, hands={0: ["pilgrimage"]})
    act(st, 0, "play:pilgrimage", "tile:e1", "tile:j1")
    assert board(st) == {"j1": [1, 0, 0]}
    assert not st.stack and discards(st, "miracle") == ["pilgrimage"]
    assert "tile:j1" not in legal(st)


def test_pilgrimage_may_stop_after_one() -> None:
    st = position(followers={"e1": {0: 2}}, hands={0: ["pilgrimage"]})
    act(st, 0, "play:pilgrimage", "tile:e1", "tile:j1", "done")
    assert board(st) == {"e1": [1, 0, 0], "j1": [1, 0, 0]}
    assert not st.stack


def test_pilgrimage_onto_a_birth_site_with_five_players() -> None:
    """5-6 players: Birth Sites are ordinary tiles for followers."""
    st = position(5, followers={"e3": {0: 1}}, hands={0: ["pilgrimage"]})
    act(st, 0, "play:pilgrimage", "tile:e3")
    assert legal(st) == {"tile:m3", "tile:m1", "tile:j3", "tile:j1", "tile:be3"}
    act(st, 0, "tile:be3")
    assert board(st) == {"be3": [1, 0, 0, 0, 0]}


def test_pilgrimage_unplayable_without_own_followers() -> None:
    st = position(followers={"e1": {1: 3}}, hands={0: ["pilgrimage"]})
    not_valid(st, 0, "pilgrimage")


# --- Sanctuary: protect your followers on one tile until the start of your next turn ---------------


def test_sanctuary_marks_a_tile_where_you_have_a_follower() -> None:
    st = position(followers={"j1": {0: 1}, "m3": {0: 2}, "e1": {1: 1}}, hands={0: ["sanctuary"]})
    act(st, 0, "play:sanctuary")
    assert legal(st) == {"tile:j1", "tile:m3"}
    act(st, 0, "tile:m3")
    assert sanctuaries(st) == [["m3"], [], []]
    assert discards(st, "miracle") == ["sanctuary"]


def test_sanctuary_unplayable_without_a_follower_on_the_board() -> None:
    st = position(followers={"e1": {1: 1}}, hands={0: ["sanctuary"]})
    not_valid(st, 0, "sanctuary")


def test_several_sanctuaries_may_be_active() -> None:
    """Several may be active at once; a tile already protected would gain nothing, so with nothing
    else to protect the card isn't valid."""
    st = position(followers={"j1": {0: 1}, "e1": {0: 1}}, sanctuaries={0: ["j1"]}, hands={0: ["sanctuary"]})
    act(st, 0, "play:sanctuary")
    assert legal(st) == {"tile:e1"}
    act(st, 0, "tile:e1")
    assert sanctuaries(st) == [["j1", "e1"], [], []]
    st = position(followers={"j1": {0: 1}}, sanctuaries={0: ["j1"]}, hands={0: ["sanctuary"]})
    not_valid(st, 0, "sanctuary")


# --- Vision: Draw 2 Miracles, play one if it can be played, the other to your hand -----------------


def test_vision_must_play_a_playable_drawn_miracle_and_keeps_the_other() -> None:
    """If either drawn Miracle can be played, one must be played (no 'done'); Multitude can't be
    played here, so only Revelation is offered and Multitude goes to the hand."""
    st = position(
        prophets=["m1", "be2", "bm3"],
        hands={0: ["vision"]},
        decks={"miracle": ["revelation", "multitude", "sanctuary"]},
    )
    act(st, 0, "play:vision")
    assert legal(st) == {"card:revelation"}
    act(st, 0, "card:revelation")
    assert hand(st, 0) == ["multitude"]
    assert legal(st) == {"tile:e1", "tile:e3"}
    act(st, 0, "tile:e3")
    assert board(st) == {"e3": [1, 0, 0]}
    assert discards(st, "miracle") == ["revelation", "vision"]  # Vision when it has finished resolving
    assert deck(st, "miracle")[0] == "sanctuary"
    assert opts(st, "play:") == set() and "move:e1" in legal(st)


def test_vision_player_chooses_which_playable_miracle_and_the_other_is_kept() -> None:
    """Both playable: the player chooses; the other goes to the hand for a later turn (the one-card
    limit keeps it out of this turn; it is playable next turn)."""
    st = position(
        prophets=["m1", "be2", "bm3"],
        followers={"e1": {0: 1}},
        hands={0: ["vision"]},
        decks={"miracle": ["sanctuary", "revelation"]},
    )
    act(st, 0, "play:vision")
    assert legal(st) == {"card:sanctuary", "card:revelation"}
    act(st, 0, "card:sanctuary", "tile:e1")
    assert hand(st, 0) == ["revelation"]
    not_valid(st, 0, "revelation")
    act(st, 0, "stay")
    not_valid(st, 0, "revelation")


def test_vision_neither_playable_both_go_to_the_hand() -> None:
    st = position(hands={0: ["vision"]}, decks={"miracle": ["multitude", "pilgrimage", "revelation"]})
    act(st, 0, "play:vision")
    assert sorted(hand(st, 0)) == ["multitude", "pilgrimage"]
    assert not st.stack and discards(st, "miracle") == ["vision"] and st.card_played
    assert legal(st) == {"move:m1", "stay"}


def test_vision_then_vision_is_fine() -> None:
    """Vision and Salvation are the exceptions to the one-card rule: Vision then Vision."""
    st = position(
        prophets=["m1", "be2", "bm3"],
        hands={0: ["vision"]},
        decks={"miracle": ["vision", "multitude", "revelation", "pilgrimage"]},
    )
    act(st, 0, "play:vision", "card:vision")
    assert hand(st, 0) == ["multitude"]
    assert legal(st) == {"card:revelation"}  # the second Vision's draw: Revelation, Pilgrimage
    act(st, 0, "card:revelation", "tile:e1")
    assert sorted(hand(st, 0)) == ["multitude", "pilgrimage"]
    assert discards(st, "miracle") == ["revelation", "vision", "vision"]
    assert not st.stack


def test_vision_with_empty_deck_and_discard_draws_nothing_and_never_itself() -> None:
    """Both may be played even when no card can be drawn; Vision never draws itself."""
    st = stock(position(hands={0: ["vision"]}), "miracle", [], [])
    act(st, 0, "play:vision")
    assert hand(st, 0) == [] and not st.stack
    assert discards(st, "miracle") == ["vision"] and deck(st, "miracle") == []


def test_vision_reshuffles_the_discard_only_when_it_must_draw() -> None:
    """The deck holds one card: the first draw takes it, the second rebuilds the deck from the
    discard pile (which doesn't hold the Vision being resolved)."""
    st = stock(position(hands={0: ["vision"]}), "miracle", ["multitude"], ["pilgrimage"])
    act(st, 0, "play:vision")
    assert sorted(hand(st, 0)) == ["multitude", "pilgrimage"]
    assert discards(st, "miracle") == ["vision"] and deck(st, "miracle") == []
