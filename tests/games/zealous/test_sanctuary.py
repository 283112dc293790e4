"""Sanctuary, the ruling (rulebook: Reading your cards; rulings: Sanctuary).

"Sanctuary protects against every card. An opponent's card of any kind, Divine Interventions included,
can't remove, move, convert or swap a protected follower. Cards that hit every follower on a tile
(Exile, Flood) simply skip protected ones." It protects the tile: your followers on it, including
ones that arrive later; proliferation and your own cards are not affected; a follower you move away
loses its protection. All of a player's Sanctuaries end at the start of that player's next turn, dead
or alive.
"""

from __future__ import annotations

import pytest

from tests.games.zealous.helpers import (
    act,
    board,
    end_round_now,
    legal,
    not_valid,
    on,
    position,
    sanctuaries,
)
from ziggurat.games.zealous import GAME

# Seat 1 holds a Sanctuary on j1 (where it has 2 followers); seat 0, next to it on e1, holds the card.
PROTECTED = {"prophets": ["e1", "be2", "bm3"], "followers": {"j1": {0: 1, 1: 2}}, "sanctuaries": {1: ["j1"]}}


@pytest.mark.parametrize("card", ["stone", "samson", "reckoning", "banishment", "conversion", "upheaval"])
def test_no_opponents_judgment_touches_a_protected_follower(card: str) -> None:
    """Remove (Stone, Samson, Reckoning), move (Banishment), convert (Conversion), swap (Upheaval)."""
    followers = {"j1": {0: 3, 1: 2}, "e1": {0: 1}} if card == "reckoning" else {"j1": {0: 3, 1: 2}}
    st = position(**{**PROTECTED, "followers": followers}, hands={0: [card]})
    if card == "upheaval":  # own followers may be swapped, so it is playable, but never seat 1's
        act(st, 0, "play:upheaval")
        assert not any(a.endswith(":1") for a in legal(st))
    else:
        not_valid(st, 0, card)


@pytest.mark.parametrize("card", ["exile", "redemption"])
def test_no_opponents_divine_intervention_touches_a_protected_follower(card: str) -> None:
    st = position(**{**PROTECTED, "prophets": ["j1", "be2", "bm3"]}, hands={0: [card]})
    act(st, 0, "stay")
    not_valid(st, 0, card)


def test_flood_skips_protected_followers_but_takes_the_others() -> None:
    st = position(**PROTECTED, hands={0: ["flood"]})
    act(st, 0, "play:flood", "tile:j1")
    assert on(st, "j1") == [0, 2, 0]


def test_protection_covers_followers_that_arrive_later() -> None:
    """Seat 0 protects e1, then moves next to it and places there: the new follower is protected
    too, so seat 1's Stone from j2 has nothing to hit."""
    st = position(
        prophets=["m1", "j2", "bm3"],
        followers={"e1": {0: 1}},
        hands={0: ["sanctuary"], 1: ["stone"]},
    )
    act(st, 0, "play:sanctuary", "tile:e1", "stay", "place:e1")
    assert on(st, "e1") == [2, 0, 0]
    not_valid(st, 1, "stone")


def test_a_follower_moved_away_loses_its_protection() -> None:
    """Own Pilgrimage moves a protected follower off the tile; it can then be hit."""
    st = position(
        prophets=["m1", "e2", "bm3"],
        followers={"j1": {0: 2}},
        sanctuaries={0: ["j1"]},
        hands={0: ["pilgrimage"], 1: ["stone"]},
    )
    act(st, 0, "play:pilgrimage", "tile:j1", "tile:j2", "done", "stay", "skip")
    act(st, 1, "play:stone")
    assert legal(st) == {"follower:j2:0"}


def test_your_own_cards_ignore_your_sanctuary() -> None:
    st = position(
        prophets=["m3", "be2", "bm3"],
        followers={"e3": {0: 2, 1: 1}},
        sanctuaries={0: ["e3"]},
        hands={0: ["samson"]},
    )
    act(st, 0, "play:samson", "tile:e3")  # the sacrifice is taken from the protected tile
    assert on(st, "e3") == [1, 1, 0]


def test_sanctuary_protects_only_its_owners_followers() -> None:
    st = position(
        prophets=["e1", "be2", "bm3"],
        followers={"j1": {1: 2, 2: 1}},
        sanctuaries={1: ["j1"]},
        hands={0: ["stone"]},
    )
    act(st, 0, "play:stone")
    assert legal(st) == {"follower:j1:2"}


def test_proliferation_ignores_sanctuary() -> None:
    """Proliferation is an Add and not a card: a protected lone religion proliferates, and a protected
    minority doesn't stop the majority either."""
    st = position(
        turn=2,
        followers={"j1": {1: 1}, "e2": {0: 3, 1: 1}},
        sanctuaries={1: ["j1", "e2"]},
    )
    end_round_now(st)
    assert board(st) == {"j1": [0, 2, 0], "e2": [4, 1, 0]}


def test_sanctuaries_end_at_the_start_of_the_owners_next_turn() -> None:
    """Seat 1's Sanctuaries (several) last through seat 2's turn and the end of the round, into the
    next round, and end as seat 1's turn starts."""
    st = position(turn=1, followers={"j1": {1: 1}, "e2": {1: 1}}, sanctuaries={1: ["j1", "e2"]})
    act(st, 1, "stay", "skip")
    assert sanctuaries(st) == [[], ["j1", "e2"], []]
    end_round_now(st)
    act(st, 0, "stay")
    assert sanctuaries(st) == [[], ["j1", "e2"], []]
    act(st, 0, "skip")  # seat 1's turn starts: before it does anything, its Sanctuaries are gone
    assert st.turn == 1 and sanctuaries(st) == [[], [], []]


def test_sanctuaries_end_at_the_start_of_the_owners_turn_even_when_dead() -> None:
    st = position(
        prophets=["e1", None, "bm3"],
        followers={"j1": {1: 1}},
        sanctuaries={1: ["j1"]},
    )
    act(st, 0, "stay", "skip")
    assert sanctuaries(st)[1] == []  # seat 1's turn has started (with its rebirth)
    assert GAME.to_json(st)["phase"] == "rebirth"
    assert legal(st, 1) == {"birth:be1", "birth:be2", "birth:be3", "birth:bm1", "birth:bm2"}
