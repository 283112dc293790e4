"""The Zenith action vocabulary (docs/games/zenith.md). Every action string is built once, here.

place:<level>.<q>.<r>   place one of your pieces on that space, e.g. "place:0.1.2" or "place:1.0.0"

There is no other action: elimination happens by itself at the start of a turn.
"""

from __future__ import annotations

from ziggurat.games.zenith.board import BOARDS

PLACE = "place:"

# Per board: the action for each space index, and action string -> space index (a dict lookup
# instead of parsing on the hot path).
A_PLACE: dict[str, tuple[str, ...]] = {bid: tuple(PLACE + x for x in b.ids) for bid, b in BOARDS.items()}
PARSE: dict[str, dict[str, int]] = {bid: {a: i for i, a in enumerate(acts)} for bid, acts in A_PLACE.items()}


def action_space(board: str) -> list[str]:
    """Every action that can ever be legal on this board (fixed order: for RL adapters)."""
    return list(A_PLACE[board])
