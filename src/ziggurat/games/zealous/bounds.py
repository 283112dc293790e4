"""What the research adapters need beyond the contract (Info.action_space, Info.max_length)."""

from __future__ import annotations

from ziggurat.games.zealous import actions
from ziggurat.games.zealous.setup import ZealousOptions


def action_space(players: int, options: ZealousOptions) -> list[str]:
    return actions.action_space(players)


def max_length(players: int, options: ZealousOptions) -> int:
    # Target games have no round limit: 60 rounds is far beyond any game seen (random play: ~5-10),
    # and a turn is a handful of decisions (a card chain, a move, a placement): 40 is generous.
    rounds = {"advanced": 10}.get(options.length, 60)
    return rounds * players * 40 + 16 * players
