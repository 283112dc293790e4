"""The registry of games, by id. Games register themselves when `ziggurat.games` is imported."""

from __future__ import annotations

from typing import Any

from ziggurat.engine.errors import InputError
from ziggurat.engine.game import Game

_GAMES: dict[str, Game[Any, Any]] = {}


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    gid = game.info.id
    if gid in _GAMES and type(_GAMES[gid]) is not type(game):
        raise ValueError(f"game id {gid!r} registered twice")
    _GAMES[gid] = game
    return game


def get(game_id: str) -> Game[Any, Any]:
    import ziggurat.games  # noqa: F401  (registers the built-in games)

    try:
        return _GAMES[game_id]
    except KeyError:
        raise InputError("unknown-game", f"Unknown game {game_id!r}; known: {sorted(_GAMES)}.") from None


def all_games() -> list[Game[Any, Any]]:
    import ziggurat.games  # noqa: F401

    return [_GAMES[k] for k in sorted(_GAMES)]
