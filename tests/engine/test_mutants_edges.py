"""The contract's edges, alike for every game: a seat one past the last is no seat; the legal actions
are worked out once per decision (a count, not a time); a replayed action leaves nothing stale; the
words of a refused set-up or state; a game pickles as itself. Mutation testing found each of these
unchecked in engine/game.py."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import pytest

from ziggurat.engine import Game, IllegalAction, InputError, all_games, get

GAMES = all_games()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_seat_n_is_no_seat(game: Game[Any, Any]) -> None:
    n = game.info.min_players
    st = game.new(n, seed=3)
    action = game.legal(st, game.to_act(st)[0])[0]
    assert game.legal(st, n) == [] and game.decline(st, n) is None and game.decline(st, "0") is None  # type: ignore[arg-type]
    view = game.view(st, n)
    assert "seat" not in view and "legal" not in view, "seat n sees what a spectator sees"
    assert view == game.view(st, None)
    with pytest.raises(IllegalAction) as e:
        game.apply(st, n, action)
    assert (e.value.code, e.value.message) == ("bad-seat", f"There is no seat {n}.")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_the_legal_actions_are_worked_out_once_per_decision(
    game: Game[Any, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    worked_out: list[int] = []
    hook = game._legal

    def counted(state: Any, seat: int) -> list[str]:
        worked_out.append(seat)
        return hook(state, seat)

    monkeypatch.setattr(game, "_legal", counted)
    st = game.new(game.info.min_players, seed=3)
    seat = game.to_act(st)[0]
    first = game.legal(st, seat)
    assert game.legal(st, seat) == first and worked_out == [seat], "asked twice, worked out once"
    game.apply(st, seat, first[0])
    assert worked_out == [seat], "apply checks against the list legal() worked out"
    nxt = game.to_act(st)
    if nxt and game.result(st) is None:
        game.apply(st, nxt[0], game.legal(st, nxt[0])[0])  # after a move: a new list
        assert worked_out == [seat, nxt[0]]
        other = game.new(game.info.min_players, seed=4)
        game.apply(other, game.to_act(other)[0], game.legal(other, game.to_act(other)[0])[0])
        assert len(worked_out) == 3, "apply without legal() first works the list out itself, once"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_an_action_replayed_from_a_log_leaves_no_stale_legal_list(game: Game[Any, Any]) -> None:
    st, ref = game.new(game.info.min_players, seed=5), game.new(game.info.min_players, seed=5)
    seat = game.to_act(st)[0]
    action = game.legal(st, seat)[0]  # (fills the cache)
    game.apply_logged(st, seat, action)
    game.apply(ref, seat, action)
    for s in range(st.n):
        assert game.legal(st, s) == game.legal(ref, s)


def test_the_set_up_and_state_refusals_name_what_is_wrong() -> None:
    game = get("zealous")
    with pytest.raises(InputError) as e:
        game.new(3, setup=["hands"])  # type: ignore[arg-type]
    assert (e.value.code, e.value.message) == ("bad-setup", "setup must be an object.")
    with pytest.raises(InputError) as e:
        game.new(3, setup={"nonsense": 1})
    assert e.value.message == f"Unknown setup key 'nonsense'; known: {', '.join(game.setup_keys)}."
    bare: Game[Any, Any] = type(game)()  # type: ignore[call-arg]  # (a game class makes itself)
    bare.setup_keys = ()
    with pytest.raises(InputError) as e:
        bare.new(3, setup={"hands": {}})
    assert e.value.message == "Unknown setup key 'hands'; known: nothing."
    data = game.to_json(game.new(3, seed=1))
    assert data["game"] == "zealous"
    with pytest.raises(InputError) as e:
        get("faiths").from_json(data)
    assert (e.value.code, e.value.message) == ("bad-state", "This is a 'zealous' state, not a Faiths one.")
    assert game.to_json(game.new(3)) == game.to_json(game.new(3, seed=0)), "the default seed is 0"


def test_a_non_string_action_is_refused_with_an_example_only_when_the_game_gives_one() -> None:
    game = get("zealous")
    st = game.new(3, seed=1)
    seat = game.to_act(st)[0]
    with pytest.raises(IllegalAction) as e:
        game.apply(st, seat, 7)  # type: ignore[arg-type]
    assert e.value.message == f'An action must be a string such as "{game.info.action_example}".'
    plain: Game[Any, Any] = type(game)()  # type: ignore[call-arg]  # (a game class makes itself)
    plain.info = dataclasses.replace(game.info, action_example="")  # type: ignore[misc]
    with pytest.raises(IllegalAction) as e:
        plain.apply(st, seat, 7)  # type: ignore[arg-type]
    assert e.value.message == "An action must be a string."


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_a_game_pickles_as_the_registered_game(game: Game[Any, Any]) -> None:
    assert pickle.loads(pickle.dumps(game)) is game  # (how it reaches a process pool's workers)


def test_each_to_act_gives_every_seat_asked_at_once() -> None:
    game = get("zombology")  # every seat chooses a card at once
    st = game.new(4, seed=2)
    assert list(game.each_to_act(st)) == list(game.to_act(st)) == [0, 1, 2, 3]
    seen = []
    for s in game.each_to_act(st):
        seen.append(s)
        game.apply(st, s, game.legal(st, s)[0])
    assert seen == [0, 1, 2, 3]
