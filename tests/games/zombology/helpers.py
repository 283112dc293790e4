"""Building Zombology positions for rule tests."""

from __future__ import annotations

from typing import Any

from ziggurat.games.zombology import GAME
from ziggurat.games.zombology.cards import CARD_INDEX, cards_of, in_play_mask
from ziggurat.games.zombology.setup import deck_of
from ziggurat.games.zombology.state import CHOOSE, RESOLVE, ZombologyState

FOUR_SUITS = ["crystals", "magnets", "tea", "aromatherapy"]  # in play when vegan and homeopathy are removed


def game(players: int = 4, seed: int = 5, **setup: Any) -> ZombologyState:
    """A new game with events recorded; 3-4 players default to removing vegan and homeopathy."""
    if players <= 4:
        setup.setdefault("removed", ["vegan", "homeopathy"])
    elif players <= 6:
        setup.setdefault("removed", ["vegan"])
    return GAME.new(players, None, seed, setup, record=True)


def play(st: ZombologyState, *cards: str) -> None:
    """Every seat still to choose plays its card, in seat order (cards listed in seat order)."""
    assert st.phase == CHOOSE, st.phase
    seats = GAME.to_act(st)
    assert len(seats) == len(cards), (seats, cards)
    for s, c in zip(seats, cards, strict=True):
        GAME.apply(st, s, f"choose:{c}")


def answer(st: ZombologyState, seat: int, action: str) -> None:
    assert st.phase == RESOLVE and GAME.to_act(st) == (seat,), (st.phase, GAME.to_act(st))
    GAME.apply(st, seat, action)


def events(st: ZombologyState, kind: str) -> list[dict[str, Any]]:
    assert st.events is not None
    return [e for e in st.events if e["type"] == kind]


def mask(*names: str) -> int:
    m = 0
    for n in names:
        m |= 1 << CARD_INDEX[n]
    return m


def everything(st: ZombologyState) -> int:
    """Every card of the game is in exactly one place: checks that, and returns their union."""
    places = [*st.hand, *st.collection, st.centre, st.game_box, st.pending]
    places += [mask_of(d) for d in st.deck]
    if st.phase == CHOOSE:
        places += [1 << c for c in st.chosen if c >= 0]
    union = 0
    for m in places:
        assert not union & m, f"a card is in two places: {cards_of(union & m)}"
        union |= m
    assert union == in_play_mask(st.suits, deck_of(st.options)), "every card in play is somewhere"
    return union


def mask_of(cards: list[int]) -> int:
    m = 0
    for c in cards:
        assert not m >> c & 1
        m |= 1 << c
    return m
