"""Taking back a slip (engine/undo.py), for every registered game: an undo entry in a log replays
exactly, and only an action that showed nothing hidden may be taken back."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ziggurat.engine import Game, IllegalAction, InputError, Match, all_games
from ziggurat.engine.undo import UNDO, check_undo, effective, reveals

GAMES = [pytest.param(g, id=g.info.id) for g in all_games()]
SHOWING = {"draw", "reveal"}  # event types that turn something hidden up, for someone


def test_an_undo_cancels_the_last_action_standing_and_only_its_own() -> None:
    log = [(0, "a"), (1, "b"), (1, UNDO), (0, UNDO), (0, "c")]
    assert effective(log) == [(0, "c")]
    with pytest.raises(InputError) as e:
        effective([(0, "a"), (1, UNDO)])
    assert e.value.code == "bad-undo"
    with pytest.raises(InputError):
        effective([(0, UNDO)])


def _playout(game: Game[Any, Any], seed: int, steps: int) -> list[tuple[Any, int, str, list[Any]]]:
    """(state before, seat, action, events it made) for the first `steps` decisions of a random game."""
    players = game.info.min_players + seed % (game.info.max_players - game.info.min_players + 1)
    rng = random.Random(seed)
    st = game.new(players, None, seed, record=True)
    game.drain_events(st)
    out = []
    while game.result(st) is None and len(out) < steps:
        for seat in game.each_to_act(st):
            action = rng.choice(game.legal(st, seat))
            assert action != UNDO, "a game's action may never be the log's undo"
            before = game.clone(st)
            game.apply(st, seat, action)
            out.append((before, seat, action, game.drain_events(st)))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_what_turns_up_something_hidden_stands_and_the_rest_may_be_taken_back(game: Game[Any, Any]) -> None:
    showing = plain = 0
    for seed in range(3):
        for before, seat, action, events in _playout(game, seed, 90)[::3]:
            shown = any(e.get("type") in SHOWING for e in events)
            if not game.info.hidden_information:
                assert not reveals(game, before, seat, action)
                plain += 1
                continue
            if shown:  # a card drawn, a card turned up, secret choices revealed: no going back
                assert reveals(game, before, seat, action), (seat, action, events)
                showing += 1
            elif not reveals(game, before, seat, action):
                plain += 1
    assert plain > 0, "nothing could ever be taken back"
    if game.info.hidden_information and game.info.id != "highcard":
        assert showing > 0


@pytest.mark.parametrize("game", GAMES)
def test_a_log_with_undos_replays_exactly(game: Game[Any, Any]) -> None:
    """Random games where each action that may be taken back sometimes is (and then played again
    differently): the log with its undo entries replays to the very state of the log without them."""
    rng = random.Random(7)
    players = game.info.min_players
    st = game.new(players, None, 11)
    log: list[tuple[int, str]] = []
    undone = 0
    while game.result(st) is None and len(log) < 150:
        for seat in game.each_to_act(st):
            before = game.clone(st)
            action = rng.choice(game.legal(st, seat))
            game.apply(st, seat, action)
            log.append((seat, action))
            if rng.random() < 0.3:
                try:
                    check_undo(game, before, seat, (seat, action))
                except IllegalAction as e:
                    assert e.code == "undo-revealed"
                    continue
                log.append((seat, UNDO))
                st = before
                undone += 1
                break  # (the seats asked are asked again)
    assert undone > 0
    match = Match(game.info.id, players, seed=11, actions=log)
    assert game.to_json(match.replay()) == game.to_json(st)
    clean = Match(game.info.id, players, seed=11, actions=effective(log))
    assert game.to_json(clean.replay()) == game.to_json(st)


def test_only_ones_own_last_action_can_be_taken_back() -> None:
    game = next(g for g in all_games() if not g.info.hidden_information)
    st = game.new(game.info.min_players, None, 1)
    seat = game.to_act(st)[0]
    action = game.legal(st, seat)[0]
    for last in (None, (seat + 1, action)):
        with pytest.raises(IllegalAction) as e:
            check_undo(game, st, seat, last)
        assert e.value.code == "nothing-to-undo"
    check_undo(game, st, seat, (seat, action))  # (nothing hidden in this game: it may)
