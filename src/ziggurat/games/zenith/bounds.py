"""What the research adapters need beyond the contract (Info.action_space, Info.max_length)."""

from __future__ import annotations

from ziggurat.games.zenith import actions
from ziggurat.games.zenith.board import BOARDS
from ziggurat.games.zenith.setup import ZenithOptions


def action_space(players: int, options: ZenithOptions) -> list[str]:
    return actions.action_space(options.board)


def max_length(players: int, options: ZenithOptions) -> int:
    return int(BOARDS[options.board].size)  # every decision places a piece on an empty space
