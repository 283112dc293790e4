"""Building Zealous positions for rule tests: a state from a compact description."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from ziggurat.engine import IllegalAction
from ziggurat.games.zealous import GAME
from ziggurat.games.zealous.board import INDEX
from ziggurat.games.zealous.cards import CARD_INDEX, CARDS, DECK_OF, DECKS, N_CARDS, deck_cards
from ziggurat.games.zealous.setup import state_from_json
from ziggurat.games.zealous.state import MOVE, PROLIFERATION, REBIRTH, ZealousState


def position(
    players: int = 3,
    *,
    prophets: list[str | None] | None = None,
    followers: dict[str, dict[int, int]] | None = None,
    hands: dict[int, list[str]] | None = None,
    turn: int = 0,
    phase: str = "move",
    sanctuaries: dict[int, list[str]] | None = None,
    famine: list[str] | None = None,
    scores: list[int] | None = None,
    round: int = 1,
    length: str = "beginner",
    decks: dict[str, list[str]] | None = None,
    **extra: Any,
) -> ZealousState:
    """A position: seat `turn` to act in `phase`. Decks default to full shuffled decks minus hands."""
    base = GAME.to_json(GAME.new(players, {"length": length}, seed=11))
    prophets = prophets or ["bm1", "be2", "bm3", "be1", "bm2", "be3"][:players]
    data: dict[str, Any] = {
        **base,
        "round": round,
        "turn": turn,
        "phase": phase,
        "prophets": prophets,
        "followers": {
            t: [dict(row).get(s, 0) for s in range(players)] for t, row in (followers or {}).items()
        },
        "hands": [list((hands or {}).get(s, [])) for s in range(players)],
        "sanctuaries": [list((sanctuaries or {}).get(s, [])) for s in range(players)],
        "famine": famine or [],
        "scores": scores or [0] * players,
        **extra,
    }
    # Every card is somewhere exactly once: cards dealt to hands or stacked on a deck leave the rest.
    stacked = decks or {}
    taken = [c for h in (hands or {}).values() for c in h] + [c for d in stacked.values() for c in d]
    data["decks"] = {}
    for name, cards in base["decks"].items():
        rest = list(cards)
        for c in taken:
            if c in rest:
                rest.remove(c)
        data["decks"][name] = list(stacked.get(name, [])) + rest
    st = state_from_json(data)
    st.events = []
    return st


# --- small conveniences for rule tests --------------------------------------------------------------

CARD_NOT_VALID = "This card isn't valid this turn."


def act(st: ZealousState, seat: int, *actions: str) -> ZealousState:
    """Apply `actions` for `seat`, in order (each must be legal)."""
    for a in actions:
        GAME.apply(st, seat, a)
    return st


def refuse(st: ZealousState, seat: int, action: Any, code: str | None = None) -> IllegalAction:
    """`action` is refused with IllegalAction (of `code`, if given) and the state is unchanged."""
    before = GAME.to_json(st)
    legal_before = GAME.legal(st, seat)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(st, seat, action)
    assert GAME.to_json(st) == before, "a refused action must not change the state"
    assert GAME.legal(st, seat) == legal_before
    if code is not None:
        assert info.value.code == code, info.value.message
    return info.value


def not_valid(st: ZealousState, seat: int, card: str) -> None:
    """Rulebook: an unplayable held card is refused with exactly "This card isn't valid this turn."."""
    assert st.hand[seat][CARD_INDEX[card]], f"seat {seat} must hold {card} for this check"
    assert f"play:{card}" not in GAME.legal(st, seat)
    err = refuse(st, seat, f"play:{card}", "card-not-valid")
    assert err.message == CARD_NOT_VALID


def on(st: ZealousState, tile: str) -> list[int]:
    """Followers per seat on `tile`."""
    t = INDEX[tile]
    return st.followers[t * st.n : t * st.n + st.n]


def board(st: ZealousState) -> dict[str, list[int]]:
    """Every occupied tile: followers per seat."""
    return {t: row for t, row in GAME.to_json(st)["followers"].items() if any(row)}


def hand(st: ZealousState, seat: int) -> list[str]:
    return list(GAME.to_json(st)["hands"][seat])


def discards(st: ZealousState, deck: str) -> list[str]:
    return list(GAME.to_json(st)["discards"][deck])


def legal(st: ZealousState, seat: int | None = None) -> set[str]:
    """The legal actions of `seat` (default: whoever is to act)."""
    if seat is None:
        (seat,) = GAME.to_act(st)
    return set(GAME.legal(st, seat))


def opts(st: ZealousState, prefix: str, seat: int | None = None) -> set[str]:
    """The legal actions starting with `prefix` (e.g. "tile:", "move:")."""
    return {a for a in legal(st, seat) if a.startswith(prefix)}


def end_round_now(st: ZealousState) -> ZealousState:
    """Let every remaining seat of the round stay and skip (no card, no move, no placement)."""
    r = st.round
    while st.round == r and st.result is None and st.phase != PROLIFERATION:
        (seat,) = GAME.to_act(st)
        if st.phase == REBIRTH:
            GAME.apply(st, seat, GAME.legal(st, seat)[0])
        elif st.phase == MOVE:
            GAME.apply(st, seat, "stay")
        else:
            GAME.apply(st, seat, "skip")
    return st


def deck(st: ZealousState, name: str) -> list[str]:
    """A deck, top card first."""
    return list(GAME.to_json(st)["decks"][name])


def sanctuaries(st: ZealousState) -> list[list[str]]:
    """Each seat's protected tiles (in board order)."""
    return [list(ts) for ts in GAME.to_json(st)["sanctuaries"]]


def stock(
    st: ZealousState, name: str, deck: list[str], discard: list[str] | None = None, holder: int | None = None
) -> ZealousState:
    """Make deck `name` exactly `deck` (top first) and its discard pile exactly `discard`. Every other
    card of that deck goes to `holder`'s hand (default: the last seat), as in a real game where a deck
    and its discard run dry because the cards are held: the position still holds all 52 cards."""
    d = DECKS.index(name)
    rest = Counter(deck_cards(d))
    for h in st.hand:
        for c in range(N_CARDS):
            if DECK_OF[c] == d:
                rest[c] -= h[c]
    for fr in st.stack:
        rest[fr.card] -= 1
    wanted = [CARD_INDEX[c] for c in [*deck, *(discard or [])]]
    for c in wanted:
        assert DECK_OF[c] == d, f"{CARDS[c].id} is not a {name} card"
        rest[c] -= 1
    assert min(rest.values(), default=0) >= 0, f"not enough copies for {deck} + {discard}"
    seat = st.n - 1 if holder is None else holder
    for c, k in rest.items():
        st.hand[seat][c] += k
    st.deck[d] = [CARD_INDEX[c] for c in reversed(deck)]
    st.discard[d] = [CARD_INDEX[c] for c in discard or []]
    st.cache = None
    return st
