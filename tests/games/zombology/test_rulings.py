"""One test per ruling on the rulings page (/work/shared/rulings/zombology.md) and its settled details."""

from __future__ import annotations

import pytest

from tests.games.zombology.helpers import answer, events, everything, game, mask, play
from ziggurat.engine import IllegalAction, InputError
from ziggurat.games.zombology import GAME
from ziggurat.games.zombology.cards import APOCALYPSE, BACK_MASK, EPIDEMIC, VALUE, cards_of
from ziggurat.games.zombology.setup import APOCALYPSE_DEAL
from ziggurat.games.zombology.state import CENTRE, CHOOSE, OUT, ROUNDS, ZombologyState

# --- players, suits, decks and the deal -----------------------------------------------------------


@pytest.mark.parametrize(("players", "removed"), [(3, 2), (4, 2), (5, 1), (6, 1), (7, 0), (8, 0)])
def test_suits_are_removed_at_random_by_player_count(players: int, removed: int) -> None:
    seen = set()
    for seed in range(12):
        st = GAME.new(players, None, seed)
        assert len(st.suits) == 6 - removed
        assert [g for g in st.guru if g == OUT] == [OUT] * removed  # their Gurus are removed too
        assert all(st.guru[u] == CENTRE for u in st.suits)  # the others start in the central area
        seen.add(st.suits)
        everything(st)
    assert len(seen) > 1 or removed == 0


def test_player_counts_outside_3_to_8_are_refused() -> None:
    for n in (2, 9):
        with pytest.raises(InputError) as e:
            GAME.new(n)
        assert e.value.code == "bad-players"


def test_epidemic_holds_the_1s_and_2s_apocalypse_the_rest() -> None:
    st = GAME.new(8, None, 1)
    epidemic = mask_all(st.deck[EPIDEMIC]) | sum_hands(st, EPIDEMIC)
    assert {VALUE[c] for c in cards_of(epidemic)} == {1, 2} and epidemic.bit_count() == 36
    apocalypse = mask_all(st.deck[APOCALYPSE])
    assert {VALUE[c] for c in cards_of(apocalypse)} == {0, 3, 4, 5, 6} and apocalypse.bit_count() == 42 + 16


@pytest.mark.parametrize("players", range(3, 9))
def test_the_starting_deal_and_that_both_decks_last_eight_rounds(players: int) -> None:
    st = GAME.new(players, None, 3)
    for h in st.hand:
        assert (h & BACK_MASK[EPIDEMIC]).bit_count() == 3
        assert (h & BACK_MASK[APOCALYPSE]).bit_count() == APOCALYPSE_DEAL[players]
    assert APOCALYPSE_DEAL[players] == {3: 3, 4: 1, 5: 1}.get(players, 0)
    assert len(st.deck[APOCALYPSE]) >= players * (ROUNDS - 1)


def test_the_deal_is_one_card_at_a_time_from_the_first_seat_epidemic_first() -> None:
    top = ["crystals-1-1", "magnets-1-1", "tea-1-1", "crystals-2-1", "magnets-2-1", "tea-2-1"]
    st = game(3, decks={"epidemic": top, "apocalypse": ["army-1", "army-2", "army-3", "army-4"]})
    assert st.hand[0] & mask("crystals-1-1", "crystals-2-1", "army-1", "army-4") == mask(
        "crystals-1-1", "crystals-2-1", "army-1", "army-4"
    )
    assert st.hand[1] & mask("magnets-1-1", "magnets-2-1", "army-2") == mask(
        "magnets-1-1", "magnets-2-1", "army-2"
    )
    assert st.hand[2] & mask("tea-1-1", "tea-2-1", "army-3") == mask("tea-1-1", "tea-2-1", "army-3")


def test_undealt_epidemic_cards_stay_out_of_play() -> None:
    st = GAME.new(4, None, 9)
    epidemic = list(st.deck[EPIDEMIC])
    rng_choices(st)
    assert st.deck[EPIDEMIC] == epidemic


def test_hands_pass_to_the_next_seat_then_everyone_draws_an_apocalypse_card() -> None:
    hands = {s: [f"tea-1-{s + 1}", f"magnets-1-{s + 1}"] for s in range(3)}
    hands[3] = ["crystals-1-1", "crystals-1-2"]
    st = game(hands=hands, decks={"apocalypse": ["army-1", "army-2", "army-3", "army-4"]})
    play(st, "tea-1-1", "tea-1-2", "tea-1-3", "crystals-1-1")
    assert st.hand == [
        mask("crystals-1-2", "army-1"),
        mask("magnets-1-1", "army-2"),
        mask("magnets-1-2", "army-3"),
        mask("magnets-1-3", "army-4"),
    ]
    assert [e["to"] for e in events(st, "pass")] == [1, 2, 3, 0]


def test_no_draw_after_round_8_and_everyone_loses_without_a_cure() -> None:
    st = game(round=8)
    apocalypse = list(st.deck[APOCALYPSE])
    rng_choices(st)
    res = GAME.result(st)
    assert res is not None and res.winners == () and res.ranks == (2, 2, 2, 2) and res.detail["cured"] == []
    assert st.round == 8 and st.deck[APOCALYPSE] == apocalypse and not events(st, "draw")


def test_playing_a_card_is_compulsory() -> None:
    st = game(hands={0: ["overrun-1", "tea-1-1"]})
    assert GAME.legal(st, 0) == ["choose:overrun-1", "choose:tea-1-1"]


# --- Guru's Insight --------------------------------------------------------------------------------


def test_each_guru_allows_one_swap_per_round_in_seat_order() -> None:
    st = game(
        hands={0: ["tea-1-1", "tea-1-2"], 2: ["magnets-2-1", "tea-3-1"]},
        centre=["crystals-3-1", "crystals-3-2", "magnets-4-1"],
        gurus={"magnets": 0, "crystals": 0, "tea": 2},
    )
    assert GAME.to_act(st) == (0,) and GAME.view(st, None)["ask"] == {
        "kind": "insight",
        "seat": 0,
        "guru": "crystals",
    }
    GAME.apply(st, 0, "swap:tea-1-1:crystals-3-2")
    assert GAME.view(st, None)["ask"]["guru"] == "magnets"  # the second Guru: a second swap
    assert GAME.legal(st, 0) == ["swap:tea-1-2:magnets-4-1", "swap:crystals-3-2:magnets-4-1", "pass"]
    GAME.apply(st, 0, "pass")
    # Seat 2's tea Guru: tea-1-1 was swapped in by seat 0 this round, so it can't be taken.
    assert GAME.to_act(st) == tuple(range(4)) and st.phase == CHOOSE  # nothing to take: the choice starts


def test_a_card_swapped_in_by_another_player_this_round_cannot_be_taken() -> None:
    st = game(
        hands={0: ["tea-1-1", "magnets-1-1"], 1: ["tea-3-1", "magnets-1-2"]},
        centre=["crystals-3-1", "tea-2-1"],
        gurus={"crystals": 0, "tea": 1},
    )
    GAME.apply(st, 0, "swap:tea-1-1:crystals-3-1")
    assert GAME.legal(st, 1) == ["swap:magnets-1-2:tea-2-1", "swap:tea-3-1:tea-2-1", "pass"]
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, 1, "swap:tea-3-1:tea-1-1")
    assert e.value.code == "just-swapped"
    GAME.apply(st, 1, "pass")
    play_all_first(st)
    # Next round the swapped-in card counts as an ordinary failed card: the tea Guru may take it.
    assert st.centre & mask("tea-1-1") and GAME.view(st, None)["ask"] == {
        "kind": "insight",
        "seat": 1,
        "guru": "tea",
    }


def test_a_player_may_take_back_with_a_second_guru_what_it_swapped_in_itself() -> None:
    st = game(
        hands={0: ["magnets-2-1", "tea-1-1"]}, centre=["crystals-3-1"], gurus={"crystals": 0, "magnets": 0}
    )
    GAME.apply(st, 0, "swap:magnets-2-1:crystals-3-1")
    assert GAME.to_act(st) == (0,) and "swap:tea-1-1:magnets-2-1" in GAME.legal(st, 0)


def test_only_therapy_cards_are_given_from_hand() -> None:
    st = game(hands={0: ["overrun-1", "tea-1-1"]}, centre=["crystals-3-1"], gurus={"crystals": 0})
    assert GAME.legal(st, 0) == ["swap:tea-1-1:crystals-3-1", "pass"]
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, 0, "swap:overrun-1:crystals-3-1")
    assert e.value.code == "not-a-therapy"


def test_insight_asks_even_with_no_therapy_in_hand_but_not_with_nothing_to_take() -> None:
    st = game(hands={0: ["overrun-1", "army-1"]}, centre=["crystals-3-1"], gurus={"crystals": 0})
    assert GAME.to_act(st) == (0,) and GAME.legal(st, 0) == ["pass"]  # skipping would reveal the hand
    st = game(hands={0: ["tea-1-1"]}, centre=["magnets-3-1"], gurus={"crystals": 0})
    assert GAME.to_act(st) == (0, 1, 2, 3)  # nothing of the Guru's suit: public, so not asked


# --- the choice --------------------------------------------------------------------------------------


def test_choices_are_secret_and_revealed_together() -> None:
    st = game(hands={0: ["tea-1-1", "tea-1-2"]})
    GAME.apply(st, 0, "choose:tea-1-1")
    assert GAME.to_act(st) == (1, 2, 3)
    for seat in (None, 1, 2, 3):
        v = GAME.view(st, seat)
        assert v["chosen"][0] == "epidemic" and v["played"] == [None] * 4 and "tea-1-1" not in str(v)
    assert GAME.view(st, 0)["choice"] == "tea-1-1"
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, 0, "choose:tea-1-2")
    assert e.value.code == "already-chosen"
    play_all_first(st)
    (reveal,) = events(st, "reveal")
    assert reveal["cards"][0] == "tea-1-1" and None not in reveal["cards"]


# --- Overrun --------------------------------------------------------------------------------------


def test_an_overrun_must_name_a_target_and_a_lone_target_is_not_asked() -> None:
    st = game(hands={0: ["overrun-1"], 1: ["tea-1-1"], 2: ["tea-1-2"], 3: ["tea-1-3"]})
    play(st, "overrun-1", "tea-1-1", "tea-1-2", "tea-1-3")
    assert "pass" not in GAME.legal(st, 0) and len(GAME.legal(st, 0)) == 3
    st = game(hands={0: ["overrun-1"], 1: ["overrun-2"], 2: ["overrun-3"], 3: ["tea-1-3"]})
    play(st, "overrun-1", "overrun-2", "overrun-3", "tea-1-3")
    answer(st, 0, "target:tea-1-3")  # Overrun 2 has one target left, Overrun 3: it is not asked
    assert st.round == 2 and st.game_box == mask("overrun-1", "overrun-2", "overrun-3", "tea-1-3")


def test_an_overrun_with_no_target_is_discarded_without_effect() -> None:
    st = game(3, hands={0: ["overrun-1"], 1: ["overrun-2"], 2: ["tea-1-1"]})
    play(st, "overrun-1", "overrun-2", "tea-1-1")
    answer(st, 0, "target:tea-1-1")
    assert st.round == 2  # Overrun 2 found nothing left to target
    assert events(st, "overrun")[-1] == {"type": "overrun", "seat": 1, "card": "overrun-2", "target": None}


def test_an_earlier_overrun_can_discard_a_later_one() -> None:
    st = game(hands={0: ["overrun-1"], 1: ["overrun-2"], 2: ["tea-1-1"], 3: ["tea-1-2"]})
    play(st, "overrun-1", "overrun-2", "tea-1-1", "tea-1-2")
    answer(st, 0, "target:overrun-2")
    assert st.collection[2] == mask("tea-1-1") and st.collection[3] == mask("tea-1-2")


def test_an_army_perimeter_being_played_can_be_overrun() -> None:
    st = game(hands={0: ["overrun-1"], 1: ["army-1"], 2: ["overrun-2"], 3: ["overrun-3"]})
    play(st, "overrun-1", "army-1", "overrun-2", "overrun-3")
    answer(st, 0, "target:army-1")  # not in a collection yet: it can't counter, and is discarded
    assert st.collection[1] == 0 and st.game_box & mask("army-1")


def test_only_collected_armies_counter_the_owner_decides_the_lowest_goes() -> None:
    st = game(
        hands={0: ["overrun-1"], 1: ["army-1"], 2: ["tea-1-1"], 3: ["tea-1-2"]},
        collections={2: ["army-4", "army-2"]},
    )
    play(st, "overrun-1", "army-1", "tea-1-1", "tea-1-2")
    answer(st, 0, "target:tea-1-1")
    assert GAME.to_act(st) == (2,) and GAME.view(st, None)["ask"] == {
        "kind": "counter",
        "seat": 2,
        "card": "overrun-1",
        "target": "tea-1-1",
    }
    answer(st, 2, "counter")
    assert st.collection[2] == mask("army-4", "tea-1-1") and st.game_box == mask("army-2", "overrun-1")
    assert st.collection[1] == mask("army-1")


def test_allowing_the_overrun_keeps_the_army_perimeters() -> None:
    st = game(
        hands={0: ["overrun-1"], 1: ["tea-1-3"], 2: ["tea-1-1"], 3: ["tea-1-2"]}, collections={2: ["army-2"]}
    )
    play(st, "overrun-1", "tea-1-3", "tea-1-1", "tea-1-2")
    answer(st, 0, "target:tea-1-1")
    answer(st, 2, "allow")
    assert st.collection[2] == mask("army-2") and st.game_box == mask("overrun-1", "tea-1-1")


# --- Pay Rise ---------------------------------------------------------------------------------------


def test_a_pay_rise_claims_only_a_guru_its_player_does_not_own() -> None:
    st = game(hands={0: ["payrise-1"], 1: ["tea-1-1"], 2: ["tea-1-2"], 3: ["tea-1-3"]}, gurus={"tea": 0})
    play(st, "payrise-1", "tea-1-1", "tea-1-2", "tea-1-3")
    assert GAME.legal(st, 0) == ["guru:crystals", "guru:magnets", "guru:aromatherapy"]
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, 0, "guru:tea")
    assert e.value.code == "guru-owned"


def test_a_pay_rise_with_no_guru_to_claim_is_discarded() -> None:
    gurus = {u: 0 for u in ("crystals", "magnets", "tea", "aromatherapy")}
    st = game(hands={0: ["payrise-1"], 1: ["tea-1-1"], 2: ["tea-1-2"], 3: ["tea-1-3"]}, gurus=gurus)
    play(st, "payrise-1", "tea-1-1", "tea-1-2", "tea-1-3")
    assert st.round == 2 and st.game_box == mask("payrise-1")


def test_a_later_pay_rise_may_claim_a_guru_just_claimed() -> None:
    gurus = {"crystals": 0, "magnets": 0, "tea": 0}
    st = game(hands={0: ["payrise-1"], 1: ["payrise-2"], 2: ["tea-1-2"], 3: ["tea-1-3"]}, gurus=gurus)
    play(st, "payrise-1", "payrise-2", "tea-1-2", "tea-1-3")
    assert GAME.to_act(st) == (1,)  # seat 0 had one Guru to claim: it is not asked
    assert st.guru[5] == 0
    answer(st, 1, "guru:aromatherapy")
    assert st.guru[5] == 1


# --- Therapy resolution ----------------------------------------------------------------------------


def test_therapies_resolve_in_value_order_so_a_2_can_follow_its_1() -> None:
    st = game(hands={0: ["tea-2-1"], 1: ["tea-1-1"], 2: ["tea-3-1"], 3: ["tea-1-2"]})
    play(st, "tea-2-1", "tea-1-1", "tea-3-1", "tea-1-2")
    assert [e["card"] for e in events(st, "therapy")] == ["tea-1-1", "tea-1-2", "tea-2-1", "tea-3-1"]
    assert st.centre == 0


def test_identical_cards_resolve_by_copy_number() -> None:
    st = game(hands={0: ["tea-2-3"], 1: ["tea-2-1"], 2: ["magnets-2-2"], 3: ["crystals-2-1"]})
    play(st, "tea-2-3", "tea-2-1", "magnets-2-2", "crystals-2-1")
    assert [e["card"] for e in events(st, "therapy")] == ["crystals-2-1", "magnets-2-2", "tea-2-1", "tea-2-3"]


def test_intuition_is_for_the_gurus_owner_and_its_own_suit_only() -> None:
    hands = {0: ["tea-3-2"], 1: ["tea-3-1"], 2: ["magnets-3-1"], 3: ["crystals-1-1"]}
    st = game(hands=hands, collections={3: ["tea-1-1", "magnets-1-1"]}, gurus={"tea": 2})
    play(st, "tea-3-2", "tea-3-1", "magnets-3-1", "crystals-1-1")
    assert st.centre == mask("tea-3-1", "tea-3-2", "magnets-3-1")  # only the owner skips, in its suit
    st = game(hands=hands, collections={3: ["tea-1-1", "magnets-1-1"]}, gurus={"tea": 0})
    play(st, "tea-3-2", "tea-3-1", "magnets-3-1", "crystals-1-1")
    assert st.collection[0] == mask("tea-3-2")  # the owner skips the 2 (copy 1 failed before it)


def test_prerequisites_are_not_checked_again() -> None:
    hands = {0: ["tea-3-1", "payrise-1"], 1: ["tea-1-2", "magnets-1-1"], 2: ["tea-1-3", "magnets-1-2"]}
    hands[3] = ["crystals-1-1", "magnets-1-3"]
    st = game(hands=hands, collections={2: ["tea-1-1"]}, gurus={"tea": 0})
    play(st, "tea-3-1", "tea-1-2", "tea-1-3", "crystals-1-1")
    assert st.collection[0] == mask("tea-3-1")  # by Intuition
    play(st, "magnets-1-3", "payrise-1", "magnets-1-1", "magnets-1-2")
    answer(st, 1, "guru:tea")
    assert st.guru[2] == 1 and st.collection[0] == mask("tea-3-1", "magnets-1-3")  # it stays without the Guru


def test_a_cured_ends_the_game_only_after_every_card_of_the_round_resolves() -> None:
    st = game(
        hands={0: ["tea-6-1"], 1: ["magnets-6-1"], 2: ["crystals-1-1"], 3: ["tea-1-1"]},
        collections={2: ["tea-5-1", "magnets-5-1", "tea-4-1"], 3: ["magnets-4-1", "tea-3-1"]},
    )
    play(st, "tea-6-1", "magnets-6-1", "crystals-1-1", "tea-1-1")
    res = GAME.result(st)
    assert res is not None and res.detail["cured"] == ["magnets", "tea"]
    assert res.winners == (2,) and res.scores == (6.0, 6.0, 9.0, 4.0)
    assert st.collection[3] & mask("tea-1-1")  # it resolved although the Cured! came first in seat order


def test_joint_winners_need_7_in_a_cured_therapy() -> None:
    st = game(
        hands={0: ["tea-6-1"], 1: ["tea-1-1"], 2: ["tea-1-2"], 3: ["crystals-1-1"]},
        collections={
            0: ["tea-5-1"],
            1: ["tea-4-1", "tea-3-1"],
            2: ["tea-2-1", "tea-3-2"],
            3: ["magnets-5-1", "magnets-4-1"],
        },
    )
    play(st, "tea-6-1", "tea-1-1", "tea-1-2", "crystals-1-1")
    res = GAME.result(st)
    assert res is not None and res.winners == (0, 1) and res.scores == (11.0, 8.0, 6.0, 0.0)
    assert res.ranks == (1, 1, 2, 2)  # magnets were not cured: seat 3's 9 magnet points count for nothing


# --- helpers ---------------------------------------------------------------------------------------


def mask_all(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def sum_hands(st: ZombologyState, back: int) -> int:
    m = 0
    for h in st.hand:
        m |= h & BACK_MASK[back]
    return m


def play_all_first(st: ZombologyState) -> None:
    """Everyone asked plays the first legal action until the round changes."""
    start = st.round
    while GAME.result(st) is None and st.round == start:
        for s in GAME.to_act(st):
            GAME.apply(st, s, GAME.legal(st, s)[0])


def rng_choices(st: ZombologyState) -> None:
    """Everyone asked plays the last legal action until the game ends."""
    while GAME.result(st) is None:
        for s in GAME.to_act(st):
            GAME.apply(st, s, GAME.legal(st, s)[-1])
