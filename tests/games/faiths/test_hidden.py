"""Hidden information: what Mysticism shows, that being asked to react shows nothing, determinization."""

from __future__ import annotations

import random

from tests.games.faiths.helpers import check_invariants, let_stand, play, position
from ziggurat.engine import events_for
from ziggurat.games.faiths import GAME
from ziggurat.games.faiths.cards import CARD_INDEX as C
from ziggurat.games.faiths.cards import MAGNITUDES, ZEALOTS


def test_mysticism_knowledge_survives_determinization_for_its_player_only() -> None:
    st = position(
        hands={0: ["traditions", "mysticism"], 1: ["theology", "conversion", "schism"]},
        deck=["crusade", "jihad", "heresy", "spread", "pilgrimage"],
    )
    play(st, (0, "pair:traditions:mysticism"), (0, "opponent:1"))
    let_stand(st)
    seen = next(e for e in GAME.drain_events(st) if e["type"] == "mysticism")
    assert seen["secret"] == {
        "hand": ["theology", "conversion", "schism"],
        "deck_top": ["crusade", "jihad", "heresy", "spread"],
    }
    assert "secret" not in events_for([seen], 2)[0]
    rng = random.Random(1)
    bo_hands = set()
    for _ in range(20):
        d = GAME.determinize(st, 0, rng)
        check_invariants(d)
        assert d.hand[1] == st.hand[1]
        assert d.deck[-4:] == st.deck[-4:]
        bo_hands.add(tuple(GAME.determinize(st, 2, rng).hand[1]))
    assert len(bo_hands) > 1  # Cy saw nothing: Bo's hand is redealt for him


def test_being_asked_to_react_is_no_evidence_in_determinization() -> None:
    """Every seat is asked, holder or not: no determinization may assume the asked seat holds the pair."""
    st = position(
        chits={"south_india": {0: 5}},
        hands={
            0: ["scriptures", "spread"],
            2: ["zealots_fanatics", "theology", "heresy", "crusade", "jihad"],
        },
    )
    play(st, (0, "pair:scriptures:spread"), (1, "pass"))
    assert GAME.to_act(st) == (2,)
    rng = random.Random(3)
    for seat in (0, 1, 3):
        holds = set()
        for _ in range(40):
            d = GAME.determinize(st, seat, rng)
            h = d.hand[2]
            holds.add(bool(h[ZEALOTS]) and any(h[m] for m in MAGNITUDES))
            assert sum(h) == 5 and GAME.view(d, seat) == GAME.view(st, seat)
            assert GAME.legal(d, 2)[-1] == "pass"
        assert holds == {True, False}, seat


def test_draws_are_secret_to_everyone_else() -> None:
    st = position(hands={0: ["traditions", "great_teacher"]}, deck=["heresy", "schism"])
    play(st, (0, "pair:traditions:great_teacher"))
    let_stand(st)
    draw = [e for e in GAME.drain_events(st) if e["type"] == "draw"][-1]
    assert draw["secret"] == {"cards": ["heresy", "schism"]}
    assert events_for([draw], 0)[0]["secret"]["cards"] == ["heresy", "schism"]
    assert "secret" not in events_for([draw], 1)[0] and "secret" not in events_for([draw], None)[0]
    assert GAME.view(st, 1)["hand_counts"][0] == 2 and "hand" not in GAME.view(st, None)
    assert st.hand[0][C["heresy"]] == 1


def test_two_states_differing_only_in_unseen_cards_resample_identically() -> None:
    a = position(hands={0: ["theology"], 1: ["schism", "crusade"], 2: ["heresy"]}, deck=["jihad", "spread"])
    b = position(
        hands={0: ["theology"], 1: ["spread", "traditions"], 2: ["jihad"]}, deck=["heresy", "schism"]
    )
    assert GAME.view(a, 0) == GAME.view(b, 0)
    da = GAME.determinize(a, 0, random.Random(7))
    db = GAME.determinize(b, 0, random.Random(7))
    assert GAME.to_json(da) == GAME.to_json(db)
