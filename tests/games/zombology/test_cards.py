"""One test per card kind: the six Therapy cards, Overrun, Pay Rise, Army Perimeter and the Gurus."""

from __future__ import annotations

from typing import Any

from tests.games.zombology.helpers import answer, events, game, mask, play
from ziggurat.games.zombology import GAME
from ziggurat.games.zombology.cards import CARD_INDEX, CARDS, KIND, N_PRINTED, THERAPY, VALUE
from ziggurat.games.zombology.state import ZombologyState

FILLER = ["aromatherapy-1-1", "aromatherapy-1-2", "aromatherapy-1-3"]


def resolve_one(card: str, **setup: Any) -> ZombologyState:
    """Seat 0 plays `card`; the others play Theoretical Frameworks of Aromatherapy."""
    hands = {0: [card, "tea-1-3"], **{s: [FILLER[s - 1], f"tea-2-{s}"] for s in (1, 2, 3)}}
    st = game(hands=hands, **setup)
    play(st, card, *FILLER)
    return st


def succeeded(st: ZombologyState, card: str, seat: int = 0) -> bool:
    return bool(st.collection[seat] & mask(card))


def failed(st: ZombologyState, card: str) -> bool:
    return bool(st.centre & mask(card))


def test_every_card_exists_once_with_its_canonical_id() -> None:
    printed = CARDS[:N_PRINTED]  # then the copies only a designer's variant adds (test_variants.py)
    therapy = [c for c in printed if c.kind == THERAPY]
    assert len(printed) == 94 and len(therapy) == 78
    assert all(c.copy <= c.of for c in printed) and all(c.copy > c.of for c in CARDS[N_PRINTED:])
    assert [sum(1 for c in therapy if c.suit == 0 and c.value == v) for v in range(1, 7)] == [
        3,
        3,
        3,
        2,
        1,
        1,
    ]
    assert CARDS[CARD_INDEX["crystals-1-2"]].name == "Healing Crystals 1: Theoretical Framework 2/3"
    assert {"overrun-3", "payrise-1", "army-4", "aromatherapy-6-1"} <= set(CARD_INDEX)
    assert sum(VALUE[c] for c in range(94) if KIND[c] == THERAPY) == 6 * (3 + 6 + 9 + 8 + 5 + 6)


def test_theoretical_framework_needs_no_prerequisite() -> None:
    st = resolve_one("magnets-1-1")
    assert succeeded(st, "magnets-1-1")
    assert all(succeeded(st, f, s) for s, f in enumerate(FILLER, 1))


def test_petri_dish_proof_needs_a_1_of_its_suit_in_any_collection() -> None:
    assert succeeded(resolve_one("magnets-2-1", collections={2: ["magnets-1-1"]}), "magnets-2-1")
    st = resolve_one("magnets-2-1", collections={2: ["crystals-1-1"]})  # another suit's 1 does not help
    assert failed(st, "magnets-2-1") and st.collection[0] == 0


def test_works_in_mice_needs_a_2_or_more() -> None:
    assert succeeded(resolve_one("magnets-3-1", collections={1: ["magnets-2-3"]}), "magnets-3-1")
    assert succeeded(resolve_one("magnets-3-1", collections={3: ["magnets-4-1"]}), "magnets-3-1")  # or more
    # The rulebook's failing card: only a 1 of the suit is collected, "the 2 ... is not in any collection".
    assert failed(resolve_one("magnets-3-1", collections={1: ["magnets-1-1"]}), "magnets-3-1")


def test_works_in_monkeys_needs_a_3_or_more() -> None:
    assert succeeded(resolve_one("magnets-4-1", collections={0: ["magnets-3-1"]}), "magnets-4-1")
    assert failed(resolve_one("magnets-4-1", collections={0: ["magnets-2-1"]}), "magnets-4-1")


def test_human_trial_needs_a_4_or_more() -> None:
    assert succeeded(resolve_one("magnets-5-1", collections={2: ["magnets-4-2"]}), "magnets-5-1")
    assert failed(resolve_one("magnets-5-1", collections={2: ["magnets-3-3"]}), "magnets-5-1")


def test_cured_needs_a_5_and_ends_the_game() -> None:
    st = resolve_one("magnets-6-1", collections={3: ["magnets-5-1"]})
    assert succeeded(st, "magnets-6-1")
    res = GAME.result(st)
    assert res is not None and res.detail["cured"] == ["magnets"]
    st = resolve_one("magnets-6-1", collections={3: ["magnets-4-1"]})
    assert failed(st, "magnets-6-1") and GAME.result(st) is None and st.round == 2


def test_overrun_discards_its_target_to_the_box() -> None:
    hands = {0: ["overrun-1"], 1: ["magnets-1-1"], 2: ["tea-1-1"], 3: ["crystals-1-1"]}
    st = game(hands=hands)
    play(st, "overrun-1", "magnets-1-1", "tea-1-1", "crystals-1-1")
    assert GAME.legal(st, 0) == ["target:crystals-1-1", "target:magnets-1-1", "target:tea-1-1"]
    answer(st, 0, "target:tea-1-1")
    assert st.game_box == mask("overrun-1", "tea-1-1")
    assert st.collection[1] == mask("magnets-1-1") and st.collection[2] == 0 and st.centre == 0


def test_pay_rise_claims_a_guru_from_the_centre_or_another_player() -> None:
    hands = {0: ["payrise-1"], 1: ["payrise-2"], 2: ["tea-1-1"], 3: ["crystals-1-1"]}
    st = game(hands=hands, gurus={"tea": 2})
    play(st, "payrise-1", "payrise-2", "tea-1-1", "crystals-1-1")
    assert GAME.legal(st, 0) == ["guru:crystals", "guru:magnets", "guru:tea", "guru:aromatherapy"]
    answer(st, 0, "guru:tea")  # from seat 2
    assert GAME.legal(st, 1) == ["guru:crystals", "guru:magnets", "guru:tea", "guru:aromatherapy"]
    answer(st, 1, "guru:magnets")  # from the central area
    assert st.guru[2] == 0 and st.guru[1] == 1 and st.game_box == mask("payrise-1", "payrise-2")
    assert [e["from"] for e in events(st, "payrise")] == [2, None]


def test_army_perimeter_joins_the_collection_and_counters_a_later_overrun() -> None:
    hands = {0: ["army-2", "overrun-1"], 1: ["magnets-1-1", "overrun-2"], 2: ["tea-1-1", "tea-1-2"]}
    hands[3] = ["crystals-1-1", "crystals-1-2"]
    st = game(hands=hands)
    play(st, "army-2", "magnets-1-1", "tea-1-1", "crystals-1-1")
    assert st.collection[0] == mask("army-2")
    # Round 2: every hand has moved one seat left (seat 1 holds the Overrun seat 0 passed on).
    play(st, "crystals-1-2", "overrun-1", "overrun-2", "tea-1-2")
    answer(st, 1, "target:tea-1-2")  # seat 3 has no Army Perimeter: its card is discarded at once
    # Seat 2's Overrun has one card left to target, so it is not asked: seat 0 is, whether to counter.
    assert GAME.legal(st, 0) == ["counter", "allow"]
    answer(st, 0, "counter")
    assert st.collection[0] == mask("crystals-1-2") and st.game_box == mask(
        "army-2", "overrun-1", "overrun-2", "tea-1-2"
    )


def test_guru_gives_intuition_and_insight() -> None:
    st = resolve_one("magnets-4-1", collections={2: ["magnets-2-1"]}, gurus={"magnets": 0})
    assert succeeded(st, "magnets-4-1")
    assert events(st, "therapy")[-1] == {
        "type": "therapy",
        "seat": 0,
        "card": "magnets-4-1",
        "success": True,
        "intuition": True,
    }
    st = game(hands={0: ["tea-1-1", "crystals-3-1"]}, centre=["magnets-5-1"], gurus={"magnets": 0})
    assert GAME.to_act(st) == (0,)
    assert GAME.legal(st, 0) == ["swap:tea-1-1:magnets-5-1", "swap:crystals-3-1:magnets-5-1", "pass"]
    GAME.apply(st, 0, "swap:crystals-3-1:magnets-5-1")
    assert st.hand[0] == mask("tea-1-1", "magnets-5-1") and st.centre == mask("crystals-3-1")
