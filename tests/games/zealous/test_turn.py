"""The turn (rulebook: Your turn, When your prophet dies, Birth Sites; rulings: Set-up, Turn timing).

Step 1 card → step 2 move → step 3 place, each optional, strictly in order; one card per turn; moving
onto a Miracle/Judgment tile draws; moving onto a prophet kills it; the dead come back at the start of
their next turn; Birth Sites differ with 3-4 and 5-6 players.
"""

from __future__ import annotations

import pytest

from tests.games.zealous.helpers import (
    act,
    board,
    deck,
    discards,
    end_round_now,
    hand,
    legal,
    not_valid,
    opts,
    position,
    refuse,
    stock,
)
from ziggurat.games.zealous import GAME

BIRTH_SITES = {"be1", "be2", "be3", "bm1", "bm2", "bm3"}

# --- set-up ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_setup_each_seat_in_order_picks_a_free_birth_site(players: int) -> None:
    """In seat order, each player stands their prophet on a free Birth Site of their choice (any of
    the six, with any number of players); no two on one site; hands start empty."""
    st = GAME.new(players, {}, seed=3)
    assert all(sum(h) == 0 for h in st.hand) and st.supply == [20] * players
    assert [len(d) for d in st.deck] == [18, 20, 14]
    taken: set[str] = set()
    for seat, site in enumerate(["bm2", "be3", "bm1", "be1", "bm3", "be2"][:players]):
        assert GAME.to_act(st) == (seat,)
        assert legal(st, seat) == {f"birth:{b}" for b in BIRTH_SITES - taken}
        if seat + 1 < players:
            refuse(st, seat + 1, "birth:be2", "not-your-turn")
        if taken:
            refuse(st, seat, f"birth:{next(iter(taken))}", "illegal-action")
        act(st, seat, f"birth:{site}")
        taken.add(site)
    assert st.round == 1 and GAME.to_act(st) == (0,)
    assert GAME.to_json(st)["phase"] == "move"


def test_setup_refuses_a_non_birth_site() -> None:
    st = GAME.new(3, {}, seed=3)
    refuse(st, 0, "birth:e1", "illegal-action")
    refuse(st, 0, "move:m1", "illegal-action")


# --- the three steps, in order ---------------------------------------------------------------------


def test_all_steps_optional_and_no_going_back() -> None:
    """With no card the first decision is move or stay; after the move only placing (or skipping)
    remains; skipping ends the turn."""
    st = position(prophets=["m1", "be2", "bm3"], hands={0: ["famine"]})
    assert legal(st) == {"play:famine", "move:e1", "move:e3", "stay"}
    act(st, 0, "move:e1")
    assert "stay" not in legal(st) and not opts(st, "move:")
    not_valid(st, 0, "famine")  # step 1 is over
    refuse(st, 0, "move:m2", "illegal-action")
    act(st, 0, "skip")
    assert st.turn == 1 and board(st) == {}


def test_one_card_per_turn_in_total() -> None:
    """One card, not one of each kind: after a Judgment no Miracle, and no after-move card either."""
    st = position(
        prophets=["j1", "be2", "bm3"],
        followers={"j1": {1: 1}, "holy": {0: 1}},
        hands={0: ["famine", "famine", "revelation", "sanctuary", "exile"]},
    )
    act(st, 0, "play:famine", "tile:e2")
    for card in ("revelation", "sanctuary", "famine"):  # each would do something, but not this turn
        not_valid(st, 0, card)
    act(st, 0, "stay")
    not_valid(st, 0, "exile")  # Exile would do something here, but the turn's card is spent


def test_after_move_cards_are_offered_with_the_placement() -> None:
    """Design: phase "place" offers placements, the after-move Divine Interventions, and skip."""
    st = position(
        prophets=["j1", "be2", "bm3"],
        followers={"j1": {1: 1}},
        hands={0: ["exile", "consecration", "revelation"]},
    )
    act(st, 0, "stay")
    assert legal(st) == {
        "place:holy",
        "place:j2",
        "place:j3",
        "place:e1",
        "place:e3",
        "play:exile",
        "play:consecration",
        "skip",
    }
    not_valid(st, 0, "revelation")


def test_a_card_drawn_this_turn_is_not_playable_this_turn() -> None:
    """Famine can always be played, yet the Famine drawn by moving onto j1 waits for the next turn."""
    st = position(prophets=["e1", "be2", "bm3"], decks={"judgment": ["famine"]})
    act(st, 0, "move:j1")
    assert hand(st, 0) == ["famine"]
    not_valid(st, 0, "famine")
    act(st, 0, "skip")
    end_round_now(st)
    assert st.turn == 0 and "play:famine" in legal(st)


def test_card_not_held_is_refused_differently() -> None:
    st = position(hands={0: ["famine"]})
    err = refuse(st, 0, "play:stone", "card-not-in-hand")
    assert err.message == "You don't hold Stone."


# --- drawing by moving ---------------------------------------------------------------------------


def test_moving_onto_miracle_and_judgment_tiles_draws() -> None:
    st = position(prophets=["bm1", "e2", "bm3"], decks={"miracle": ["vision"], "judgment": ["flood"]}, turn=0)
    act(st, 0, "move:m1", "skip")
    act(st, 1, "move:j3", "skip")
    assert hand(st, 0) == ["vision"] and hand(st, 1) == ["flood"]
    assert len(st.deck[0]) == 17 and len(st.deck[1]) == 19


def test_holy_city_empty_tiles_and_birth_sites_draw_nothing() -> None:
    st = position(5, prophets=["j1", "m2", "m3", "be1", "bm2"], turn=0)
    sizes = [len(d) for d in st.deck]
    act(st, 0, "move:holy", "skip")
    act(st, 1, "move:e2", "skip")
    act(st, 2, "move:bm3", "skip")
    assert [len(d) for d in st.deck] == sizes and all(sum(h) == 0 for h in st.hand)


def test_standing_still_draws_once_stepping_off_and_back_draws_again() -> None:
    """Standing on a Miracle tile for three turns draws one card, not three; stepping off and coming
    back later does draw again."""
    st = position(prophets=["bm1", "be2", "bm3"], decks={"miracle": ["multitude", "pilgrimage", "vision"]})
    act(st, 0, "move:m1", "skip")
    end_round_now(st)
    act(st, 0, "stay", "skip")
    end_round_now(st)
    act(st, 0, "stay", "skip")
    end_round_now(st)
    assert hand(st, 0) == ["multitude"]
    act(st, 0, "move:e1", "skip")
    end_round_now(st)
    act(st, 0, "move:m1", "skip")
    assert sorted(hand(st, 0)) == ["multitude", "pilgrimage"]


def test_an_empty_deck_is_rebuilt_from_its_discard_only_when_a_card_must_be_drawn() -> None:
    """Its last card drawn, the deck stays empty (discard untouched) until the next draw."""
    st = stock(position(prophets=["bm1", "e2", "bm3"]), "miracle", ["vision"], ["revelation", "multitude"])
    act(st, 0, "move:m1", "skip")
    assert hand(st, 0) == ["vision"]
    assert deck(st, "miracle") == [] and discards(st, "miracle") == ["revelation", "multitude"]
    act(st, 1, "move:m2")
    assert len(hand(st, 1)) == 1 and hand(st, 1)[0] in ("revelation", "multitude")
    assert len(deck(st, "miracle")) == 1 and discards(st, "miracle") == []


def test_nothing_is_drawn_when_deck_and_discard_are_empty() -> None:
    st = stock(position(prophets=["bm1", "e2", "bm3"]), "miracle", [], [], holder=2)
    act(st, 0, "move:m1")
    assert hand(st, 0) == [] and GAME.to_json(st)["phase"] == "place"


# --- placing --------------------------------------------------------------------------------------


def test_placement_restrictions() -> None:
    """Not your prophet's own tile, not a tile with an opponent's prophet, only connected tiles,
    never a Birth Site with 3-4 players. Your prophet may stand where your followers are."""
    st = position(4, prophets=["e1", "j1", "bm3", "be2"], followers={"e1": {0: 2}, "holy": {0: 1}})
    act(st, 0, "stay")
    assert opts(st, "place:") == {"place:m1", "place:m2", "place:j2"}
    act(st, 0, "place:m2")
    assert board(st) == {"e1": [2, 0, 0, 0], "holy": [1, 0, 0, 0], "m2": [1, 0, 0, 0]}
    assert st.supply[0] == 16 and st.turn == 1


def test_placement_refused_on_a_forbidden_tile() -> None:
    st = position(prophets=["e1", "j1", "bm3"])
    act(st, 0, "stay")
    for tile in ("e1", "j1", "be1", "holy", "e2"):
        refuse(st, 0, f"place:{tile}", "illegal-action")


def test_birth_sites_take_followers_with_five_or_six_players() -> None:
    st = position(5, prophets=["e1", "be2", "bm3", "j1", "bm2"])
    act(st, 0, "stay")
    assert opts(st, "place:") == {"place:m1", "place:m2", "place:j2", "place:be1"}
    act(st, 0, "place:be1")
    assert board(st) == {"be1": [1, 0, 0, 0, 0]}


def test_no_placement_with_an_empty_supply() -> None:
    st = position(prophets=["e1", "be2", "bm3"], followers={"holy": {0: 20}})
    act(st, 0, "stay")
    assert legal(st) == {"skip"}


# --- killing and rebirth ---------------------------------------------------------------------------


def test_moving_onto_a_prophet_kills_it_and_it_draws_a_divine_intervention() -> None:
    """The victim leaves the board; followers and score stay; it draws a Divine Intervention at
    once. The mover never dies and draws for the tile as usual."""
    st = position(
        prophets=["e1", "j1", "bm3"],
        followers={"j1": {1: 1}, "e3": {1: 4}, "e1": {0: 1}},
        scores=[3, 8, 1],
        decks={"judgment": ["flood"], "divine": ["salvation"]},
    )
    act(st, 0, "move:j1")
    assert st.prophet == [1, -1, 15]
    assert board(st) == {"j1": [0, 1, 0], "e1": [1, 0, 0], "e3": [0, 4, 0]}
    assert st.score == [3, 8, 1] and st.supply == [19, 15, 20]
    assert hand(st, 1) == ["salvation"] and hand(st, 0) == ["flood"]
    assert len(deck(st, "divine")) == 13


def test_a_kill_draws_nothing_when_the_divine_deck_and_discard_are_empty() -> None:
    st = stock(position(prophets=["e1", "j1", "bm3"]), "divine", [], [], holder=2)
    act(st, 0, "move:j1")
    assert st.prophet[1] == -1 and hand(st, 1) == []


def test_a_kill_reshuffles_the_divine_discard_when_the_deck_is_empty() -> None:
    st = stock(position(prophets=["e1", "j1", "bm3"]), "divine", [], ["exile"], holder=2)
    act(st, 0, "move:j1")
    assert hand(st, 1) == ["exile"] and discards(st, "divine") == []


def test_rebirth_is_mandatory_first_on_any_free_birth_site_then_a_normal_turn() -> None:
    """At the start of your next turn, before anything else, stand your prophet on any Birth Site
    with no prophet on it; then take your turn as normal from there: card, move, place."""
    st = position(
        prophets=["m2", None, "bm3"],
        turn=1,
        phase="rebirth",
        followers={"m1": {0: 1}},
        hands={1: ["exile", "stone"]},
    )
    assert GAME.to_act(st) == (1,)
    assert legal(st) == {"birth:be1", "birth:be2", "birth:be3", "birth:bm1", "birth:bm2"}  # not bm3
    for action in ("stay", "move:e1", "birth:bm3", "birth:e1"):
        refuse(st, 1, action)
    act(st, 1, "birth:bm1")
    assert st.prophet[1] == 13
    assert legal(st) == {"play:stone", "move:m1", "stay"}  # Stone reaches m1 from the Birth Site
    act(st, 1, "play:stone", "follower:m1:0", "move:m1", "place:e3")
    assert board(st) == {"e3": [0, 1, 0]}
    assert st.turn == 2  # no extra turn: the turn order goes on


def test_a_dead_prophets_turn_starts_with_rebirth() -> None:
    st = position(prophets=["e1", "j1", "bm3"])
    act(st, 0, "move:j1", "skip")
    assert st.turn == 1 and GAME.to_json(st)["phase"] == "rebirth"
    assert opts(st, "birth:") == legal(st)


def test_birth_site_prophet_cannot_be_killed_with_three_or_four_players() -> None:
    """A prophet can't walk onto a Birth Site (Exodus included): one standing there is safe."""
    st = position(4, prophets=["m1", "bm1", "be3", "e1"], hands={0: ["exodus"]})
    assert opts(st, "move:") == {"move:e1", "move:e3"}
    refuse(st, 0, "move:bm1", "illegal-action")
    act(st, 0, "play:exodus")
    assert legal(st) == {"tile:e1", "tile:e3"}


def test_prophets_walk_onto_birth_sites_and_kill_there_with_five_or_six_players() -> None:
    st = position(6, prophets=["m1", "bm1", "be3", "e1", "bm2", "bm3"], decks={"divine": ["consecration"]})
    assert opts(st, "move:") == {"move:e1", "move:e3", "move:bm1"}
    act(st, 0, "move:bm1")
    assert st.prophet[:2] == [13, -1] and hand(st, 1) == ["consecration"]
    assert opts(st, "place:") == {"place:m1"}


# --- card windows ------------------------------------------------------------------------------------

STEP_ONE = [
    "revelation",
    "multitude",
    "be_fruitful",
    "pilgrimage",
    "sanctuary",
    "vision",
    "stone",
    "samson",
    "reckoning",
    "banishment",
    "conversion",
    "upheaval",
    "flood",
    "famine",
]


@pytest.mark.parametrize("card", STEP_ONE)
def test_miracles_and_judgments_are_played_in_step_one_only(card: str) -> None:
    """A position where every Miracle and Judgment would do something: each is offered in step 1,
    and after staying put (same board) each is refused as not valid this turn."""
    st = position(
        prophets=["e1", "be2", "bm3"],
        followers={"j1": {0: 2, 1: 1}, "j2": {2: 1}},
        hands={0: [card]},
    )
    assert f"play:{card}" in legal(st)
    act(st, 0, "stay")
    not_valid(st, 0, card)


@pytest.mark.parametrize("card", ["vision", "famine", "salvation"])
def test_vision_salvation_and_famine_can_always_be_played(card: str) -> None:
    """Even with no follower in supply, nothing on the board of anyone else, and empty decks."""
    st = position(prophets=["bm1", "m2", "bm3"], followers={"holy": {0: 20}}, hands={0: [card]})
    stock(stock(st, "miracle", [], [], holder=1), "judgment", [], [], holder=1)
    assert f"play:{card}" in legal(st)
    act(st, 0, f"play:{card}")
    assert st.card_played
