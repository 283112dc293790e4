"""What the research adapters need beyond the contract (Info.action_space, Info.max_length)."""

from __future__ import annotations

from ziggurat.games.zombology import actions
from ziggurat.games.zombology.setup import ZombologyOptions, deck_of


def action_space(players: int, options: ZombologyOptions) -> list[str]:
    """The actions of the options' deck: a variant's extra copies have actions of their own."""
    return actions.action_space(players, deck_of(options))


def max_length(players: int, options: ZombologyOptions) -> int:
    # Per round: at most one Insight question per Guru, n choices, and per played card at most a
    # target (or a Guru) and a counter.
    return 8 * (6 + 3 * players)
