"""Zealous variants (issue 19): a designer's rule changes as options, the printed rules by default.

Each knob is checked for what its docstring says, on positions built by hand or by playing; the printed
game stays exactly as it was (no `variant` anywhere, same states)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from tests.games.zealous.helpers import act, end_round_now, legal, position
from ziggurat.engine import InputError
from ziggurat.games.zealous import GAME
from ziggurat.games.zealous.cards import CARDS, DECKS
from ziggurat.games.zealous.setup import ZealousOptions
from ziggurat.games.zealous.state import SETUP, ZealousState


def play_out(st: ZealousState, seed: int, limit: int = 20_000) -> list[tuple[int, list[int]]]:
    """Random legal play to the end; (round, scores) at every round's end."""
    rng = random.Random(seed)
    st.events = []
    ends = []
    for _ in range(limit):
        if st.result is not None:
            break
        (seat,) = GAME.to_act(st)
        GAME.apply(st, seat, rng.choice(GAME.legal(st, seat)))
        for e in GAME.drain_events(st):
            if e["type"] == "tally":
                ends.append((e["round"], e["scores"]))
    assert st.result is not None, "the game did not end"
    return ends


def all_cards(st: ZealousState) -> Counter[str]:
    """Every card of the game wherever it is: decks, discards, hands, cards being resolved."""
    c: Counter[str] = Counter()
    for d in range(3):
        c.update(CARDS[x].id for x in st.deck[d] + st.discard[d])
    for h in st.hand:
        c.update(CARDS[x].id for x in range(len(h)) for _ in range(h[x]))
    for fr in st.stack:
        c[CARDS[fr.card].id] += 1
        c.update(CARDS[x].id for x in fr.drawn or [])
    return c


def test_the_printed_rules_are_the_defaults_and_leave_no_trace() -> None:
    printed = GAME.new(4, {}, seed=3)
    assert GAME.to_json(printed) == GAME.to_json(GAME.new(4, {"length": "beginner", "cards": {}}, seed=3))
    assert "variant" not in GAME.to_json(printed) and "variant" not in GAME.view(printed, 0)
    assert all_cards(printed) == Counter({c.id: c.copies for c in CARDS})
    assert (printed.target, printed.max_rounds, printed.holy, printed.supply) == (50, None, 2, [20] * 4)
    spec = GAME.options_spec()
    assert "variant" not in spec["length"]
    assert all(spec[k]["variant"] for k in spec if k != "length")
    assert spec["cards"]["counts"]["stone"] == 4 and spec["cards"]["type"] == "counts"


def test_points_to_win_ends_the_game_at_the_end_of_the_first_round_anyone_has_them() -> None:
    for seed in range(3):
        st = GAME.new(3, {"points_to_win": 12}, seed=seed)
        assert st.target == 12
        ends = play_out(st, seed)
        assert max(ends[-1][1]) >= 12 and all(max(s) < 12 for _, s in ends[:-1])


def test_last_round_ends_the_game_then_whatever_the_score() -> None:
    st = GAME.new(4, {"last_round": 3}, seed=5)
    ends = play_out(st, 5)
    assert [r for r, _ in ends] == [1, 2, 3] and st.round == 3
    # With advanced, the variant's score can end it before its tenth round.
    adv = GAME.new(3, {"length": "advanced", "points_to_win": 8}, seed=1)
    assert (adv.target, adv.max_rounds) == (8, 10)
    ends = play_out(adv, 1)
    assert max(ends[-1][1]) >= 8 or ends[-1][0] == 10


def test_holy_city_points_set_the_tally_of_a_follower_there() -> None:
    st = position(turn=2, followers={"holy": {0: 2, 1: 1}, "j1": {0: 1}}, variant={"holy_city_points": 5})
    assert st.holy == 5
    end_round_now(st)
    assert st.score == [2 * 5 + 1, 5, 0]
    zero = position(turn=2, followers={"holy": {0: 2}, "j1": {1: 1}}, variant={"holy_city_points": 0})
    end_round_now(zero)
    assert zero.score == [0, 1, 0]


def test_followers_sets_each_supply_and_running_out_comes_sooner() -> None:
    st = GAME.new(3, {"followers": 2}, seed=1)
    assert st.supply == [2, 2, 2]
    st = position(
        followers={"e1": {0: 1}, "e3": {0: 1}}, prophets=["m1", "be2", "bm3"], variant={"followers": 2}
    )
    assert st.supply[0] == 0
    act(st, 0, "stay")
    assert not {a for a in legal(st, 0) if a.startswith("place:")}  # no follower left to place
    with pytest.raises(InputError, match="more than 2 followers"):
        position(followers={"e1": {0: 3}}, variant={"followers": 2})


def test_head_start_gives_the_early_seats_points_before_the_first_round() -> None:
    assert GAME.new(4, {"head_start": 3}, seed=0).score == [9, 6, 3, 0]
    assert GAME.new(3, {"head_start": 1}, seed=0).score == [2, 1, 0]
    st = GAME.new(3, {"head_start": 4, "points_to_win": 8}, seed=2)
    ends = play_out(st, 2)
    assert len(ends) == 1  # seat 0 starts at 8: the first round's end ends the game


def test_reversed_birth_order_lets_the_last_seat_choose_first_and_the_first_seat_play_first() -> None:
    st = GAME.new(4, {"birth_order": "reversed"}, seed=0)
    assert st.phase == SETUP and GAME.to_act(st) == (3,)
    for seat, site in ((3, "bm1"), (2, "be1"), (1, "bm2"), (0, "be2")):
        assert GAME.to_act(st) == (seat,)
        assert f"birth:{site}" in GAME.legal(st, seat)
        GAME.apply(st, seat, f"birth:{site}")
    assert st.round == 1 and GAME.to_act(st) == (0,)
    assert [GAME.to_act(GAME.new(3, {}, seed=0))] == [(0,)]  # printed: seat order


def test_card_counts_build_the_decks_and_an_empty_deck_draws_nothing() -> None:
    opts: dict[str, Any] = {"cards.stone": 0, "cards.vision": 8, "cards.flood": 5}
    st = GAME.new(4, opts, seed=4)
    want = Counter({c.id: c.copies for c in CARDS}) | Counter({"vision": 8, "flood": 5})
    want["stone"] = 0
    assert all_cards(st) == +want
    assert len(st.deck[DECKS.index("judgment")]) == 20 - 4 + 3
    no_judgments = {f"cards.{c.id}": 0 for c in CARDS if DECKS[c.deck] == "judgment"}
    st = GAME.new(3, no_judgments, seed=1)
    assert st.deck[DECKS.index("judgment")] == []
    play_out(st, 1)  # prophets step on Judgment tiles and draw nothing
    assert st.hand and not any(st.hand[s][c] for s in range(3) for c, k in enumerate(CARDS) if k.deck == 1)


def test_a_variant_is_recorded_in_the_state_and_the_view_and_restored() -> None:
    opts = {
        "head_start": 2,
        "holy_city_points": 3,
        "followers": 15,
        "birth_order": "reversed",
        "cards.stone": 1,
    }
    opts["points_to_win"] = 500
    st = GAME.new(4, opts, seed=9)
    play = random.Random(0)
    for _ in range(60):
        (seat,) = GAME.to_act(st)
        GAME.apply(st, seat, play.choice(GAME.legal(st, seat)))
    data = GAME.to_json(st)
    want = {
        "points_to_win": 500,
        "holy_city_points": 3,
        "followers": 15,
        "head_start": 2,
        "birth_order": "reversed",
        "cards": {"stone": 1},
    }
    assert data["variant"] == want and GAME.view(st, 1)["variant"] == want
    again = GAME.from_json(data)
    assert again.options == st.options and GAME.to_json(again) == data
    text = GAME.text(st, 0, ["Ada", "Bo", "Cy", "Di"]).splitlines()
    assert text[1] == (
        "Variant: points_to_win=500; holy_city_points=3; followers=15; head_start=2; "
        "birth_order=reversed; stone x1"
    )
    assert "Variant" not in GAME.text(GAME.new(4, {}, seed=9), 0, ["Ada", "Bo", "Cy", "Di"])
    assert all_cards(again) == all_cards(st)


def test_determinization_redeals_the_variants_cards() -> None:
    st = GAME.new(
        4, {"cards.revelation": 8, "cards.stone": 0, "cards.exile": 6, "points_to_win": 500}, seed=2
    )
    play = random.Random(3)
    for _ in range(120):
        (seat,) = GAME.to_act(st)
        GAME.apply(st, seat, play.choice(GAME.legal(st, seat)))
    rng = random.Random(0)
    for seat in range(4):
        other = GAME.determinize(st, seat, rng)
        assert all_cards(other) == all_cards(st)
        assert GAME.view(other, seat) == GAME.view(st, seat)


@pytest.mark.parametrize(
    "raw, words",
    [
        ({"points_to_win": -1}, "points_to_win must be from 0 to 1000"),
        ({"holy_city_points": 11}, "holy_city_points must be from 0 to 10"),
        ({"followers": 0}, "followers must be from 1 to 60"),
        ({"head_start": "lots"}, "head_start must be a whole number"),
        ({"birth_order": "random"}, "birth_order must be one of seat, reversed"),
        ({"cards.stone": 9}, "cards.stone must be from 0 to 8"),
        ({"cards.joker": 1}, "cards: unknown 'joker'"),
    ],
)
def test_bad_variants_are_refused_with_the_reason(raw: dict[str, Any], words: str) -> None:
    with pytest.raises(InputError) as e:
        GAME.options(raw)
    assert e.value.code == "bad-options" and words in e.value.message


def test_extreme_variants_still_end() -> None:
    extreme = [
        {"followers": 1, "holy_city_points": 0, "points_to_win": 30},
        {"followers": 60, "head_start": 30, "birth_order": "reversed"},
        {"length": "advanced", "last_round": 1},
        {**{f"cards.{c.id}": 0 for c in CARDS}},
        {**{f"cards.{c.id}": 8 for c in CARDS}, "points_to_win": 40},
    ]
    for i, raw in enumerate(extreme):
        for players in (3, 6):
            st = GAME.new(players, raw, seed=i)
            assert isinstance(st.options, ZealousOptions)
            play_out(st, i)


def test_a_rotating_first_player_opens_each_round_one_seat_on() -> None:
    st = GAME.new(4, {"first_player": "rotating", "points_to_win": 500}, seed=6)
    rng = random.Random(1)
    order: dict[int, list[int]] = {}
    last = (-1, -1)
    while st.round < 6:
        (seat,) = GAME.to_act(st)
        GAME.apply(st, seat, rng.choice(GAME.legal(st, seat)))
        if st.round >= 1 and (st.round, st.turn) != last:  # a turn has begun
            last = (st.round, st.turn)
            order.setdefault(st.round, []).append(st.turn)
            again = GAME.from_json(GAME.to_json(st))  # a stored state knows who opens its round
            assert again.first == st.first == (st.round - 1) % 4
    assert order[1] == [0, 1, 2, 3] and order[2] == [1, 2, 3, 0] and order[3] == [2, 3, 0, 1]
    assert order[4] == [3, 0, 1, 2] and order[5] == [0, 1, 2, 3]
    assert GAME.new(4, {}, seed=6).first == 0


def test_options_built_in_code_get_the_checks_parse_makes() -> None:
    with pytest.raises(ValueError, match="cards: unknown 'joker'"):
        ZealousOptions(cards={"joker": 1})
    with pytest.raises(ValueError, match=r"cards\.stone must be from 0 to 8"):
        ZealousOptions(cards={"stone": 9})
    assert ZealousOptions(cards={"stone": 4, "flood": 3}).cards == {"flood": 3}  # only the changes kept
