"""Zombology's refusals, by code and in words: a seat asked nothing (it has chosen already, or another
player decides now), a card chosen that isn't in hand, and each way a Guru's Insight swap can be
wrong, an Overrun's target, a Pay Rise's Guru and a swap of a card that is no Therapy. The client
words a refusal by its code, so a wrong code is a wrong message. (Mutation testing found the codes
checked only as "one of the known ones".)"""

from __future__ import annotations

import random
from typing import Any

from tests.games.refusals import refused
from tests.games.zombology.helpers import answer, game, play
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


def played(cards: list[str], asked: int, **setup: Any) -> ZombologyState:
    """Each of four seats holds one card and plays it; `asked` must then answer a question."""
    st = game(hands=dict(enumerate([c] for c in cards)), **setup)
    play(st, *cards)
    assert GAME.to_act(st) == (asked,) and st.ask is not None
    return st


def test_an_overrun_aimed_at_a_card_it_cannot_hit_is_refused() -> None:
    # the Overrun (the lowest card) resolves first
    st = played(["tea-1-1", "overrun-1", "magnets-1-1", "crystals-1-1"], asked=1)
    why = "An Overrun targets a card another player played this round that hasn't resolved yet."
    for aim in ("target:overrun-1", "target:tea-1-2"):  # itself; a card nobody played
        assert refused(GAME, st, 1, aim) == ("bad-target", why)
    # an answer to another question gets the generic refusal, listing the targets
    code, words = refused(GAME, st, 1, "guru:tea")
    assert code == "illegal-action" and "Possible: target:" in words, words
    answer(st, 1, "target:tea-1-1")


def test_a_pay_rise_names_a_guru_of_this_game_that_is_not_already_yours() -> None:
    st = played(["payrise-1", "tea-1-1", "magnets-1-1", "crystals-1-1"], asked=0, gurus={"crystals": 0})
    assert refused(GAME, st, 0, "guru:crystals") == ("guru-owned", "You already own that Guru.")
    assert refused(GAME, st, 0, "guru:vegan") == (  # (removed from a 4-player game)
        "guru-not-in-play",
        "That Guru's therapy is not in this game.",
    )
    code, words = refused(GAME, st, 0, "target:tea-1-1")  # an answer to another question
    assert code == "illegal-action" and "Possible: guru:" in words, words
    answer(st, 0, "guru:tea")


def test_an_insight_swap_of_a_card_that_is_no_therapy_says_so() -> None:
    st = game(hands={0: ["tea-1-1", "overrun-1"]}, centre=["crystals-3-1"], gurus={"crystals": 0})
    assert refused(GAME, st, 0, "swap:overrun-1:crystals-3-1") == (
        "not-a-therapy",
        "Guru's Insight swaps a Therapy card for a Therapy card.",
    )
    for action in ("swap:overrun-1", "swap:bogus:crystals-3-1"):
        assert refused(GAME, st, 0, action) == ("unknown-action", f"Unknown action {action!r}.")
