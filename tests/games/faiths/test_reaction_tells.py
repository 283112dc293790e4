"""Being asked to react tells nothing (issue 12, part 2).

At a real table anyone may call out "Zealots & Fanatics!", so the online table asks every other
religion in turn after a pair or a negation, whether or not it holds the pair. The twins below differ
only in whether Cy holds Zealots & Fanatics and a Magnitude card (swapped with cards hidden in the
deck, so hand sizes stay equal); every other seat and a spectator must see the same thing at every step.
"""

from __future__ import annotations

import random

import pytest

from tests.games.faiths.helpers import check_invariants, let_stand, play, position
from ziggurat.engine import IllegalAction, Json, events_for
from ziggurat.games.faiths import GAME
from ziggurat.games.faiths.cards import CARD_INDEX as C
from ziggurat.games.faiths.state import FaithsState

CY = 2  # the seat whose hand differs between the twins


def swap_with_deck(st: FaithsState, seat: int, held: list[str], hidden: list[str]) -> None:
    """Exchange cards of `seat`'s hand with cards in the deck, place for place."""
    for mine, theirs in zip(held, hidden, strict=True):
        st.deck[st.deck.index(C[theirs])] = C[mine]
        st.hand[seat][C[mine]] -= 1
        st.hand[seat][C[theirs]] += 1
    st.cache = None


def twins(copies: int) -> tuple[FaithsState, FaithsState]:
    """`holder`: Cy holds Zealots & Fanatics and Theology; `other`: the same but for those two cards,
    which sit in the deck in place of two events that Cy holds instead."""
    hands = {0: ["scriptures", "spread"], CY: ["zealots_fanatics", "theology", "heresy"]}
    if copies > 1:
        hands[1] = ["zealots_fanatics", "traditions"]
    holder = position(chits={"south_india": {0: 5}}, hands=hands, zealots_copies=copies)
    other = position(chits={"south_india": {0: 5}}, hands=hands, zealots_copies=copies)
    swap_with_deck(other, CY, ["zealots_fanatics", "theology"], ["crusade", "jihad"])
    check_invariants(other)
    assert GAME.to_json(holder) != GAME.to_json(other)
    return holder, other


def seen_by_others(st: FaithsState, log: list[Json]) -> list[object]:
    """Everything a seat other than Cy, or a spectator, may learn now."""
    out: list[object] = [GAME.to_act(st)]
    for viewer in [s for s in range(st.n) if s != CY] + [None]:
        out += [GAME.view(st, viewer), events_for(log, viewer)]
    return out


# Each: the actions of one whole reaction window (and the end of the pair), the same for both twins.
WINDOWS = {
    "a pair, everyone passes": (
        1,
        [
            (0, "pair:scriptures:spread"),
            (1, "pass"),
            (CY, "pass"),
            (3, "pass"),
            (0, "add:ceylon"),
            (0, "done"),
        ],
    ),
    "a negation, everyone passes": (
        2,
        [(0, "pair:scriptures:spread"), (1, "negate:traditions"), (CY, "pass"), (3, "pass"), (0, "pass")],
    ),
}


@pytest.mark.parametrize("window", WINDOWS)
def test_twins_look_the_same_to_everyone_else_through_a_reaction_window(window: str) -> None:
    copies, moves = WINDOWS[window]
    holder, other = twins(copies)
    logs: tuple[list[Json], list[Json]] = ([], [])
    cy_choices = []
    for seat, action in [(None, None), *moves]:
        for st, log in zip((holder, other), logs, strict=True):
            if seat is not None and action is not None:
                GAME.apply(st, seat, action)
            log.extend(GAME.drain_events(st))
        assert seen_by_others(holder, logs[0]) == seen_by_others(other, logs[1]), (seat, action)
        for s in range(holder.n):
            if s != CY:
                a = GAME.to_json(GAME.determinize(holder, s, random.Random(s)))
                b = GAME.to_json(GAME.determinize(other, s, random.Random(s)))
                assert a == b, "determinize depends only on what the seat has seen"
        if GAME.to_act(holder) == (CY,):
            cy_choices.append((GAME.legal(holder, CY), GAME.legal(other, CY)))
    # Not vacuous: Cy was asked in both, could negate in one only, and passed in both.
    assert cy_choices == [(["negate:theology", "pass"], ["pass"])]
    assert holder.phase == other.phase and holder.pending is None and holder.turn == 0


def test_a_seat_without_the_pair_is_asked_and_may_only_pass() -> None:
    st = position(
        chits={"south_india": {0: 5}},
        hands={0: ["scriptures", "spread"], 1: ["traditions"], CY: ["zealots_fanatics"]},
    )
    play(st, (0, "pair:scriptures:spread"))
    for seat in (1, CY, 3):  # a Magnitude card alone, Zealots & Fanatics alone, nothing
        assert GAME.to_act(st) == (seat,)
        assert GAME.legal(st, seat) == ["pass"] and GAME.view(st, seat)["legal"] == ["pass"]
        with pytest.raises(IllegalAction) as e:
            GAME.apply(st, seat, "negate:traditions")
        assert e.value.code == "card-not-in-hand"
        play(st, (seat, "pass"))
    assert GAME.to_act(st) == (0,) and GAME.view(st, None)["phase"] == "effect"  # Spread resolves


def test_every_other_seat_is_asked_in_seat_order_from_the_announcers_left() -> None:
    st = position(chits={"north_india": {2: 5}}, hands={2: ["scriptures", "spread"]}, turn=2)
    play(st, (2, "pair:scriptures:spread"))
    assert let_stand(st) == [3, 0, 1]
    passes = [e["seat"] for e in GAME.drain_events(st) if e["type"] == "pass"]
    assert passes == [3, 0, 1] and GAME.view(st, None)["phase"] == "effect"


def test_decline_is_pass_for_the_seat_asked_and_none_otherwise() -> None:
    st = position(
        chits={"south_india": {0: 5}},
        hands={
            0: ["scriptures", "spread", "traditions", "heresy"],
            CY: ["zealots_fanatics", "theology", "schism"],
        },
    )
    assert [GAME.decline(st, s) for s in range(4)] == [None] * 4  # Ada's own turn: nothing to let go by
    play(st, (0, "pair:scriptures:spread"))
    for asked in (1, CY, 3):  # the holder as well: its decline says nothing either
        assert [GAME.decline(st, s) for s in range(4)] == ["pass" if s == asked else None for s in range(4)]
        play(st, (asked, "pass"))
    assert GAME.view(st, None)["phase"] == "effect"
    assert [GAME.decline(st, s) for s in range(4)] == [None] * 4
    play(st, (0, "done"), (0, "pair:traditions:heresy"))
    assert [GAME.decline(st, s) for s in range(4)] == [None] * 4  # naming the opponent
    play(st, (0, "opponent:2"))
    let_stand(st)
    assert GAME.to_act(st) == (CY,) and GAME.decline(st, CY) is None  # Heresy's discards are compulsory
