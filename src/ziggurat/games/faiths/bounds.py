"""What the research adapters need beyond the contract (Info.action_space, Info.max_length)."""

from __future__ import annotations

from ziggurat.games.faiths import actions
from ziggurat.games.faiths.cards import ZEALOTS
from ziggurat.games.faiths.setup import FaithsOptions


def action_space(players: int, options: FaithsOptions) -> list[str]:
    return actions.action_space(players)


def max_length(players: int, options: FaithsOptions) -> int:
    # A pair: its announcement, an opponent or bonus, at most 2X + 3 effect decisions (Holy War with
    # X = 6: removals, `done`, `into`, gathers, `done`), and its reaction windows (one, plus one per
    # negation: at most one per copy of Zealots & Fanatics), each asking every other seat once.
    deck = options.deck_copies
    pair = 2 + 15 + (deck[ZEALOTS] + 1) * (players - 1)
    # A turn: at most 5 Growth placements, pairs, discards. Generous, not a proof (Great Teacher can
    # refill a hand): 10 pairs, or as many as a hand at the limit, after Fate, holds cards (a variant's
    # limit and deck).
    pairs = max(10, min(options.hand_limit + 3, sum(deck)))
    return int(options.max_rounds) * players * (40 + pairs * pair) + 11
