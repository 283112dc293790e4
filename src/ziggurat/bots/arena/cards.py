"""Which cards a player played, read from the match's action log (each game's documented vocabulary).

Zealous: `play:<card>` from the hand, and `card:<card>` for a Miracle drawn by Vision or Salvation and
played at once. Faiths: `pair:<magnitude>:<event>` plays both cards, and `negate:<magnitude>` plays
Zealots & Fanatics with a Magnitude card. Games without cards have no extractor.
"""

from __future__ import annotations

from collections.abc import Callable

FAITHS_ZEALOTS = "zealots_fanatics"


def zealous(action: str) -> list[str]:
    verb, _, rest = action.partition(":")
    return [rest] if verb in ("play", "card") else []


def faiths(action: str) -> list[str]:
    parts = action.split(":")
    if parts[0] == "pair" and len(parts) == 3:
        return [parts[1], parts[2]]
    if parts[0] == "negate" and len(parts) == 2:
        return [FAITHS_ZEALOTS, parts[1]]
    return []


EXTRACTORS: dict[str, Callable[[str], list[str]]] = {"zealous": zealous, "faiths": faiths}


def plays(game: str, actions: list[tuple[int, str]], players: int) -> list[dict[str, int]] | None:
    """Per seat: card id -> times played; None for a game without cards."""
    read = EXTRACTORS.get(game)
    if read is None:
        return None
    out: list[dict[str, int]] = [{} for _ in range(players)]
    for seat, action in actions:
        for card in read(action):
            out[seat][card] = out[seat].get(card, 0) + 1
    return out
