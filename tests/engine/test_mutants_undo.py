"""Taking back a move that showed something hidden is refused (the player has seen the card: undoing
it would let them play again knowing it), and a replay after an undo keeps recording."""

from __future__ import annotations

import random

import pytest

from ziggurat.engine import IllegalAction, InputError, get
from ziggurat.engine.match import Match
from ziggurat.engine.undo import UNDO, check_undo, effective, reveals


@pytest.mark.parametrize("game_id", ["zealous", "zombology"])
def test_a_move_that_turned_up_something_hidden_cannot_be_taken_back(game_id: str) -> None:
    game, rng = get(game_id), random.Random(3)
    st = game.new(game.info.min_players, seed=3)
    refused = allowed = 0
    while game.result(st) is None and not (refused and allowed):
        seat = next(iter(game.to_act(st)))
        action = rng.choice(game.legal(st, seat))
        if reveals(game, st, seat, action):
            with pytest.raises(IllegalAction) as e:
                check_undo(game, st, seat, (seat, action))
            assert e.value.code == "undo-revealed" and "it stands" in e.value.message
            refused += 1
        else:
            check_undo(game, st, seat, (seat, action))
            allowed += 1
        game.apply(st, seat, action)
    assert refused and allowed


def test_a_move_in_a_game_without_secrets_may_be_taken_back_by_its_own_player_only() -> None:
    game = get("zenith")
    before = game.new(2)
    move = game.legal(before, 0)[0]
    check_undo(game, before, 0, (0, move))
    for seat, last in ((1, (0, move)), (0, None)):
        with pytest.raises(IllegalAction) as e:
            check_undo(game, before, seat, last)
        assert e.value.code == "nothing-to-undo" and "Only your own last move" in e.value.message


def test_an_undo_of_someone_elses_move_names_the_entry_counted_from_one() -> None:
    with pytest.raises(InputError) as e:
        effective([(0, "a"), (1, UNDO)])
    assert e.value.code == "bad-undo" and e.value.message.startswith("action 2: seat 1 takes back")


def test_a_recorded_replay_goes_on_recording_after_an_undo() -> None:
    game = get("zenith")
    first = game.legal(game.new(2), 0)
    match = Match("zenith", 2, actions=[(0, first[0]), (0, UNDO), (0, first[1])])
    states = list(match.states(record=True))
    after_undo, after_next = states[2][2], states[3][2]
    assert after_undo.events == [] or after_undo.events is after_next.events
    assert game.drain_events(after_next) and after_next.events == []
    assert list(Match("zenith", 2, actions=match.actions).states())[2][2].events is None
