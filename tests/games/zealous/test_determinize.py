"""determinize: a state consistent with what one seat has seen, depending on nothing else."""

from __future__ import annotations

import random

from ziggurat.games.zealous import GAME

from .helpers import position


def test_resampled_state_keeps_everything_the_seat_knows() -> None:
    st = position(4, hands={0: ["stone", "vision"], 1: ["flood", "exodus"], 2: ["revelation"]})
    d = GAME.determinize(st, 0, random.Random(1))
    assert GAME.view(d, 0) == GAME.view(st, 0)
    assert GAME.to_json(d)["hands"][0] == GAME.to_json(st)["hands"][0]


def test_two_states_differing_only_in_hidden_cards_resample_identically() -> None:
    a = position(4, hands={0: ["stone"], 1: ["flood", "exodus"], 2: ["revelation"]})
    b = position(4, hands={0: ["stone"], 1: ["banishment", "salvation"], 2: ["vision"]})
    assert GAME.view(a, 0) == GAME.view(b, 0)
    da = GAME.determinize(a, 0, random.Random(7))
    db = GAME.determinize(b, 0, random.Random(7))
    assert GAME.to_json(da) == GAME.to_json(db)


def test_another_players_drawn_vision_cards_are_hidden_and_resampled() -> None:
    st = position(
        3,
        prophets=["m1", "be2", "bm3"],
        followers={"e1": {0: 2}},
        hands={0: ["vision"]},
        decks={"miracle": ["multitude", "sanctuary"]},
    )
    GAME.apply(st, 0, "play:vision")
    pending = GAME.view(st, 0)["pending"][0]
    assert sorted(pending["drawn"]) == ["multitude", "sanctuary"]
    assert "drawn" not in GAME.view(st, 1)["pending"][0]
    seen = {
        tuple(sorted(GAME.to_json(GAME.determinize(st, 1, random.Random(i)))["stack"][0]["drawn"]))
        for i in range(30)
    }
    assert len(seen) > 1
