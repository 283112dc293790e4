"""Zombology's refusals, by code and in words: a seat asked nothing (it has chosen already, or another
player decides now), a card chosen that isn't in hand, and each way a Guru's Insight swap can be
wrong. The client words a refusal by its code, so a wrong code is a wrong message. (Mutation testing
found the codes checked only as "one of the known ones".)"""

from __future__ import annotations

import random

from tests.games.refusals import refused
from tests.games.zombology.helpers import game
from ziggurat.games.zombology import GAME
from ziggurat.games.zombology.state import CHOOSE, RESOLVE, ZombologyState


def refusal(st: ZombologyState, seat: int) -> tuple[str, str]:
    """`seat` tries what the asked seat may do now."""
    return refused(GAME, st, seat, GAME.legal(st, GAME.to_act(st)[0])[0])


def test_a_seat_that_chose_is_told_so_and_one_waiting_on_another_is_told_that() -> None:
    st = game()
    GAME.apply(st, 0, GAME.legal(st, 0)[0])
    assert refusal(st, 0) == ("already-chosen", "You have already chosen your card this round.")
    rng = random.Random(3)
    while not (st.phase == RESOLVE and len(GAME.to_act(st)) == 1):
        assert GAME.result(st) is None, "no seat was ever asked alone"
        for s in GAME.each_to_act(st):
            GAME.apply(st, s, rng.choice(GAME.legal(st, s)))
    (deciding,) = GAME.to_act(st)
    assert st.phase != CHOOSE
    assert refusal(st, (deciding + 1) % st.n) == ("not-your-turn", "Another player is deciding now.")


def test_a_card_not_in_hand_is_named() -> None:
    st = game(hands={0: ["tea-1-1", "tea-1-2"]})
    assert refused(GAME, st, 0, "choose:magnets-2-1") == (
        "card-not-in-hand",
        "You don't hold Magnets 2: Petri Dish Proof 1/3.",
    )
    # a swap while choosing, and a choice while a Guru's Insight is asked: the generic refusal, which
    # lists the asked seat's own options
    assert refused(GAME, st, 0, "swap:tea-1-1:magnets-2-1") == (
        "illegal-action",
        "swap:tea-1-1:magnets-2-1 isn't possible now. Possible: choose:tea-1-1, choose:tea-1-2.",
    )


def test_each_wrong_insight_swap_says_what_is_wrong() -> None:
    st = game(
        hands={0: ["tea-1-1", "magnets-1-1"], 1: ["tea-3-1", "magnets-1-2"]},
        centre=["crystals-3-1", "tea-2-1"],
        gurus={"crystals": 0, "tea": 1},
    )
    assert refused(GAME, st, 0, "swap:tea-1-2:crystals-3-1") == (
        "card-not-in-hand",
        "You don't hold A Nice Cup of Tea 1: Theoretical Framework 2/3.",
    )
    assert refused(GAME, st, 0, "swap:tea-1-1:tea-2-1") == (
        "wrong-suit",
        "This Guru's Insight retrieves only Healing Crystals cards.",
    )
    assert refused(GAME, st, 0, "swap:tea-1-1:crystals-3-2") == (
        "not-in-centre",
        "Healing Crystals 3: Works in Mice 2/3 is not among the failed cards.",
    )
    assert refused(GAME, st, 0, "choose:tea-1-1") == (
        "illegal-action",
        "choose:tea-1-1 isn't possible now. Possible: swap:magnets-1-1:crystals-3-1,"
        " swap:tea-1-1:crystals-3-1, pass.",
    )
    GAME.apply(st, 0, "swap:tea-1-1:crystals-3-1")
    assert refused(GAME, st, 1, "swap:tea-3-1:tea-1-1") == (
        "just-swapped",
        "Another player swapped that card into the central area this round.",
    )
