"""Divine Interventions (rulings: card list, Divine Interventions — 14; rulebook: Reading your cards).

"Every Divine Intervention happens on the tile your prophet is standing on." Each prints its timing:
Salvation before you move (step 1), Exodus as your move (it is step 2), Redemption, Exile and
Consecration after you move (between move and place; staying counts as moving). Each is still the
one card of the turn.
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

# --- Exodus: as your move, move one tile; your followers on the tile it leaves come along ------------


def test_exodus_is_an_ordinary_move_that_brings_your_followers() -> None:
    """It goes one tile (never onto a Birth Site with 3 players), kills the prophet standing there,
    draws for a Judgment tile, and takes every own follower from the tile it leaves."""
    st = position(
        prophets=["e1", "j2", "bm3"],
        followers={"e1": {0: 3, 1: 1}, "j2": {1: 2}},
        scores=[4, 9, 2],
        hands={0: ["exodus"]},
        decks={"judgment": ["stone"], "divine": ["exile"]},
    )
    act(st, 0, "play:exodus")
    assert legal(st) == {"tile:m1", "tile:m2", "tile:j1", "tile:j2"}  # not be1
    act(st, 0, "tile:j2")
    assert st.prophet == [2, -1, 15]  # on j2 (index 2); seat 1 is dead
    assert board(st) == {"j2": [3, 2, 0], "e1": [0, 1, 0]}  # seat 1's followers stay
    assert st.score == [4, 9, 2]
    assert hand(st, 0) == ["stone"]  # drew a Judgment for moving onto j2
    assert hand(st, 1) == ["exile"]  # the victim draws a Divine Intervention at once
    assert discards(st, "divine") == ["exodus"] and not st.stack
    # It was the move: now step 3 (no second move, no stay).
    assert legal(st) == {"place:holy", "place:j1", "place:j3", "place:e1", "place:e2", "skip"}


def test_exodus_is_playable_with_no_follower_to_bring() -> None:
    st = position(prophets=["m1", "be2", "bm3"], hands={0: ["exodus"]}, decks={"miracle": ["vision"]})
    act(st, 0, "play:exodus")
    assert legal(st) == {"tile:e1", "tile:e3"}  # not bm1 with 3 players
    act(st, 0, "tile:e1")
    assert st.prophet[0] == 4 and board(st) == {} and hand(st, 0) == []  # Empty tile: no draw


def test_exodus_draws_a_miracle_on_a_miracle_tile() -> None:
    st = position(prophets=["e1", "be2", "bm3"], hands={0: ["exodus"]}, decks={"miracle": ["vision"]})
    act(st, 0, "play:exodus", "tile:m2")
    assert hand(st, 0) == ["vision"]


def test_exodus_onto_a_birth_site_kills_with_five_players() -> None:
    st = position(
        5,
        prophets=["m1", "be2", "bm3", "bm1", "bm2"],
        followers={"m1": {0: 2}},
        hands={0: ["exodus"]},
    )
    act(st, 0, "play:exodus")
    assert "tile:bm1" in legal(st)
    act(st, 0, "tile:bm1")
    assert st.prophet[0] == 13 and st.prophet[3] == -1
    assert board(st) == {"bm1": [2, 0, 0, 0, 0]}
    assert sum(st.hand[3]) == 1


def test_exodus_is_the_one_card_then_exile_is_refused() -> None:
    """Exodus then Exile is not allowed: that is two cards."""
    st = position(
        prophets=["e1", "j1", "bm3"],
        followers={"j1": {1: 2}},
        hands={0: ["exodus", "exile"]},
    )
    act(st, 0, "play:exodus", "tile:j1")
    assert on(st, "j1") == [0, 2, 0]
    not_valid(st, 0, "exile")


def test_exodus_not_after_a_step_one_card_nor_after_the_move() -> None:
    st = position(prophets=["m1", "be2", "bm3"], hands={0: ["exodus", "famine"]})
    act(st, 0, "play:famine", "tile:holy")
    not_valid(st, 0, "exodus")
    st = position(prophets=["m1", "be2", "bm3"], hands={0: ["exodus"]})
    act(st, 0, "stay")
    not_valid(st, 0, "exodus")


# --- Salvation: before you move, draw 3 Miracles; play each that can be played, in your order --------


def test_salvation_plays_each_drawn_miracle_in_the_chosen_order() -> None:
    st = position(
        prophets=["m1", "be2", "bm3"],
        followers={"e1": {0: 1}},
        hands={0: ["salvation"]},
        decks={"miracle": ["revelation", "sanctuary", "be_fruitful"]},
    )
    act(st, 0, "play:salvation")
    assert legal(st) == {"card:revelation", "card:sanctuary", "card:be_fruitful"}  # no "done"
    act(st, 0, "card:be_fruitful")  # adds 1 to e1
    assert on(st, "e1") == [2, 0, 0]
    assert legal(st) == {"card:revelation", "card:sanctuary"}
    act(st, 0, "card:sanctuary", "tile:e1")
    assert legal(st) == {"card:revelation"}
    act(st, 0, "card:revelation", "tile:e3")
    assert board(st) == {"e1": [2, 0, 0], "e3": [1, 0, 0]}
    assert sanctuaries(st) == [["e1"], [], []]
    assert discards(st, "miracle") == ["be_fruitful", "sanctuary", "revelation"]
    assert discards(st, "divine") == ["salvation"] and not st.stack
    assert opts(st, "play:") == set() and "move:e1" in legal(st)  # then the move, as usual


def test_salvation_rechecks_playability_at_each_pick() -> None:
    """With one follower left, Revelation and Be Fruitful are both playable; after Revelation the
    supply is empty, so Be Fruitful is no longer offered; Pilgrimage goes on, and Be Fruitful is
    discarded only when nothing left can be played."""
    st = position(
        prophets=["m1", "be2", "bm3"],
        followers={"j1": {0: 19}},
        hands={0: ["salvation"]},
        decks={"miracle": ["revelation", "be_fruitful", "pilgrimage"]},
    )
    act(st, 0, "play:salvation")
    assert legal(st) == {"card:revelation", "card:be_fruitful", "card:pilgrimage"}
    act(st, 0, "card:revelation", "tile:e1")
    assert legal(st) == {"card:pilgrimage"}
    assert discards(st, "miracle") == ["revelation"]
    act(st, 0, "card:pilgrimage", "tile:e1", "tile:j2", "done")
    assert board(st) == {"j1": [19, 0, 0], "j2": [1, 0, 0]}
    assert discards(st, "miracle") == ["revelation", "pilgrimage", "be_fruitful"]
    assert discards(st, "divine") == ["salvation"] and not st.stack


def test_salvation_discards_what_cannot_be_played() -> None:
    """No follower of yours on the board: Multitude, Pilgrimage and Sanctuary can't be played."""
    st = position(
        hands={0: ["salvation"]},
        followers={"e1": {1: 2}},
        decks={"miracle": ["multitude", "pilgrimage", "sanctuary", "vision"]},
    )
    act(st, 0, "play:salvation")
    assert not st.stack and hand(st, 0) == []
    assert sorted(discards(st, "miracle")) == ["multitude", "pilgrimage", "sanctuary"]
    assert discards(st, "divine") == ["salvation"] and deck(st, "miracle")[0] == "vision"
    assert legal(st) == {"move:m1", "stay"}


def test_salvation_keeps_a_drawn_miracle_an_earlier_pick_makes_playable() -> None:
    """Rulings, Salvation: a drawn card that can't be played now stays with the Salvation; an earlier
    pick may make it playable (Revelation's follower makes Sanctuary possible). When none of the cards
    left can be played, they are all discarded."""
    st = position(
        prophets=["bm1", "be2", "bm3"],
        hands={0: ["salvation"]},
        decks={"miracle": ["revelation", "sanctuary", "multitude"]},
    )
    act(st, 0, "play:salvation")
    assert legal(st) == {"card:revelation"} and discards(st, "miracle") == []
    act(st, 0, "card:revelation", "tile:m1")
    assert legal(st) == {"card:sanctuary"}  # Multitude (2 followers on a tile) still can't be played
    act(st, 0, "card:sanctuary", "tile:m1")
    assert sanctuaries(st) == [["m1"], [], []]
    assert discards(st, "miracle") == ["revelation", "sanctuary", "multitude"]
    assert discards(st, "divine") == ["salvation"] and not st.stack


def test_salvation_then_vision_is_fine() -> None:
    """Salvation and Vision are exceptions to the one-card rule: Salvation then Vision."""
    st = position(
        prophets=["m1", "be2", "bm3"],
        hands={0: ["salvation"]},
        decks={"miracle": ["vision", "multitude", "revelation", "sanctuary", "revelation"]},
    )
    act(st, 0, "play:salvation")  # draws Vision, Multitude (not playable: no follower), Revelation
    assert legal(st) == {"card:vision", "card:revelation"}
    act(st, 0, "card:vision")  # draws Sanctuary (not playable: no follower) and Revelation
    assert legal(st) == {"card:revelation"}
    act(st, 0, "card:revelation", "tile:e1")
    assert hand(st, 0) == ["sanctuary"]  # Vision's other card goes to the hand
    assert legal(st) == {"card:revelation"}  # back to Salvation's last card
    act(st, 0, "card:revelation", "tile:e3")
    assert board(st) == {"e1": [1, 0, 0], "e3": [1, 0, 0]}
    assert discards(st, "miracle") == ["revelation", "vision", "revelation", "multitude"]  # never 2 on a tile
    assert discards(st, "divine") == ["salvation"] and not st.stack


def test_salvation_with_nothing_to_draw() -> None:
    """Both may be played even when no card can be drawn."""
    st = stock(position(hands={0: ["salvation"]}), "miracle", [], [])
    act(st, 0, "play:salvation")
    assert not st.stack and discards(st, "divine") == ["salvation"] and st.card_played


def test_salvation_is_played_before_the_move() -> None:
    st = position(hands={0: ["salvation"]})
    act(st, 0, "move:m1")
    not_valid(st, 0, "salvation")


# --- Redemption: after you move, replace every opponent's follower on your prophet's tile -----------


def test_redemption_converts_every_unprotected_opponent_on_the_prophets_tile() -> None:
    st = position(
        prophets=["e1", "be2", "bm3"],
        followers={"j1": {0: 1, 1: 2, 2: 1}, "e1": {1: 5}},
        sanctuaries={2: ["j1"]},
        hands={0: ["redemption"]},
    )
    not_valid(st, 0, "redemption")  # "after you move": not in step 1
    act(st, 0, "move:j1")
    act(st, 0, "play:redemption")
    assert on(st, "j1") == [3, 0, 1] and on(st, "e1") == [0, 5, 0]
    assert st.supply == [17, 15, 19]
    assert discards(st, "divine") == ["redemption"] and not st.stack
    assert "play:redemption" not in legal(st) and "skip" in legal(st)


def test_redemption_after_staying() -> None:
    st = position(prophets=["j1", "be2", "bm3"], followers={"j1": {1: 2}}, hands={0: ["redemption"]})
    act(st, 0, "stay", "play:redemption")
    assert on(st, "j1") == [2, 0, 0]


def test_redemption_short_of_supply_the_player_chooses() -> None:
    """Redemption converts as many as your supply allows; you choose which."""
    st = position(
        prophets=["j1", "be2", "bm3"],
        followers={"j1": {1: 2, 2: 1}, "holy": {0: 19}},
        hands={0: ["redemption"]},
    )
    act(st, 0, "stay", "play:redemption")
    assert legal(st) == {"follower:j1:1", "follower:j1:2"}
    act(st, 0, "follower:j1:2")
    assert on(st, "j1") == [1, 2, 0] and st.supply == [0, 18, 20]
    assert not st.stack and discards(st, "divine") == ["redemption"]


def test_redemption_unplayable_without_a_target_or_supply() -> None:
    st = position(
        prophets=["j1", "be2", "bm3"],
        followers={"j1": {0: 2, 1: 1}, "e1": {2: 1}},
        sanctuaries={1: ["j1"]},
        hands={0: ["redemption"]},
    )
    act(st, 0, "stay")
    not_valid(st, 0, "redemption")
    st = position(
        prophets=["j1", "be2", "bm3"], followers={"j1": {1: 1}, "holy": {0: 20}}, hands={0: ["redemption"]}
    )
    act(st, 0, "stay")
    not_valid(st, 0, "redemption")


# --- Exile: after you move, every opponent's follower on your prophet's tile returns to supply -------


def test_exile_returns_every_unprotected_opponent_on_the_prophets_tile() -> None:
    st = position(
        prophets=["e3", "be2", "bm3"],
        followers={"e3": {0: 1, 1: 3, 2: 2}, "j1": {1: 1}},
        sanctuaries={2: ["e3"]},
        hands={0: ["exile"]},
    )
    not_valid(st, 0, "exile")  # not before the move
    act(st, 0, "stay", "play:exile")
    assert board(st) == {"e3": [1, 0, 2], "j1": [0, 1, 0]}
    assert st.supply == [19, 19, 18]
    assert discards(st, "divine") == ["exile"] and not st.stack
    assert opts(st, "place:") and "skip" in legal(st)


def test_exile_unplayable_without_a_target() -> None:
    st = position(
        prophets=["e3", "be2", "bm3"],
        followers={"e3": {0: 1, 2: 2}, "j1": {1: 1}},
        sanctuaries={2: ["e3"]},
        hands={0: ["exile"]},
    )
    act(st, 0, "move:j3")
    not_valid(st, 0, "exile")


# --- Consecration: after you move, add 2 followers to your prophet's tile ---------------------------


def test_consecration_adds_two_on_the_prophets_own_tile() -> None:
    """Add ignores the placing rules: the prophet's own tile is fine."""
    st = position(prophets=["m1", "be2", "bm3"], hands={0: ["consecration"]})
    not_valid(st, 0, "consecration")  # not before the move
    act(st, 0, "move:e1", "play:consecration")
    assert board(st) == {"e1": [2, 0, 0]} and st.supply[0] == 18
    assert discards(st, "divine") == ["consecration"] and not st.stack


def test_consecration_with_one_follower_left_adds_one() -> None:
    st = position(prophets=["m1", "be2", "bm3"], followers={"holy": {0: 19}}, hands={0: ["consecration"]})
    act(st, 0, "stay", "play:consecration")
    assert on(st, "m1") == [1, 0, 0] and st.supply[0] == 0


def test_consecration_unplayable_with_empty_supply() -> None:
    st = position(prophets=["m1", "be2", "bm3"], followers={"holy": {0: 20}}, hands={0: ["consecration"]})
    act(st, 0, "stay")
    not_valid(st, 0, "consecration")


def test_consecration_not_on_a_birth_site_with_three_or_four_players() -> None:
    st = position(4, hands={0: ["consecration"]})
    act(st, 0, "stay")
    not_valid(st, 0, "consecration")


def test_consecration_on_a_birth_site_with_five_or_six_players() -> None:
    st = position(5, hands={0: ["consecration"]})
    act(st, 0, "stay", "play:consecration")
    assert board(st) == {"bm1": [2, 0, 0, 0, 0]}


def test_exodus_kill_with_empty_divine_deck_and_discard_the_victim_draws_nothing() -> None:
    """The Exodus being resolved is not yet on the discard pile (a card is discarded when it has
    finished resolving), so its victim can't draw it: nothing is drawn. Then Exodus is discarded."""
    st = stock(position(prophets=["e1", "j1", "bm3"], hands={0: ["exodus"]}), "divine", [], [], holder=2)
    act(st, 0, "play:exodus", "tile:j1")
    assert st.prophet[1] == -1 and hand(st, 1) == []
    assert discards(st, "divine") == ["exodus"] and deck(st, "divine") == []
