"""What the research adapters need beyond the contract (Info.action_space, Info.max_length)."""

from __future__ import annotations

from ziggurat.games.zombology import actions
from ziggurat.games.zombology.setup import ZombologyOptions


def action_space(players: int, options: ZombologyOptions) -> list[str]:
    return actions.action_space(players)


def max_length(players: int, options: ZombologyOptions) -> int:
    # Per round: at most one Insight question per Guru, n choices, and per played card at most a
    # target (or a Guru) and a counter.
    return 8 * (6 + 3 * players)
