"""Designer variants (ZombologyOptions): suits removed per player count and the copies of each card.

Each knob changes what its docstring says, the defaults are the printed game, bad values are refused,
a variant is stored with the state and shown to the players, and games under extreme variants play
out with bots, redeals and observations working on the variant's deck."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.games.zombology.helpers import everything, mask, play
from tests.games.zombology.test_conformance import check_determinize, check_invariants, check_no_leak
from ziggurat.bots.arena import ArenaConfig, Entry, run
from ziggurat.engine import InputError
from ziggurat.games.zombology import GAME
from ziggurat.games.zombology.actions import action_space
from ziggurat.games.zombology.bounds import action_space as bound_space
from ziggurat.games.zombology.cards import (
    CARD_INDEX,
    CARDS,
    MOST,
    N_PRINTED,
    PRINTED_COPIES_BY_ID,
    PRINTED_MASK,
    SUIT_INDEX,
    SUITS,
    cards_of,
    ids,
    in_play_mask,
)
from ziggurat.games.zombology.observe import ZombologyEncoder
from ziggurat.games.zombology.setup import PRINTED, SUITS_REMOVED, ZombologyOptions, deck_of, variant_json
from ziggurat.games.zombology.state import RESOLVE, ZombologyState
from ziggurat.rl.spec import bind

KNOBS = [f"removed_{n}p" for n in range(3, 9)]


def options(**raw: Any) -> ZombologyOptions:
    """Options as a command line gives them: `cards.overrun=9` is `cards__overrun=9` here."""
    return GAME.options({k.replace("__", "."): v for k, v in raw.items()})


def new(players: int, opts: ZombologyOptions, seed: int = 1, **setup: Any) -> ZombologyState:
    return GAME.new(players, opts, seed, setup, record=True)


def place(st: ZombologyState) -> int:
    """Every card of the game, wherever it is (and checks each is in one place, from its deck)."""
    return everything(st)


# --- the printed game ---------------------------------------------------------------------------


def test_the_defaults_are_the_printed_game() -> None:
    assert GAME.options({}) == GAME.options(None) == PRINTED == ZombologyOptions()
    assert variant_json(PRINTED) == {} and PRINTED.cards == {}
    removed = {n: PRINTED.removed(n) for n in range(3, 9)}
    assert removed == SUITS_REMOVED == {3: 2, 4: 2, 5: 1, 6: 1, 7: 0, 8: 0}
    assert deck_of(PRINTED) == PRINTED_MASK and PRINTED_MASK.bit_count() == 94
    spec = GAME.options_spec()
    assert all(spec[k]["variant"] is True and spec[k]["min"] == 0 and spec[k]["max"] == 5 for k in KNOBS)
    assert spec["cards"]["counts"] == PRINTED_COPIES_BY_ID and spec["cards"]["max"] == MOST
    assert PRINTED_COPIES_BY_ID["overrun"] == 6 and PRINTED_COPIES_BY_ID["army"] == 4
    assert [PRINTED_COPIES_BY_ID[f"tea-{v}"] for v in range(1, 7)] == [3, 3, 3, 2, 1, 1]
    for n in (3, 5, 8):
        printed = GAME.new(n, None, 7)
        given = GAME.new(n, {f"removed_{n}p": SUITS_REMOVED[n], "cards.overrun": 6}, 7)
        assert GAME.to_json(given) == GAME.to_json(printed)
        assert "variant" not in GAME.to_json(printed) and "variant" not in GAME.view(printed, 0)
        assert bound_space(n, PRINTED) == action_space(n)


# --- each knob ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 9))
def test_removed_sets_how_many_suits_leave_with_that_player_count_only(players: int) -> None:
    for k in (0, 3, 5):
        st = new(players, options(**{f"removed_{players}p": k}))
        removed = GAME.view(st, None)["removed"]
        assert len(removed) == k and len(st.suits) == 6 - k
        assert st.guru.count(-2) == k  # the Gurus of removed suits are out too
        place(st)
    other = 3 if players != 3 else 4
    st = new(players, options(**{f"removed_{other}p": 5}))  # another count's knob: printed removal
    assert len(st.suits) == 6 - SUITS_REMOVED[players]


def test_removed_names_that_many_suits_in_a_stacked_setup() -> None:
    opts = options(removed_4p=1)
    assert new(4, opts, removed=["tea"]).suits == (0, 1, 3, 4, 5)
    with pytest.raises(InputError) as e:
        new(4, opts, removed=["tea", "vegan"])
    assert e.value.code == "bad-setup" and "must name 1 different suit " in e.value.message


def test_fewer_copies_keep_the_first_ids_and_leave_the_rest_out_of_the_game() -> None:
    opts = options(cards__overrun=2, cards__army=0, **{"cards.crystals-1": 1})
    st = new(4, opts, removed=["vegan", "homeopathy"])
    union = place(st)
    assert ids(union & mask(*(f"overrun-{k}" for k in range(1, 7)))) == ["overrun-1", "overrun-2"]
    assert not any(ID.startswith("army-") for ID in ids(union))
    assert ids(union & mask("crystals-1-1", "crystals-1-2", "crystals-1-3")) == ["crystals-1-1"]
    assert union.bit_count() == 94 - 4 - 4 - 2 * 13 - 2
    with pytest.raises(InputError) as e:
        new(4, opts, removed=["vegan", "homeopathy"], hands={"0": ["overrun-3"]})
    assert "not available" in e.value.message


def test_more_copies_are_new_cards_in_every_suit_in_play() -> None:
    opts = options(cards__payrise=9, **{"cards.tea-6": 3, "cards.magnets-4": 4})
    st = new(5, opts, removed=["crystals"])
    union = place(st)
    extra = ids(union & ~PRINTED_MASK)
    assert extra == [
        *(f"payrise-{k}" for k in range(7, 10)),
        "magnets-4-3",
        "magnets-4-4",
        "tea-6-2",
        "tea-6-3",
    ]
    assert CARDS[CARD_INDEX["tea-6-2"]].name == "A Nice Cup of Tea 6: Cured! 2"
    assert union.bit_count() == 94 - 13 + 3 + 2 + 2
    # a removed suit's extra copies are out of the game with it
    assert "crystals-6-2" not in ids(place(new(5, options(**{"cards.crystals-6": 2}), removed=["crystals"])))


def test_extra_copies_resolve_in_the_printed_order() -> None:
    """Overruns, Pay Rises, Army Perimeters, then Therapy cards by value: an added copy is numbered
    after the printed cards but resolves in its place."""
    opts = options(cards__overrun=8, **{"cards.crystals-2": 5})
    hands = {0: ["crystals-3-1", "tea-1-1"], 1: ["crystals-2-5", "tea-1-2"], 2: ["overrun-8", "tea-1-3"]}
    hands[3] = ["payrise-1", "magnets-1-1"]
    st = new(4, opts, removed=["vegan", "homeopathy"], hands=hands, collections={3: ["crystals-1-1"]})
    play(st, "crystals-3-1", "crystals-2-5", "overrun-8", "payrise-1")
    # overrun-8 (card number > 94) resolves first of all, before the Pay Rise
    assert st.phase == RESOLVE and st.ask is not None and st.ask[2] == CARD_INDEX["overrun-8"]
    GAME.apply(st, 2, "target:payrise-1")
    # crystals-2-5 resolved before crystals-3-1, which found its prerequisite
    assert st.collection[1] == mask("crystals-2-5") and st.collection[0] == mask("crystals-3-1")
    kinds = [e["type"] for e in st.events or [] if e["type"] in ("overrun", "therapy", "payrise")]
    assert kinds == ["overrun", "therapy", "therapy"]


def test_an_extra_army_perimeter_counters_after_the_printed_ones() -> None:
    opts = options(cards__army=6)
    hands = {0: ["overrun-1", "tea-1-1"], 1: ["tea-1-2", "tea-1-3"], 2: ["magnets-1-1", "magnets-1-2"]}
    hands[3] = ["magnets-1-3", "crystals-1-1"]
    st = new(4, opts, removed=["vegan", "homeopathy"], hands=hands, collections={1: ["army-6", "army-2"]})
    play(st, "overrun-1", "tea-1-2", "magnets-1-1", "magnets-1-3")
    GAME.apply(st, 0, "target:tea-1-2")
    GAME.apply(st, 1, "counter")
    assert st.collection[1] & mask("army-6", "army-2", "tea-1-2") == mask("army-6", "tea-1-2")


def test_a_value_with_no_copies_breaks_the_ladder() -> None:
    opts = options(**{f"cards.{u}-2": 0 for u in SUITS})
    st = new(3, opts)
    union = place(st)
    assert not any(CARDS[c].value == 2 for c in cards_of(union))
    assert (union & in_play_mask(st.suits)).bit_count() == 94 - 2 * 13 - 4 * 3  # 4 suits in play


# --- refusals ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ({"removed_3p": 6}, "removed_3p must be from 0 to 5, not 6"),
        ({"removed_8p": -1}, "removed_8p must be from 0 to 5, not -1"),
        ({"removed_5p": "two"}, "removed_5p must be"),
        ({"removed_5p": True}, "removed_5p must be"),
        ({"removed_9p": 1}, "Unknown option 'removed_9p'"),
        ({"cards.overrun": 10}, "cards.overrun must be from 0 to 9, not 10"),
        ({"cards.tea-4": -1}, "cards.tea-4 must be from 0 to 9"),
        ({"cards.tea-4": 1.5}, "cards.tea-4 must be from 0 to 9"),
        ({"cards.joker": 1}, "unknown 'joker'"),
        ({"cards.tea-4-1": 2}, "unknown 'tea-4-1'"),  # a card's own id has a copy number
        ({"cards.tea-7": 1}, "unknown 'tea-7'"),
        ({"cards": [1]}, "name: copies"),
    ],
)
def test_bad_variants_are_refused_with_a_reason(raw: dict[str, Any], words: str) -> None:
    with pytest.raises(InputError) as e:
        GAME.options(raw)
    assert e.value.code == "bad-options" and words in e.value.message, e.value.message


def test_options_json_round_trips_and_names_copies_only_when_changed() -> None:
    for raw in ({}, {"removed_7p": 2}, {"cards.army": 0, "cards.tea-6": 2}):
        opts = GAME.options(raw)
        assert GAME.options(GAME.options_json(opts)) == opts
    assert GAME.options_json(PRINTED)["cards"] == {} and GAME.options_json(PRINTED)["removed_3p"] == 2
    assert GAME.options_json(options(cards__army=0))["cards"] == {"army": 0}


def test_options_built_directly_are_checked_and_kept_minimal() -> None:
    with pytest.raises(ValueError, match="removed_4p must be from 0 to 5"):
        ZombologyOptions(removed_4p=6)
    with pytest.raises(ValueError, match="unknown"):
        ZombologyOptions(cards={"joker": 1})
    assert ZombologyOptions(cards={"overrun": 6, "army": 5}).cards == {"army": 5}


# --- records and views --------------------------------------------------------------------------


def test_a_variant_is_stored_with_the_state_and_shown_to_everyone() -> None:
    opts = options(removed_6p=3, cards__overrun=9, **{"cards.tea-6": 0})
    st = new(6, opts, seed=4)
    want = {"cards": {"overrun": 9, "tea-6": 0}, "removed_6p": 3}
    data = GAME.to_json(st)
    assert data["variant"] == want
    assert all(GAME.view(st, s)["variant"] == want for s in (None, 0, 5))
    rng = random.Random(2)
    for _ in range(40):  # mid-game states too (hands, decks, memories of added copies)
        seat = GAME.to_act(st)[0]
        GAME.apply(st, seat, rng.choice(GAME.legal(st, seat)))
        data = GAME.to_json(st)
        back = GAME.from_json(data)
        assert back.options == opts and GAME.to_json(back) == data
        assert GAME.legal(back, seat) == GAME.legal(st, seat)
    GAME.view(st, 0)["variant"]["cards"]["overrun"] = 1  # a view is a copy
    assert GAME.view(st, 0)["variant"] == want


def test_a_stored_variant_is_checked() -> None:
    data = GAME.to_json(GAME.new(3, None, 1))
    with pytest.raises(InputError) as e:
        GAME.from_json({**data, "variant": {"cards": {"overrun": 99}}})
    assert e.value.code == "bad-state" and "cards.overrun must be from 0 to 9" in e.value.message
    with pytest.raises(InputError) as e:  # an added copy needs the variant that adds it
        GAME.from_json({**data, "box": ["overrun-7"]})
    assert e.value.code == "bad-state" and "not available" in e.value.message
    hands = [["army-5"], [], []]
    built = GAME.from_json(
        {"players": 3, "removed": ["tea", "vegan"], "hands": hands, "variant": {"cards": {"army": 5}}}
    )
    assert "army-5" in ids(place(built))


# --- whole games, bots, redeals, observations --------------------------------------------------

EXTREMES: list[dict[str, Any]] = [
    {f"cards.{key}": MOST for key in PRINTED_COPIES_BY_ID} | {k: 0 for k in KNOBS},  # everything, 9 times
    {f"cards.{key}": 0 for key in PRINTED_COPIES_BY_ID},  # no card at all
    {k: 5 for k in KNOBS} | {"cards.overrun": 0, "cards.payrise": 0, "cards.army": 0},  # one suit, no special
    {"cards.overrun": 9, "cards.payrise": 9, "cards.army": 9} | {f"cards.{u}-6": 3 for u in SUITS},
    {f"cards.{u}-{v}": 0 for u in SUITS for v in (1, 2)},  # no Epidemic card: hands start with Apocalypses
    {f"cards.{u}-{v}": 1 for u in SUITS for v in range(1, 7)} | {k: 4 for k in KNOBS},
]


def play_random(players: int, opts: ZombologyOptions, seed: int, deep: bool) -> ZombologyState:
    rng = random.Random(seed)
    st = GAME.new(players, opts, seed, record=True)
    encoder = bind(GAME, players, opts).encoder
    check_invariants(st)
    steps = 0
    while GAME.result(st) is None:
        seats = GAME.to_act(st)
        for seat in rng.sample(seats, len(seats)):
            GAME.apply(st, seat, rng.choice(GAME.legal(st, seat)))
            steps += 1
            new_events = GAME.drain_events(st)
            check_invariants(st)
            if deep:
                check_no_leak(st, new_events)
                vec = encoder.encode(GAME.view(st, seat))
                assert vec.min() >= 0.0 and vec.max() <= 1.0
                if steps % 5 == 0:
                    check_determinize(st, rng)
    assert GAME.result(st) is not None and (st.round == 8 or GAME.result(st).detail["cured"])  # type: ignore[union-attr]
    return st


@pytest.mark.parametrize("extreme", range(len(EXTREMES)))
def test_games_under_extreme_variants_end_with_a_result(extreme: int) -> None:
    opts = GAME.options(EXTREMES[extreme])
    for players in (3, 5, 8):
        for seed in range(2):
            play_random(players, opts, seed * 10 + players + extreme, deep=seed == 0)


def test_the_action_space_and_the_observation_follow_the_variants_deck() -> None:
    opts = GAME.options(EXTREMES[0])
    space = bound_space(4, opts)
    assert len(space) == len(set(space)) and "choose:aromatherapy-6-9" in space
    assert "swap:crystals-1-9:tea-6-9" in space and "target:army-9" in space
    st = GAME.new(4, opts, 3)
    rng = random.Random(3)
    while GAME.result(st) is None:  # every legal action is in the space
        seat = GAME.to_act(st)[0]
        legal = GAME.legal(st, seat)
        assert set(legal) <= set(space)
        GAME.apply(st, seat, rng.choice(legal))
    few = bound_space(4, options(cards__overrun=1, **{"cards.tea-1": 0}))
    assert "choose:overrun-2" not in few and "choose:tea-1-1" not in few and "choose:overrun-1" in few
    printed = bind(GAME, 4, PRINTED).encoder
    big = bind(GAME, 4, opts).encoder
    assert isinstance(big, ZombologyEncoder)
    assert big.size > printed.size and big.k == N_PRINTED + len(cards_of(deck_of(opts) & ~PRINTED_MASK))
    assert bind(GAME, 4, GAME.options(EXTREMES[1])).encoder.size > 0  # even with no card


def test_a_redeal_draws_from_the_variants_deck_and_keeps_the_seats_view() -> None:
    opts = options(removed_5p=0, cards__overrun=9, cards__payrise=2, **{f"cards.{u}-3": 6 for u in SUITS})
    added = deck_of(opts) & ~PRINTED_MASK
    for seed in range(4):
        st = GAME.new(5, opts, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 40)):
            if GAME.result(st) is not None:
                break
            seat = GAME.to_act(st)[0]
            GAME.apply(st, seat, rng.choice(GAME.legal(st, seat)))
        if GAME.result(st) is not None:
            continue
        for seat in range(5):
            seen = GAME.view(st, seat)
            for _ in range(3):
                other = GAME.determinize(st, seat, rng)
                assert GAME.view(other, seat) == seen
                # the same cards (the variant's: added copies in, payrise-3 to 6 out), elsewhere
                assert place(other) == place(st)
        assert any(added >> c & 1 for d in st.deck for c in d)  # added copies are among the redealt


def test_bots_play_a_variant() -> None:
    lineup = tuple(Entry.parse(b) for b in ("hard:4", "normal", "random", "random"))
    raw = {"removed_4p": 0, "cards.overrun": 9, "cards.crystals-6": 3, "cards.tea-2": 0}
    records = run(ArenaConfig("zombology", 4, lineup, 2, seed=3, options=raw), workers=1)
    assert len(records) == 2 and all(r["rounds"] >= 1 and len(r["ranks"]) == 4 for r in records)
    played = {c for r in records for row in r["cards"] for c in row}
    assert not any(c.startswith("tea-2-") for c in played)


def test_every_suit_has_its_own_keys() -> None:
    for u in SUITS:
        assert all(f"{u}-{v}" in PRINTED_COPIES_BY_ID for v in range(1, 7))
    assert set(SUIT_INDEX) == set(SUITS)
