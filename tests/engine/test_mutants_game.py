"""A game object made now binds every hook of its modules: each registered game is made once at
import, so only a game made inside a test checks `Game.__init__` as it is now."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ziggurat.engine import Game, IllegalAction, all_games

NAMES = ["A", "B", "C", "D", "E", "F", "G", "H"]


@pytest.mark.parametrize("old", all_games(), ids=lambda g: g.info.id)
def test_a_game_made_now_plays_like_the_registered_one(old: Game[Any, Any]) -> None:
    game: Game[Any, Any] = type(old)()
    assert game.setup_keys == old.setup_keys and game.wording == old.wording
    n = game.info.min_players
    st, ref = game.new(n, seed=7, record=True), old.new(n, seed=7, record=True)
    for _ in range(12):
        if game.result(st) is not None:
            break
        assert game.to_act(st) == old.to_act(ref)
        seat = game.to_act(st)[0]
        legal = game.legal(st, seat)
        assert legal == old.legal(ref, seat)
        with pytest.raises(IllegalAction):
            game.apply(st, seat, "no such action")
        assert game.describe_action(st, seat, legal[0]) == old.describe_action(ref, seat, legal[0])
        game.apply(st, seat, legal[0])
        old.apply(ref, seat, legal[0])
        assert game.view(st, seat) == old.view(ref, seat)
        assert game.text(st, seat, NAMES[:n]) == old.text(ref, seat, NAMES[:n])
    data = json.loads(json.dumps(game.to_json(st)))
    assert data == old.to_json(ref)
    assert game.to_json(game.from_json(data)) == data
