"""What each seat may see (rulings: Public information).

Public: the board, scores, marks, each player's supply, the discard piles (face up), deck sizes, and
how many cards of each deck every player holds. Hidden: the cards in another player's hand and the
order of every deck.
"""

from __future__ import annotations

import json
import random

from tests.games.zealous.helpers import act, position
from ziggurat.engine.game import events_for
from ziggurat.games.zealous import GAME
from ziggurat.games.zealous.cards import CARDS
from ziggurat.games.zealous.state import ZealousState

CARD_IDS = [c.id for c in CARDS]


def names_in(view: object) -> set[str]:
    """Every card id found among a view's values (keys such as "famine" are not cards)."""
    if isinstance(view, dict):
        return set().union(*(names_in(v) for v in view.values()))
    if isinstance(view, list):
        return set().union(*(names_in(v) for v in view))
    return {view} & set(CARD_IDS) if isinstance(view, str) else set()


def sample() -> ZealousState:
    return position(
        prophets=["e1", "j2", "bm3"],
        followers={"j1": {0: 2}, "e2": {1: 1}},
        hands={0: ["revelation", "stone"], 1: ["exile"]},
        sanctuaries={1: ["e2"]},
        famine=["holy"],
        scores=[4, 6, 1],
    )


def test_a_seat_sees_its_own_hand_and_never_anothers() -> None:
    st = sample()
    v0, v1, v2 = (GAME.view(st, s) for s in range(3))
    assert v0["hand"] == ["revelation", "stone"] and names_in(v0) == {"revelation", "stone"}
    assert v1["hand"] == ["exile"] and names_in(v1) == {"exile"}
    assert v2["hand"] == [] and names_in(v2) == set()
    assert v0["seat"] == 0 and "play:revelation" in v0["legal"] and v1["legal"] == []


def test_the_spectator_sees_no_hand() -> None:
    v = GAME.view(sample(), None)
    assert "hand" not in v and "legal" not in v and "seat" not in v
    assert names_in(v) == set()


def test_public_information_is_the_same_for_everyone() -> None:
    """Board, prophets, scores, supply, marks, deck sizes and hand counts per deck."""
    st = sample()
    views = [GAME.view(st, s) for s in (None, 0, 1, 2)]
    public = ("followers", "prophets", "scores", "supply", "sanctuaries", "famine", "hand_counts", "decks")
    for key in public:
        assert all(v[key] == views[0][key] for v in views), key
    v = views[0]
    assert v["hand_counts"] == [
        {"miracle": 1, "judgment": 1, "divine": 0},
        {"miracle": 0, "judgment": 0, "divine": 1},
        {"miracle": 0, "judgment": 0, "divine": 0},
    ]
    assert v["decks"] == {"miracle": 17, "judgment": 19, "divine": 13}  # sizes, not cards
    assert v["sanctuaries"] == [[], ["e2"], []] and v["famine"] == ["holy"]
    assert v["scores"] == [4, 6, 1] and v["supply"] == [18, 19, 20]
    assert v["prophets"] == ["e1", "j2", "bm3"]


def test_discard_piles_are_face_up() -> None:
    st = position(prophets=["e1", "be2", "bm3"], followers={"j1": {1: 1}}, hands={0: ["stone"]})
    act(st, 0, "play:stone", "follower:j1:1")
    for seat in (None, 0, 1, 2):
        assert GAME.view(st, seat)["discards"] == {"miracle": [], "judgment": ["stone"], "divine": []}


def test_views_do_not_depend_on_hidden_cards() -> None:
    """Another seat's hand (same counts) or a reordered deck changes nothing in a view."""
    st = sample()
    other = position(
        prophets=["e1", "j2", "bm3"],
        followers={"j1": {0: 2}, "e2": {1: 1}},
        hands={0: ["revelation", "stone"], 1: ["exodus"]},
        sanctuaries={1: ["e2"]},
        famine=["holy"],
        scores=[4, 6, 1],
    )
    random.Random(5).shuffle(other.deck[0])
    for seat in (None, 0, 2):
        assert GAME.view(other, seat) == GAME.view(st, seat)
    assert GAME.view(other, 1) != GAME.view(st, 1)


def test_cards_drawn_by_vision_are_shown_only_to_their_player() -> None:
    st = position(
        prophets=["m1", "be2", "bm3"],
        followers={"e1": {0: 1}},
        hands={0: ["vision"]},
        decks={"miracle": ["sanctuary", "revelation"]},
    )
    act(st, 0, "play:vision")
    mine = GAME.view(st, 0)["pending"][0]
    assert mine["drawn"] == ["sanctuary", "revelation"] and mine["drawn_count"] == 2
    for seat in (None, 1, 2):
        pending = GAME.view(st, seat)["pending"][0]
        assert "drawn" not in pending and pending["drawn_count"] == 2
        assert names_in(GAME.view(st, seat)) <= {"vision"}


def test_the_card_a_victim_draws_is_secret_in_the_event_log() -> None:
    st = position(prophets=["e1", "j1", "bm3"], decks={"divine": ["redemption"]})
    act(st, 0, "move:j1")
    draws = [e for e in st.events or [] if e["type"] == "draw" and e["seat"] == 1]
    assert draws and draws[0]["secret"] == {"card": "redemption"}
    assert "redemption" in json.dumps(events_for(st.events or [], 1))
    for seat in (None, 0, 2):
        assert "redemption" not in json.dumps(events_for(st.events or [], seat))
