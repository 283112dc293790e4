"""Random play through the engine, shared by the adapter tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ziggurat.engine import Game, all_games

# (game, players, options): every title, small and large tables, non-default options.
CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("zealous", 3, {}),
    ("zealous", 6, {"length": "advanced"}),
    ("zenith", 2, {}),
    ("zenith", 4, {"board": "krakatoa"}),
    ("zombology", 3, {}),
    ("zombology", 8, {}),
    ("faiths", 4, {}),
    ("faiths", 7, {"homeland_bonus": True, "zealots_copies": 2, "religions": "choose", "max_rounds": 8}),
]
# ... and any other registered game that declares what the adapters need, as it comes.
CONFIGS += [
    (g.info.id, n, {})
    for g in all_games()
    if g.info.observer and g.info.id not in {gid for gid, _, _ in CONFIGS}
    for n in sorted({g.info.min_players, g.info.max_players})
]


def states(game: Game[Any, Any], players: int, options: dict[str, Any], seed: int) -> Iterator[Any]:
    """Every state of one random game, the final one included (each yielded before it changes)."""
    st = game.new(players, options, seed=seed)
    rng = random.Random(seed)
    while True:
        yield st
        to_act = game.to_act(st)
        if not to_act:
            return
        seat = rng.choice(to_act)
        game.apply(st, seat, rng.choice(game.legal(st, seat)))
