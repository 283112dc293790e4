"""Rulings that need more than a scenario file: the deck, Growth, reactions, bars, the end."""

from __future__ import annotations

import random

import pytest

from tests.games.faiths.helpers import check_invariants, let_stand, play, position
from ziggurat.engine import IllegalAction, InputError
from ziggurat.games.faiths import GAME
from ziggurat.games.faiths.announce import open_window
from ziggurat.games.faiths.board import INDEX as T
from ziggurat.games.faiths.cards import CARD_INDEX as C
from ziggurat.games.faiths.cards import CARDS, ZEALOTS
from ziggurat.games.faiths.state import EVENTS, GROWTH, OVER, REACT
from ziggurat.games.faiths.turn import begin_turn


def hand(st: object, seat: int) -> list[str]:
    return GAME.view(st, seat)["hand"]  # type: ignore[arg-type]


# --- the deal, the deck -------------------------------------------------------------------------


def test_opening_hands_are_dealt_round_robin_from_the_top() -> None:
    top = [c.id for c in CARDS[5:17]]  # 12 distinct events, dealt to 4 seats
    st = GAME.new(4, {}, 1, {"religions": ["buddhism", "hinduism", "islam", "shinto"], "deck": top})
    for s in (1, 2, 3):
        assert sorted(hand(st, s)) == sorted([top[s], top[s + 4], top[s + 8]])
    assert GAME.view(st, None)["hand_counts"][0] == 6  # seat 0 has already drawn its Fate cards


def test_the_deck_reshuffles_the_discard_and_a_draw_stops_short_when_both_are_empty() -> None:
    st = position(hands={1: ["schism"]})
    everything = [c for c in st.deck + st.discard]
    st.deck, st.discard = [C["heresy"]], [c for c in everything if c != C["heresy"]]
    begin_turn(st, 0)  # Fate: 1 from the deck, then the shuffled discard
    assert sum(st.hand[0]) == 3 and any(e["type"] == "reshuffle" for e in st.events or [])
    check_invariants(st)

    st = position(hands={0: [c.id for c in CARDS[:5]] * 4 + [c.id for c in CARDS[5:]]})
    st.events = []
    begin_turn(st, 1)  # every card is in Ada's hand: Bo draws nothing and gains nothing
    draws = [e for e in st.events if e["type"] == "draw"]
    assert draws[0]["count"] == 0 and draws[0]["short"]
    assert next(e for e in st.events if e["type"] == "flip")["magnitude"] is None
    assert st.phase == EVENTS and st.actor == 1


def test_growth_flips_to_the_first_magnitude_card_and_reshuffles_the_cards_just_turned_up() -> None:
    st = position(hands={1: ["schism"]})
    cards = st.deck + st.discard
    events = [c for c in cards if c >= 5]
    mags = [c for c in cards if c < 5]
    # Fate takes 3 events; then 2 more events are turned up and the deck is empty: the reshuffled
    # discard holds those 2 and every Magnitude card.
    st.deck = events[:5][::-1]
    st.discard = mags + events[5:]
    begin_turn(st, 0)
    flips = [e for e in st.events or [] if e["type"] == "flip"]
    assert len(flips) == 1
    turned = flips[0]["cards"]
    assert turned[:2] == [CARDS[c].id for c in events[3:5]]
    assert C[turned[-1]] < 5 and all(C[c] >= 5 for c in turned[:-1])
    assert st.phase == GROWTH and st.grow_left == CARDS[C[turned[-1]]].value
    check_invariants(st)


def test_growth_never_looks_at_hands() -> None:
    """Rulings, Deck and deal: the discard is reshuffled during Growth only if it shows a Magnitude
    card. With every Magnitude card in a hand, Growth turns the whole deck onto the discard and gains
    nothing; the next draw reshuffles as usual."""
    magnitudes = [c.id for c in CARDS[:5]]
    st = position(hands={s: magnitudes for s in range(4)}, deck=[c.id for c in CARDS[5:]], phase="fate")
    assert st.phase == EVENTS and st.deck == [] and sum(st.hand[0]) == 8
    flip = next(e for e in st.events or [] if e["type"] == "flip")
    assert flip["magnitude"] is None and flip["cards"] == [c.id for c in CARDS[8:]]
    assert st.discard == list(range(8, len(CARDS)))
    assert not any(e["type"] == "growth" for e in st.events or [])
    st.events = []
    play(st, (0, "end"), (0, "discard:conversion"))  # Bo's Fate: the 17 Events are reshuffled
    assert [e["count"] for e in st.events if e["type"] == "reshuffle"] == [17]
    assert st.deck == [] and sum(st.hand[1]) == 8  # and his Growth turns all 14 left up once more
    check_invariants(st)


def test_growth_places_in_atyao_or_at_fixed_when_growth_begins() -> None:
    st = position(
        chits={"ceylon": {0: 1}, "japan": {3: 2}},
        hands={1: ["schism"]},
        deck=["heresy", "crusade", "jihad", "scriptures"],
        phase="fate",
    )
    assert st.phase == GROWTH and st.grow_left == 3
    assert GAME.legal(st, 0) == ["place:malaya", "place:ceylon", "place:south_india"]
    play(st, (0, "place:malaya"))
    assert "place:indochina" not in GAME.legal(st, 0)  # Malaya's neighbours did not join the set
    play(st, (0, "place:malaya"), (0, "place:south_india"))
    assert st.phase == EVENTS and st.population[T["malaya"]] == 2


def test_hand_limit_only_in_the_players_own_end_phase() -> None:
    st = position(
        hands={0: ["faith_belief", "great_teacher"], 1: ["schism", "crusade", "jihad", "heresy", "spread"]},
        deck=[
            "migration",
            "diaspora",
            "pilgrimage",
            "colonization",
            "multiply",
            "theology",
            "theology",
            "theology",
        ],
    )
    play(st, (0, "pair:faith_belief:great_teacher"))
    assert let_stand(st) == [1, 2, 3]
    assert sum(st.hand[0]) == 5
    # Bo holds 5, draws 3 in his Fate phase: 8 cards, but only his own End phase trims them.
    play(st, (0, "end"))
    assert st.turn == 1 and sum(st.hand[1]) == 8
    assert sum(st.hand[0]) == 5


# --- Zealots & Fanatics -------------------------------------------------------------------------


def test_the_announcer_may_negate_a_negation_with_two_copies() -> None:
    st = position(
        chits={"south_india": {0: 5}},
        hands={
            0: ["scriptures", "spread", "zealots_fanatics", "traditions"],
            2: ["zealots_fanatics", "theology"],
        },
        zealots_copies=2,
    )
    play(st, (0, "pair:scriptures:spread"))
    assert GAME.to_act(st) == (1,) and GAME.legal(st, 1) == ["pass"]  # Bo holds nothing: asked all the same
    play(st, (1, "pass"), (2, "negate:theology"))
    assert GAME.to_act(st) == (3,) and GAME.legal(st, 3) == ["pass"]  # the window about Cy's negation
    play(st, (3, "pass"))
    assert GAME.to_act(st) == (0,) and GAME.legal(st, 0) == ["negate:traditions", "pass"]
    play(st, (0, "negate:traditions"))
    assert let_stand(st) == []  # both copies lie face up in the discard: nobody can react, nobody is asked
    assert st.phase != EVENTS and st.pending is not None and st.negations == 2  # Spread resolves
    assert GAME.legal(st, 0)[-1] == "done"


def test_three_negations_negate() -> None:
    st = position(
        chits={"south_india": {0: 5}},
        hands={
            0: ["scriptures", "spread"],
            1: ["zealots_fanatics", "prayers_rituals", "zealots_fanatics", "traditions"],
            3: ["zealots_fanatics", "faith_belief"],
        },
        zealots_copies=3,
    )
    play(st, (0, "pair:scriptures:spread"), (1, "negate:prayers_rituals"), (2, "pass"))
    assert GAME.to_act(st) == (3,)
    play(st, (3, "negate:faith_belief"), (0, "pass"))
    assert GAME.to_act(st) == (1,)  # Bo holds his second copy
    play(st, (1, "negate:traditions"))
    assert let_stand(st) == []  # all three copies are in the discard: no window
    assert st.phase == EVENTS and st.negations == 3 and st.pending is None
    assert st.population[T["ceylon"]] == 0
    assert GAME.view(st, None)["discard"][-2:] == ["zealots_fanatics", "traditions"]
    check_invariants(st)


def test_no_window_opens_while_every_copy_lies_face_up_in_the_discard() -> None:
    """The discard is public: when it holds every copy of Zealots & Fanatics, everyone can see that nobody
    can react, so skipping the window tells nothing (and spares each seat a forced pass)."""
    st = position(
        chits={"south_india": {0: 5}},
        hands={
            0: ["scriptures", "spread", "traditions", "colonization"],
            2: ["zealots_fanatics", "theology"],
        },
    )
    play(st, (0, "pair:scriptures:spread"), (1, "pass"), (2, "negate:theology"))
    assert st.phase == EVENTS and GAME.to_act(st) == (0,)  # the one copy is spent: no window about it
    play(st, (0, "pair:traditions:colonization"))
    assert st.phase != REACT and GAME.to_act(st) == (0,)  # nor about the next pair
    st.discard.remove(ZEALOTS)  # once the copy is back in the deck (a reshuffle), everyone is asked again
    st.deck.append(ZEALOTS)
    open_window(st, 0)
    assert st.phase == REACT and GAME.to_act(st) == (1,) and GAME.legal(st, 1) == ["pass"]


def test_reactions_stay_allowed_under_reformation() -> None:
    st = position(
        hands={0: ["theology", "reformation", "scriptures", "spread"], 1: ["zealots_fanatics", "traditions"]}
    )
    play(st, (0, "pair:theology:reformation"), (0, "opponent:1"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert st.bars[1] == 2
    play(st, (0, "pair:scriptures:spread"))
    assert GAME.to_act(st) == (1,) and "negate:traditions" in GAME.legal(st, 1)


def test_reformation_bars_do_not_add_up() -> None:
    st = position(hands={0: ["traditions", "reformation"]})
    st.bars[1] = 3
    play(st, (0, "pair:traditions:reformation"), (0, "opponent:1"))
    let_stand(st)
    assert st.bars[1] == 3  # ceil(2/2) = 1 < 3: the longer stands


# --- the win and the cap --------------------------------------------------------------------------


def test_the_win_can_come_from_a_move_halfway_through_it() -> None:
    ring = [
        "south_india",
        "ceylon",
        "malaya",
        "indochina",
        "east_india",
        "north_india",
        "west_india",
        "tibet",
        "afghanistan",
        "iran",
        "central_asia",
        "mongolia",
        "siberia",
    ]
    chits = {t: {0: 1} for t in ring}
    chits["south_india"] = {0: 5}
    st = position(chits=chits, hands={0: ["theology", "diaspora"]})
    play(st, (0, "pair:theology:diaspora"))
    let_stand(st)
    play(st, (0, "from:south_india"))
    assert GAME.result(st) is None
    play(st, (0, "to:egypt"))
    res = GAME.result(st)
    assert res is not None and res.winners == (0,) and st.phase == OVER and st.pending is None
    assert [e["type"] for e in st.events or []][-2:] == ["move", "end"]
    with pytest.raises(IllegalAction) as e:
        GAME.apply(st, 0, "from:south_india")
    assert e.value.code == "game-over"


@pytest.mark.parametrize("players", [4, 11])
def test_random_games_end_at_the_round_cap(players: int) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        st = GAME.new(players, {"max_rounds": 2}, seed)
        while GAME.result(st) is None:
            (s,) = GAME.to_act(st)
            GAME.apply(st, s, rng.choice(GAME.legal(st, s)))
        res = GAME.result(st)
        assert res is not None and st.round <= 2
        if res.detail["reason"] == "max_rounds":
            assert st.round == 2 and st.turn == players - 1
            best = max(res.scores)
            assert all(res.scores[w] == best for w in res.winners)


# --- options, set-up, words ------------------------------------------------------------------------


def test_options_are_checked_and_text_from_the_command_line_is_understood() -> None:
    opts = GAME.options({"homeland_bonus": "true", "max_rounds": "12", "zealots_copies": "2"})
    assert opts.homeland_bonus is True and opts.max_rounds == 12 and opts.zealots_copies == 2
    for bad in (
        {"max_rounds": 0},
        {"zealots_copies": 9},
        {"religions": "auction"},
        {"speed": 1},
        {"homeland_bonus": 3},
    ):
        with pytest.raises(InputError) as e:
            GAME.options(bad)
        assert e.value.code == "bad-options"


@pytest.mark.parametrize(
    ("setup", "code"),
    [
        ({"hands": {"0": ["zealots_fanatics", "zealots_fanatics"]}}, "bad-setup"),
        ({"religions": ["shinto", "shinto", "islam", "judaism"]}, "bad-setup"),
        ({"chits": {"atlantis": {"0": 1}}}, "bad-setup"),
        ({"chits": {"japan": {"0": 11}}}, "bad-setup"),
        ({"deck": ["joker"]}, "bad-setup"),
        ({"phase": "growth"}, "bad-setup"),
        ({"magic": 1}, "bad-setup"),
    ],
)
def test_bad_setups_are_refused(setup: dict[str, object], code: str) -> None:
    with pytest.raises(InputError) as e:
        GAME.new(4, {}, 0, setup)
    assert e.value.code == code
    with pytest.raises(InputError) as e:
        GAME.new(3, {}, 0)
    assert e.value.code == "bad-players"


def test_setup_hands_replace_the_deal_even_when_empty() -> None:
    """docs/games/faiths.md: setup.hands are the hands, instead of the opening deal; unnamed seats hold
    nothing. With religions chosen at the table the deal comes later, so the hands need them set."""
    st = GAME.new(4, {}, 0, {"hands": {"1": []}, "phase": "events"})
    assert [sum(h) for h in st.hand] == [0, 0, 0, 0] and len(st.deck) == 39
    with pytest.raises(InputError) as e:
        GAME.new(4, {"religions": "choose"}, 0, {"hands": {"0": ["schism"]}})
    assert e.value.code == "bad-setup" and "setup.hands" in e.value.message


def test_words_for_every_event_action_and_the_board() -> None:
    names = [f"P{s}" for s in range(6)]
    for seed in range(3):
        rng = random.Random(seed)
        st = GAME.new(6, {"homeland_bonus": True, "zealots_copies": 2}, seed, record=True)
        while GAME.result(st) is None:
            (s,) = GAME.to_act(st)
            legal = GAME.legal(st, s)
            for a in legal:
                assert GAME.describe_action(st, s, a) != a
            GAME.apply(st, s, rng.choice(legal))
        for ev in GAME.drain_events(st):
            text = GAME.describe(ev, names)
            assert not text.startswith("{"), ev
    board = GAME.text(st, 0, names)
    assert "south_india" in board and "/10" in board and "Your hand" in board


def test_zealots_is_counted_once_per_copy() -> None:
    st = GAME.new(5, {"zealots_copies": 3}, 4)
    assert sum(1 for c in st.deck + st.discard if c == ZEALOTS) + sum(h[ZEALOTS] for h in st.hand) == 3
