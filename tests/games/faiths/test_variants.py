"""Designer variants (FaithsOptions: territories_to_win, hand_limit, cards): each knob changes the game
as its docstring says, the defaults are the printed game, bad values are refused, a variant survives
the stored state, and random games under extreme variants still end (with every invariant kept)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from tests.games.faiths.helpers import check_invariants, let_stand, play, position
from tests.games.faiths.test_conformance import play_random
from ziggurat.engine import InputError
from ziggurat.games.faiths import GAME
from ziggurat.games.faiths.bounds import max_length
from ziggurat.games.faiths.cards import CARD_INDEX as C
from ziggurat.games.faiths.cards import CARDS, MAGNITUDES, PRINTED_COPIES, ZEALOTS, deck_cards, deck_of
from ziggurat.games.faiths.heuristic import strength
from ziggurat.games.faiths.setup import FaithsOptions
from ziggurat.games.faiths.state import END, EVENTS, OVER, REACT

EVERY_CARD = [c.id for c in CARDS]


def all_cards(st: Any) -> Counter[int]:
    cards: Counter[int] = Counter(st.deck)
    cards.update(st.discard)
    for h in st.hand:
        for c, k in enumerate(h):
            cards[c] += k
    return cards


def refused(raw: dict[str, Any]) -> str:
    with pytest.raises(InputError) as e:
        GAME.options(raw)
    assert e.value.code == "bad-options"
    return e.value.message


# --- the printed game ------------------------------------------------------------------------------


def test_the_defaults_are_the_printed_rules() -> None:
    o = GAME.options({})
    assert o == FaithsOptions() and o.variant == {}
    assert (o.territories_to_win, o.hand_limit, o.cards) == (14, 7, {})
    assert list(o.deck_copies) == [4] * 5 + [1] * 19 and deck_of(o.deck_copies) == deck_cards()
    printed = {"territories_to_win": 14, "hand_limit": 7, "cards": dict(PRINTED_COPIES)}
    assert GAME.options(printed) == o and GAME.options(printed).variant == {}
    st = GAME.new(4, {}, 3)
    assert (st.win, st.hand_limit, st.zealots_copies) == (14, 7, 1)
    assert "variant" not in GAME.to_json(st) and "variant" not in GAME.view(st, 0)


def test_naming_the_printed_values_plays_the_very_same_game() -> None:
    """Move by move: the same states, views and legal actions as with no options at all."""
    printed = {"territories_to_win": 14, "hand_limit": 7, "cards.theology": 4, "cards.zealots_fanatics": 1}
    a, b = GAME.new(5, {}, 21), GAME.new(5, printed, 21)
    rng = random.Random(21)
    while GAME.result(a) is None:
        (s,) = GAME.to_act(a)
        assert GAME.to_json(a) == GAME.to_json(b) and GAME.view(a, s) == GAME.view(b, s)
        action = rng.choice(GAME.legal(a, s))
        GAME.apply(a, s, action)
        GAME.apply(b, s, action)
    assert GAME.result(a) == GAME.result(b)


def test_the_spec_offers_each_knob_and_keeps_the_old_options() -> None:
    spec = GAME.options_spec()
    assert spec["territories_to_win"] == {"type": "int", "default": 14, "min": 2, "max": 26, "variant": True}
    assert spec["hand_limit"] == {"type": "int", "default": 7, "min": 0, "max": 100, "variant": True}
    assert spec["cards"]["type"] == "counts" and spec["cards"]["max"] == 8
    assert spec["cards"]["counts"] == {c: 4 if C[c] in MAGNITUDES else 1 for c in EVERY_CARD}
    assert spec["zealots_copies"] == {"type": "int", "default": 1, "min": 1, "max": 4}
    assert spec["max_rounds"] == {"type": "int", "default": 30, "min": 1, "max": 100}
    assert spec["religions"]["choices"] == ["random", "choose"]


# --- territories_to_win -----------------------------------------------------------------------------


def spread_to_third_territory(**options: Any) -> Any:
    st = position(
        chits={"south_india": {0: 2}, "ceylon": {0: 1}}, hands={0: ["traditions", "spread"]}, **options
    )
    play(st, (0, "pair:traditions:spread"))
    let_stand(st)
    play(st, (0, "add:malaya"))
    return st


def test_territories_to_win_ends_the_game_the_moment_a_religion_reaches_it() -> None:
    st = spread_to_third_territory(territories_to_win=3)
    assert st.phase == OVER and st.winner == 0
    res = GAME.result(st)
    assert res is not None and res.winners == (0,) and res.detail["reason"] == "territories"
    assert strength(st)[0] == 1000.0
    printed = spread_to_third_territory()
    assert GAME.result(printed) is None and printed.occupied[0].bit_count() == 3
    assert strength(printed)[0] < 1000.0


def test_territories_to_win_refuses_a_setup_already_won_and_is_told() -> None:
    with pytest.raises(InputError) as e:
        position(chits={"japan": {0: 1}, "korea": {0: 1}}, territories_to_win=2)
    assert e.value.code == "bad-setup" and "2 territories" in e.value.message
    st = position(chits={"japan": {0: 1}}, territories_to_win=2)
    assert "2 territories win" in GAME.text(st, 0, ["A", "B", "C", "D"])
    assert "Variant: territories_to_win=2" in GAME.text(st, 0, ["A", "B", "C", "D"])


# --- hand_limit -------------------------------------------------------------------------------------

FIVE = ["schism", "crusade", "jihad", "heresy", "conversion"]


def test_hand_limit_is_what_the_end_phase_discards_down_to() -> None:
    st = position(hands={0: FIVE}, hand_limit=3)
    play(st, (0, "end"))
    assert st.phase == END and st.actor == 0
    assert GAME.legal(st, 0) == [f"discard:{c}" for c in sorted(FIVE, key=C.__getitem__)]
    assert GAME.view(st, 0)["prompt"] == "Discard down to 3 cards"
    play(st, (0, "discard:schism"))
    assert st.phase == END and sum(st.hand[0]) == 4
    play(st, (0, "discard:heresy"))
    assert st.turn == 1 and sum(st.hand[0]) == 3
    printed = position(hands={0: FIVE})
    play(printed, (0, "end"))
    assert printed.turn == 1 and sum(printed.hand[0]) == 5  # 5 <= 7: nothing to discard


def test_hand_limit_zero_empties_the_hand_and_a_high_one_keeps_it() -> None:
    st = position(hands={0: FIVE}, hand_limit=0)
    play(st, (0, "end"), *[(0, f"discard:{c}") for c in FIVE])
    assert st.turn == 1 and sum(st.hand[0]) == 0
    nine = [*FIVE, "spread", "multiply", "diaspora", "migration"]
    st = position(hands={0: nine}, hand_limit=9)
    play(st, (0, "end"))
    assert st.turn == 1 and sum(st.hand[0]) == 9
    printed = position(hands={0: nine})
    play(printed, (0, "end"))
    assert printed.phase == END and GAME.view(printed, 0)["prompt"] == "Discard down to 7 cards"


# --- cards ------------------------------------------------------------------------------------------


def test_cards_sets_the_copies_in_the_deck() -> None:
    opts = {"cards.theology": 0, "cards.spread": 3, "cards.faith_belief": 8}
    for seed in range(3):
        st = GAME.new(6, opts, seed)
        counts = all_cards(st)
        assert counts[C["theology"]] == 0 and counts[C["spread"]] == 3 and counts[C["faith_belief"]] == 8
        assert sum(counts.values()) == 39 - 4 + 2 + 4
        check_invariants(st)
    two: dict[str, Any] = {"cards.spread": 2}
    st = position(hands={0: ["spread", "spread", "traditions"]}, **two)
    assert st.hand[0][C["spread"]] == 2
    with pytest.raises(InputError) as e:  # the printed deck has one Spread
        position(hands={0: ["spread", "spread", "traditions"]})
    assert e.value.code == "bad-setup"


def test_zealots_copies_and_cards_zealots_fanatics_are_one_count() -> None:
    assert GAME.options({"cards.zealots_fanatics": 3}) == GAME.options({"zealots_copies": 3})
    assert GAME.options({"cards.zealots_fanatics": 3, "zealots_copies": 3}).zealots_copies == 3
    a = GAME.new(5, {"cards.zealots_fanatics": 3}, 8)
    b = GAME.new(5, {"zealots_copies": 3}, 8)
    assert GAME.to_json(a) == GAME.to_json(b) and "variant" not in GAME.to_json(a)
    none = GAME.options({"cards.zealots_fanatics": 0})
    assert none.deck_copies[ZEALOTS] == 0 and none.variant == {"cards": {"zealots_fanatics": 0}}
    st = GAME.new(4, none, 2)
    assert all_cards(st)[ZEALOTS] == 0 and GAME.view(st, None)["options"]["zealots_copies"] == 0
    assert "same card" in refused({"zealots_copies": 2, "cards.zealots_fanatics": 5})


def test_without_zealots_no_reaction_window_opens() -> None:
    hands = {0: ["scriptures", "spread"]}
    none: dict[str, Any] = {"cards.zealots_fanatics": 0}
    st = position(chits={"south_india": {0: 5}}, hands=hands, **none)
    play(st, (0, "pair:scriptures:spread"))
    assert st.phase != REACT and st.actor == 0 and GAME.legal(st, 0)[0].startswith("add:")
    printed = position(chits={"south_india": {0: 5}}, hands=hands)
    play(printed, (0, "pair:scriptures:spread"))
    assert printed.phase == REACT and printed.actor == 1


def test_five_zealots_negate_each_other_until_the_last_copy_is_down() -> None:
    hands = {
        0: ["scriptures", "spread"],
        1: ["zealots_fanatics"] * 3 + ["theology"] * 3,
        2: ["zealots_fanatics"] * 2 + ["faith_belief"] * 2,
    }
    five: dict[str, Any] = {"cards.zealots_fanatics": 5}
    st = position(chits={"south_india": {0: 5}}, hands=hands, **five)
    play(st, (0, "pair:scriptures:spread"))
    while st.phase == REACT:
        negate = [a for a in GAME.legal(st, st.actor) if a.startswith("negate:")]
        play(st, (st.actor, negate[0] if negate else "pass"))
    assert st.negations == 5 and st.discard.count(ZEALOTS) == 5
    assert st.phase == EVENTS and st.actor == 0  # odd: the pair is negated, the window never reopened
    assert any(e["type"] == "negated" for e in GAME.drain_events(st))


# --- refusals ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ({"territories_to_win": 1}, "territories_to_win must be a whole number of territories from 2 to 26"),
        ({"territories_to_win": 27}, "from 2 to 26, not 27"),
        ({"territories_to_win": "most"}, "territories_to_win"),
        ({"territories_to_win": True}, "territories_to_win"),
        ({"hand_limit": -1}, "hand_limit must be a whole number of cards from 0 to 100, not -1"),
        ({"hand_limit": 101}, "from 0 to 100"),
        ({"hand_limit": 2.5}, "hand_limit"),
        ({"cards.theology": 9}, "cards.theology must be from 0 to 8"),
        ({"cards.spread": -1}, "cards.spread must be from 0 to 8"),
        ({"cards.joker": 1}, "unknown 'joker'"),
        ({"cards": ["spread"]}, "name: copies"),
        ({"zealots_copies": 0}, "zealots_copies"),
        ({"zealots_copies": 3, "cards": {"zealots_fanatics": 0}}, "give one"),
    ],
)
def test_bad_values_are_refused_with_the_reason(raw: dict[str, Any], words: str) -> None:
    assert words in refused(raw)


def test_options_built_in_code_get_the_same_checks() -> None:
    with pytest.raises(ValueError, match="unknown 'joker'"):
        FaithsOptions(cards={"joker": 1})
    with pytest.raises(ValueError, match="from 0 to 8"):
        FaithsOptions(cards={"spread": 9})
    assert FaithsOptions(cards={"spread": 1, "theology": 2}).cards == {"theology": 2}
    assert FaithsOptions(territories_to_win="10").territories_to_win == 10  # type: ignore[arg-type]


# --- the stored state and the views -----------------------------------------------------------------

VARIANT = {"territories_to_win": 9, "hand_limit": 3, "cards.theology": 6, "cards.zealots_fanatics": 0}


def test_a_variant_is_stored_with_the_state_and_shown_to_everyone() -> None:
    st = GAME.new(4, VARIANT, 5)
    assert GAME.options(GAME.options_json(st.options)) == st.options  # as a match log keeps them
    want = {"territories_to_win": 9, "hand_limit": 3, "cards": {"theology": 6, "zealots_fanatics": 0}}
    data = GAME.to_json(st)
    assert data["variant"] == want
    for seat in (None, 0, 3):
        assert GAME.view(st, seat)["variant"] == want
    GAME.view(st, 0)["variant"]["cards"]["spread"] = 5  # a view is the caller's to change
    assert GAME.view(st, 0)["variant"] == want
    rng = random.Random(5)
    for step in range(400):
        if GAME.result(st) is not None:
            break
        if step % 20 == 0:
            data = json.loads(json.dumps(GAME.to_json(st)))
            back = GAME.from_json(data)
            assert back.options == st.options and GAME.to_json(back) == data
            assert (back.win, back.hand_limit, back.zealots_copies) == (9, 3, 0)
        (s,) = GAME.to_act(st)
        GAME.apply(st, s, rng.choice(GAME.legal(st, s)))


def test_states_stored_before_variants_still_read() -> None:
    st = GAME.new(5, {"zealots_copies": 2, "homeland_bonus": True}, 1)
    data = GAME.to_json(st)
    assert "variant" not in data and data["options"]["zealots_copies"] == 2
    assert GAME.from_json(data).options == GAME.options({"zealots_copies": 2, "homeland_bonus": True})


def test_a_stored_variant_is_checked() -> None:
    data = GAME.to_json(GAME.new(4, {}, 1))
    for variant in ({"hand_limit": -3}, {"cards": {"joker": 2}}, ["hand_limit"]):
        with pytest.raises(InputError) as e:
            GAME.from_json({**data, "variant": variant})
        assert e.value.code == "bad-state"
    with pytest.raises(InputError) as e:  # the cards no longer add up to the variant's deck
        GAME.from_json({**data, "variant": {"cards": {"theology": 6}}})
    assert e.value.code == "bad-state" and "whole deck" in e.value.message


# --- random games under extreme variants ------------------------------------------------------------

NOTHING = {f"cards.{c}": 0 for c in EVERY_CARD}
EIGHT = {f"cards.{c}": 8 for c in EVERY_CARD}
NO_MAGNITUDES = {f"cards.{c.id}": 0 for c in CARDS[:5]}
NO_EVENTS = {f"cards.{c.id}": 0 for c in CARDS[5:]}
EXTREMES: list[tuple[int, dict[str, Any]]] = [
    (4, {"territories_to_win": 2, "hand_limit": 0}),
    (11, {"territories_to_win": 26, "hand_limit": 0, "max_rounds": 4}),
    (5, {**EIGHT, "hand_limit": 100, "territories_to_win": 26, "max_rounds": 3, "homeland_bonus": True}),
    (6, {**NOTHING, "max_rounds": 3}),
    (4, {**NO_MAGNITUDES, "max_rounds": 3}),
    (7, {**NO_EVENTS, "hand_limit": 1, "max_rounds": 3}),
    (5, {"cards.zealots_fanatics": 8, "cards.faith_belief": 8, "max_rounds": 6, "homeland_bonus": True}),
]


@pytest.mark.parametrize(("players", "options"), EXTREMES)
def test_random_games_under_extreme_variants_end_with_a_result(players: int, options: dict[str, Any]) -> None:
    for seed in range(2):
        st = play_random(players, options, 40 + seed, deep=seed == 0)
        res = GAME.result(st)
        assert res is not None
        if res.detail["reason"] == "territories":
            assert res.scores[st.winner] >= st.win
        assert len(GAME.view(st, None)["variant"]) >= 1


def test_a_two_territory_race_is_won_at_the_first_spread() -> None:
    for seed in range(5):
        st = play_random(4, {"territories_to_win": 2}, seed, deep=False)
        assert GAME.result(st).detail["reason"] == "territories"  # type: ignore[union-attr]
        assert st.round == 1


# --- hidden information, bots and the research adapters under a variant -----------------------------


def test_determinization_redeals_the_variants_cards_and_nothing_else() -> None:
    opts = {"cards.theology": 0, "cards.spread": 8, "cards.zealots_fanatics": 6}
    st = GAME.new(5, opts, 12)
    rng = random.Random(3)
    for _ in range(30):  # into the game: hands, deck and discard all hold cards
        (s,) = GAME.to_act(st)
        GAME.apply(st, s, rng.choice(GAME.legal(st, s)))
    spread_in_hands: Counter[int] = Counter()
    for _ in range(60):
        d = GAME.determinize(st, 0, rng)
        check_invariants(d)  # the variant's deck, every card once
        assert all_cards(d) == Counter(deck_of(st.options.deck_copies))
        assert d.hand[0] == st.hand[0] and GAME.view(d, 0) == GAME.view(st, 0)
        assert all(h[C["theology"]] == 0 for h in d.hand)
        spread_in_hands.update(h[C["spread"]] for h in d.hand[1:])
    assert max(spread_in_hands) >= 2  # more copies than printed are dealt to hands


def test_twins_differing_only_in_unseen_cards_resample_identically_under_a_variant() -> None:
    v: dict[str, Any] = {"cards.spread": 3, "cards.jihad": 0, "cards.zealots_fanatics": 5, "hand_limit": 2}
    a = position(
        hands={0: ["theology"], 1: ["spread", "spread"], 2: ["zealots_fanatics"]},
        deck=["heresy", "spread"],
        **v,
    )
    b = position(
        hands={0: ["theology"], 1: ["heresy", "zealots_fanatics"], 2: ["spread"]},
        deck=["spread", "spread"],
        **v,
    )
    assert GAME.view(a, 0) == GAME.view(b, 0)
    da = GAME.determinize(a, 0, random.Random(7))
    db = GAME.determinize(b, 0, random.Random(7))
    assert GAME.to_json(da) == GAME.to_json(db)
    assert all_cards(da)[C["spread"]] == 3 and all_cards(da)[C["jihad"]] == 0


def test_bounds_grow_with_the_variant_and_are_unchanged_for_the_printed_game() -> None:
    printed = FaithsOptions()
    assert max_length(4, printed) == 30 * 4 * (40 + 10 * (2 + 15 + 2 * 3)) + 11
    assert max_length(4, GAME.options({"zealots_copies": 2})) == 30 * 4 * (40 + 10 * (2 + 15 + 3 * 3)) + 11
    big = GAME.options({**EIGHT, "hand_limit": 100})
    assert max_length(4, big) == 30 * 4 * (40 + 103 * (2 + 15 + 9 * 3)) + 11
    assert max_length(4, GAME.options(NOTHING)) == 30 * 4 * (40 + 10 * (2 + 15 + 3)) + 11


def test_observations_stay_in_bounds_under_extreme_variants() -> None:
    np = pytest.importorskip("numpy")
    from ziggurat.rl.spec import bind

    size = bind(GAME, 5, {}).encoder.size
    for opts in (EIGHT, NOTHING, {"cards.zealots_fanatics": 8, "hand_limit": 100, "territories_to_win": 3}):
        b = bind(GAME, 5, opts)
        assert b.encoder.size == size  # a variant never changes the observation's shape
        st = GAME.new(5, opts, 4)
        rng = random.Random(4)
        for _ in range(300):
            if GAME.result(st) is not None:
                break
            (s,) = GAME.to_act(st)
            x = b.observe(GAME.view(st, s))
            assert x.shape == (size,) and np.all((x >= 0) & (x <= 1))
            legal = GAME.legal(st, s)
            assert b.space.ids(legal)
            GAME.apply(st, s, rng.choice(legal))


def test_the_bots_play_a_variant_to_its_end() -> None:
    """`normal` (the heuristic, with the variant's win and hand limit) all game; `hard` (search over
    determinized states of the variant's deck) now and then."""
    from ziggurat.bots import make_bot

    opts = {
        "territories_to_win": 9,
        "hand_limit": 2,
        "cards.faith_belief": 8,
        "cards.zealots_fanatics": 6,
        "max_rounds": 3,
    }
    st = GAME.new(4, opts, 6)
    normal = [make_bot("normal", seed=s) for s in range(4)]
    hard = make_bot("hard", seed=1, iterations=30)
    steps = 0
    while GAME.result(st) is None and steps < 3000:
        (s,) = GAME.to_act(st)
        bot = hard if steps % 10 == 0 else normal[s]
        action = bot.choose(GAME, st, s)
        assert action in GAME.legal(st, s)
        GAME.apply(st, s, action)
        steps += 1
    assert GAME.result(st) is not None
