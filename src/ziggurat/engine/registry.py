"""The games, by id, found through the `ziggurat.games` entry-point group (as Gymnasium finds its
environments). The built-in games are declared in pyproject.toml; a game in any other installed
package plugs in the same way, and the engine never imports a game by name. A game's module is
imported only when the game is first asked for."""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points
from typing import Any

from ziggurat.engine.errors import InputError
from ziggurat.engine.game import Game

GROUP = "ziggurat.games"

_declared: dict[str, EntryPoint] | None = None
_loaded: dict[str, Game[Any, Any]] = {}


def _entry_points() -> dict[str, EntryPoint]:
    global _declared
    if _declared is None:
        found: dict[str, EntryPoint] = {}
        for ep in entry_points(group=GROUP):
            if ep.name in found and found[ep.name].value != ep.value:
                raise ValueError(f"game id {ep.name!r} is declared twice: {found[ep.name].value}, {ep.value}")
            found[ep.name] = ep
        _declared = found
    return _declared


def refresh() -> None:
    """Look for games again (a package installed while running: the tests' toy game)."""
    global _declared
    _declared = None
    _loaded.clear()


def ids() -> list[str]:
    """Every installed game's id, sorted."""
    return sorted(_entry_points())


def get(game_id: str) -> Game[Any, Any]:
    game = _loaded.get(game_id) if isinstance(game_id, str) else None
    if game is not None:
        return game
    ep = _entry_points().get(game_id) if isinstance(game_id, str) else None
    if ep is None:
        raise InputError("unknown-game", f"Unknown game {game_id!r}; known: {ids()}.")
    game = ep.load()
    if not isinstance(game, Game) or game.info.id != game_id:
        raise TypeError(f"entry point {ep.name} = {ep.value} is not the Game {game_id!r}")
    _loaded[game_id] = game
    return game


def all_games() -> list[Game[Any, Any]]:
    return [get(gid) for gid in ids()]
