"""A refused action, as the tests of every game check it: its code and words, and nothing changed."""

from __future__ import annotations

from typing import Any

import pytest

from ziggurat.engine import Game, IllegalAction


def refused(game: Game[Any, Any], st: Any, seat: int, action: str) -> tuple[str, str]:
    before = game.to_json(st)
    with pytest.raises(IllegalAction) as e:
        game.apply(st, seat, action)
    assert game.to_json(st) == before, "a refusal changes nothing"
    return e.value.code, e.value.message
