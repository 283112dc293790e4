"""Arena statistics: win shares with Wilson intervals, per bot, per seat, per card, per ending.

A shared victory counts 1/k for each of its k winners, so the shares of one game add up to 1 (or to 0
when nobody wins, as in Zombology). Wilson's interval is computed on the share as if it were a count
of wins; with several seats of the same bot in one game those are not independent samples, so read
the interval as a guide, not a test.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

from ziggurat.engine import Json

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion of `wins` in `n` trials (95% by default)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return (max(0.0, centre - half), min(1.0, centre + half))


def _share(wins: float, n: int) -> Json:
    lo, hi = wilson(wins, n)
    return {
        "n": n,
        "wins": round(wins, 6),
        "share": round(wins / n, 6) if n else 0.0,
        "ci": [round(lo, 6), round(hi, 6)],
    }


def _mean(xs: Sequence[float]) -> float:
    return round(statistics.fmean(xs), 6) if xs else 0.0


def summarize(records: Sequence[Json], players: int) -> Json:
    """Everything the arena reports, from the game records (in game order)."""
    bots: dict[str, dict[str, Any]] = {}
    seat_wins = [0.0] * players
    for r in records:
        for s, label in enumerate(r["seats"]):
            b = bots.setdefault(label, {"n": 0, "wins": 0.0, "scores": []})
            b["n"] += 1
            b["wins"] += r["shares"][s]
            b["scores"].append(r["scores"][s])
            seat_wins[s] += r["shares"][s]
    games = len(records)
    out: Json = {
        "games": games,
        "shared_wins": "a shared victory counts 1/k for each of its k winners",
        "no_winner": sum(1 for r in records if not r["winners"]),
        "bots": {
            label: {**_share(b["wins"], b["n"]), "mean_score": _mean(b["scores"])}
            for label, b in bots.items()
        },
        "seats": [_share(seat_wins[s], games) for s in range(players)],
        "length": _length(records),
    }
    endings = _endings(records)
    if endings:
        out["endings"] = endings
    cards = _cards(records)
    if cards is not None:
        out["cards"] = cards
    return out


def _length(records: Sequence[Json]) -> Json:
    actions = [r["actions"] for r in records]
    rounds = [r["rounds"] for r in records if isinstance(r.get("rounds"), int)]
    out: Json = {
        "actions_mean": _mean(actions),
        "actions_median": statistics.median(actions) if actions else 0,
    }
    if rounds:
        out["rounds_mean"] = _mean(rounds)
    return out


def _endings(records: Sequence[Json]) -> Json:
    """How the games ended, in the words of each game's `Result.detail`, alike for every game: a text
    value counts as `key=value` ("reason=max_rounds"), a list of texts as each of its items
    ("cured=crystals"), or `key=none` when empty. Numbers and tables are the game's, left out."""
    counts: dict[str, int] = {}
    for r in records:
        tags: set[str] = set()
        for key, value in (r.get("detail") or {}).items():
            if isinstance(value, str):
                tags.add(f"{key}={value}")
            elif isinstance(value, list) and all(isinstance(x, str) for x in value):
                tags.update(f"{key}={x}" for x in value or ["none"])
        for t in tags:
            counts[t] = counts.get(t, 0) + 1
    return {t: _share(k, len(records)) for t, k in sorted(counts.items())}


def _cards(records: Sequence[Json]) -> Json | None:
    """Per card: how often it was played, in how many player-games, and those players' win share."""
    table: dict[str, dict[str, Any]] = {}
    for r in records:
        for s, played in enumerate(r.get("cards") or ()):
            for card, k in played.items():
                c = table.setdefault(card, {"plays": 0, "players": 0, "wins": 0.0})
                c["plays"] += k
                c["players"] += 1
                c["wins"] += r["shares"][s]
    return {
        card: {
            "plays": c["plays"],
            "per_game": round(c["plays"] / len(records), 6),
            **_share(c["wins"], c["players"]),
        }
        for card, c in sorted(table.items())
    } or None
