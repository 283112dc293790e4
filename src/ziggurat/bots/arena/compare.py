"""Comparing variants: the same bots, seeds and games under two or more rule sets, side by side.

Every variant's games come from the same run seed, so game i has the same seed and seat rotation in
each; the rules then make the games diverge, so they are compared as independent samples:
- a difference of proportions (a seat's win share) with Newcombe's hybrid score interval (his method
  10: the two Wilson intervals combined), which keeps to [-1, 1] and behaves near 0 and 1;
- a difference of means (game length, score spread) with Welch's normal interval.
The first variant is the baseline that the others are measured against.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from ziggurat.bots.arena.stats import Z95, summarize, wilson
from ziggurat.engine import Json
from ziggurat.engine.options import assignment

FAIR_BAND = 0.05  # "every seat within 5 points of the fair share"


@dataclass(frozen=True)
class Variant:
    """A named rule set: options over the printed game (empty: the printed game itself)."""

    name: str
    options: Json

    @classmethod
    def parse(cls, text: str) -> Variant:
        """`NAME` or `NAME:OPT=V,OPT=V` (values as on --option: JSON, else text)."""
        name, _, rest = text.partition(":")
        name = name.strip()
        if not name or not all(c.isalnum() or c in "-_." for c in name):
            raise ValueError(f"a variant is NAME or NAME:OPTION=VALUE,..., with a plain name, not {text!r}")
        options = dict(assignment(part.strip()) for part in rest.split(",") if part.strip())
        return cls(name, options)


def proportion_diff(a: float, n_a: int, b: float, n_b: int) -> Json:
    """b's share minus a's (wins out of n each), with Newcombe's 95% hybrid score interval."""
    pa, pb = a / n_a, b / n_b
    la, ua = wilson(a, n_a)
    lb, ub = wilson(b, n_b)
    d = pb - pa
    lo = d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2)
    hi = d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)
    return {"diff": round(d, 6), "ci": [round(lo, 6), round(hi, 6)]}


def mean_ci(xs: Sequence[float]) -> Json:
    """The mean with its 95% normal interval (the games are many: tens to thousands)."""
    if not xs:
        return {"n": 0, "mean": 0.0, "sd": 0.0, "ci": [0.0, 0.0]}
    m = statistics.fmean(xs)
    sd = statistics.stdev(xs) if len(xs) > 1 else 0.0
    half = Z95 * sd / math.sqrt(len(xs))
    return {
        "n": len(xs),
        "mean": round(m, 6),
        "sd": round(sd, 6),
        "ci": [round(m - half, 6), round(m + half, 6)],
    }


def mean_diff(a: Json, b: Json) -> Json:
    """b's mean minus a's, with Welch's 95% normal interval."""
    d = b["mean"] - a["mean"]
    se = math.sqrt((a["sd"] ** 2 / a["n"] if a["n"] else 0.0) + (b["sd"] ** 2 / b["n"] if b["n"] else 0.0))
    return {"diff": round(d, 6), "ci": [round(d - Z95 * se, 6), round(d + Z95 * se, 6)]}


def measures(records: Sequence[Json], players: int) -> Json:
    """What a designer compares, from one variant's game records: the arena's summary, plus the
    distributions behind game length and score spread, and how far the seats are from fair."""
    summary = summarize(records, players)
    fair = 1 / players
    seats = summary["seats"]
    rounds = [float(r["rounds"]) for r in records if isinstance(r.get("rounds"), int)]
    spread, margin = [], []
    for r in records:
        scores = sorted(r["scores"], reverse=True)
        spread.append(float(scores[0] - scores[-1]))
        margin.append(float(scores[0] - scores[1]) if len(scores) > 1 else 0.0)
    return {
        "summary": summary,
        "seat_gap": round(max(abs(s["share"] - fair) for s in seats), 6),
        "seats_fair": all(abs(s["share"] - fair) <= FAIR_BAND for s in seats),
        "actions": mean_ci([float(r["actions"]) for r in records]),
        "rounds": mean_ci(rounds) if rounds else None,
        "spread": mean_ci(spread),
        "margin": mean_ci(margin),
    }


def differences(base: Json, other: Json) -> Json:
    """`other` against the baseline: every seat's share, length, spread, margin and card strength."""
    bs, os_ = base["summary"], other["summary"]
    out: Json = {
        "seats": [
            proportion_diff(a["wins"], a["n"], b["wins"], b["n"])
            for a, b in zip(bs["seats"], os_["seats"], strict=True)
        ],
        "seat_gap": round(other["seat_gap"] - base["seat_gap"], 6),
        "actions": mean_diff(base["actions"], other["actions"]),
        "spread": mean_diff(base["spread"], other["spread"]),
        "margin": mean_diff(base["margin"], other["margin"]),
    }
    if base["rounds"] and other["rounds"]:
        out["rounds"] = mean_diff(base["rounds"], other["rounds"])
    cards_a, cards_b = bs.get("cards") or {}, os_.get("cards") or {}
    out["cards"] = {
        card: proportion_diff(
            cards_a[card]["wins"], cards_a[card]["n"], cards_b[card]["wins"], cards_b[card]["n"]
        )
        for card in sorted(set(cards_a) & set(cards_b))
    }
    return out


def compare(config: Json, variants: Sequence[tuple[Variant, Json, Sequence[Json]]]) -> Json:
    """The whole comparison: `variants` are (variant, its options as recorded, its game records), the
    baseline first. JSON-ready (compare.json)."""
    players = config["players"]
    measured = [(v, opts, measures(recs, players)) for v, opts, recs in variants]
    base = measured[0][2]
    return {
        "config": config,
        "baseline": measured[0][0].name,
        "fair_share": round(1 / players, 6),
        "fair_band": FAIR_BAND,
        "variants": [
            {
                "name": v.name,
                "given": v.options,
                "options": opts,
                **m,
                "vs_baseline": None if i == 0 else differences(base, m),
            }
            for i, (v, opts, m) in enumerate(measured)
        ],
    }
