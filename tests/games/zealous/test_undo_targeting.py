"""Issue 17: "Until the final choice, targeting (Stone's follower, Pilgrimage's tiles) can be cancelled."
Playing the card and each choice after it show nothing hidden, so each may be taken back (engine/undo.py),
one at a time (the server's undo takes back the last action standing, then the one before)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ziggurat.engine import get
from ziggurat.engine.undo import check_undo

GAME = get("zealous")


def _card_then_choices(card: str, seeds: range) -> list[tuple[Any, int, list[str]]]:
    """(state before the card, seat, [play:card, its choices...]) from random games, as far as the
    seat goes on choosing for that card without anyone else acting."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        st = GAME.new(4, None, seed)
        while GAME.result(st) is None and len(found) < 6:
            seat = GAME.to_act(st)[0]
            legal = GAME.legal(st, seat)
            if f"play:{card}" in legal:
                before, actions = GAME.clone(st), [f"play:{card}"]
                GAME.apply(st, seat, actions[0])
                while GAME.to_act(st) == (seat,) and any(
                    a.startswith(("tile:", "follower:")) for a in GAME.legal(st, seat)
                ):
                    choice = rng.choice(GAME.legal(st, seat))
                    actions.append(choice)
                    GAME.apply(st, seat, choice)
                    if choice == "done":
                        break
                if len(actions) > 1:
                    found.append((before, seat, actions))
                continue
            GAME.apply(st, seat, rng.choice(legal))
    return found


@pytest.mark.parametrize("card", ["stone", "pilgrimage"])
def test_the_card_and_every_choice_of_its_targets_can_be_taken_back(card: str) -> None:
    cases = _card_then_choices(card, range(40))
    assert cases, f"no {card} played in 40 random games"
    for before, seat, actions in cases:
        st = GAME.clone(before)
        for action in actions:  # the card, then each choice: each may be taken back once made
            made_from = GAME.clone(st)
            GAME.apply(st, seat, action)
            check_undo(GAME, made_from, seat, (seat, action))
