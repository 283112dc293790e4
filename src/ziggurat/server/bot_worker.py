"""What a bot worker runs: rebuild the state from JSON and ask the bot (importable by spawned processes)."""

from __future__ import annotations

from typing import Any

from ziggurat.bots import make_bot
from ziggurat.engine import registry


def warm() -> None:
    """Import the games once per worker process, not on its first move."""
    registry.all_games()


def choose(game_id: str, state_json: dict[str, Any], seat: int, level: str, seed: int, seconds: float) -> str:
    game = registry.get(game_id)
    state = game.from_json(state_json)
    bot = make_bot(level, seed, seconds=seconds) if level == "hard" else make_bot(level, seed)
    return bot.choose(game, state, seat)
