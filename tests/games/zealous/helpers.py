"""Building Zealous positions for rule tests: a state from a compact description."""

from __future__ import annotations

from typing import Any

from ziggurat.games.zealous import GAME
from ziggurat.games.zealous.setup import state_from_json
from ziggurat.games.zealous.state import ZealousState


def position(
    players: int = 3,
    *,
    prophets: list[str | None] | None = None,
    followers: dict[str, dict[int, int]] | None = None,
    hands: dict[int, list[str]] | None = None,
    turn: int = 0,
    phase: str = "move",
    sanctuaries: dict[int, list[str]] | None = None,
    famine: list[str] | None = None,
    scores: list[int] | None = None,
    round: int = 1,
    length: str = "beginner",
    decks: dict[str, list[str]] | None = None,
    **extra: Any,
) -> ZealousState:
    """A position: seat `turn` to act in `phase`. Decks default to full shuffled decks minus hands."""
    base = GAME.to_json(GAME.new(players, {"length": length}, seed=11))
    prophets = prophets or ["bm1", "be2", "bm3", "be1", "bm2", "be3"][:players]
    data: dict[str, Any] = {
        **base,
        "round": round,
        "turn": turn,
        "phase": phase,
        "prophets": prophets,
        "followers": {
            t: [dict(row).get(s, 0) for s in range(players)] for t, row in (followers or {}).items()
        },
        "hands": [list((hands or {}).get(s, [])) for s in range(players)],
        "sanctuaries": [list((sanctuaries or {}).get(s, [])) for s in range(players)],
        "famine": famine or [],
        "scores": scores or [0] * players,
        **extra,
    }
    if decks is not None:
        data["decks"] = {**base["decks"], **decks}
    st = state_from_json(data)
    st.events = []
    return st
