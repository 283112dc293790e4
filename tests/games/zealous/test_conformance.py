"""Random games for 3-6 players and every length, with Zealous' own invariants checked after every
action (the contract itself is checked for every game in tests/engine/test_conformance.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from tests.tiers import examples
from ziggurat.games.zealous import GAME
from ziggurat.games.zealous.board import BIRTH_SITES, N_TILES
from ziggurat.games.zealous.cards import CARDS
from ziggurat.games.zealous.state import ZealousState

CARD_IDS = {c.id for c in CARDS}


def check_invariants(st: ZealousState, prev_scores: list[int]) -> None:
    n = st.n
    for s in range(n):
        on_board = sum(st.followers[t * n + s] for t in range(N_TILES))
        assert on_board + st.supply[s] == 20
        assert st.supply[s] >= 0 and min(st.followers) >= 0
        assert st.score[s] >= prev_scores[s], "scores never fall"
    if n <= 4:
        for b in BIRTH_SITES:
            assert not any(st.followers[b * n : b * n + n]), "no follower on a Birth Site with 3-4 players"
    placed = [p for p in st.prophet if p >= 0]
    assert len(placed) == len(set(placed)), "no two prophets on one tile"
    cards = sum(len(d) for d in st.deck) + sum(len(d) for d in st.discard) + sum(sum(h) for h in st.hand)
    cards += len(st.stack) + sum(len(fr.drawn) for fr in st.stack if fr.drawn is not None)
    assert cards == 52, "every card is somewhere"


def cards_named(value: object) -> set[str]:
    """Every card id among a view's values (an action such as "play:stone" is not one)."""
    if isinstance(value, dict):
        return set().union(*(cards_named(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(cards_named(v) for v in value))
    return {value} & CARD_IDS if isinstance(value, str) else set()


def check_view(st: ZealousState) -> None:
    """Decks are shown by size only, and a view names no card its seat may not know: only its own
    hand, the face-up discards, the cards being resolved and, for the seat whose turn it is, what it
    drew with them. The order of a deck or another seat's hand would show here."""
    public = {CARDS[c].id for pile in st.discard for c in pile} | {CARDS[fr.card].id for fr in st.stack}
    for seat in [*range(st.n), None]:
        view = GAME.view(st, seat)
        assert all(isinstance(k, int) for k in view["decks"].values()), "a deck's order is never shown"
        assert ("hand" in view) == (seat is not None)
        known = set(public)
        if seat is not None:
            known |= {CARDS[c].id for c, k in enumerate(st.hand[seat]) if k}
        if seat == st.turn:
            known |= {CARDS[c].id for fr in st.stack for c in fr.drawn or ()}
        assert cards_named(view) <= known, f"seat {seat} sees {sorted(cards_named(view) - known)}"


def play_random(players: int, length: str, seed: int) -> ZealousState:
    rng = random.Random(seed)
    st = GAME.new(players, {"length": length}, seed)
    scores = st.score[:]
    steps = 0
    while GAME.result(st) is None:
        (seat,) = GAME.to_act(st)
        GAME.apply(st, seat, rng.choice(GAME.legal(st, seat)))
        check_invariants(st, scores)
        scores = st.score[:]
        steps += 1
        if steps % 7 == 0:
            check_view(st)
    res = GAME.result(st)
    assert res is not None and res.winners
    if length == "advanced":
        assert st.round == 10
    else:
        target = 50 if length == "beginner" else 75
        assert max(st.score) >= target
    return st


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("length", ["beginner", "intermediate", "advanced"])
def test_random_games_keep_invariants(players: int, length: str) -> None:
    for seed in range(4):
        play_random(players, length, seed * 100 + players)


@settings(max_examples=examples(25), deadline=None)
@given(seed=hs.integers(0, 2**31), players=hs.integers(3, 6))
def test_any_seed_plays_out(seed: int, players: int) -> None:
    play_random(players, "beginner", seed)
