"""A comparison of variants as text tables (rich), and the rows both the text and the HTML show."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from ziggurat.engine import Json

TOP_CARDS = 12  # card rows shown (the most played in the baseline); compare.json has them all


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _with_ci(value: float, ci: list[float], scale: float, spec: str) -> str:
    """A value and its interval, scaled and formatted alike: "+4.1 [-1.0, +9.2]"."""
    lo, hi = ci
    return f"{scale * value:{spec}} [{scale * lo:{spec}}, {scale * hi:{spec}}]"


def pts(d: Json) -> str:
    """A difference of shares, in percentage points."""
    return _with_ci(d["diff"], d["ci"], 100, "+.1f")


def num(d: Json) -> str:
    """A difference of means."""
    return _with_ci(d["diff"], d["ci"], 1, "+.2f")


def share(s: Json) -> str:
    """A share, in percent."""
    return _with_ci(s["share"], s["ci"], 100, ".1f")


def mean(m: Json) -> str:
    return _with_ci(m["mean"], m["ci"], 1, ".2f")


def changes(v: Json) -> str:
    """What a variant changes, in its own words (`name=value, ...`), or "printed rules"."""
    given = v["given"]
    return ", ".join(f"{k}={given[k]}" for k in given) or "printed rules"


def seat_rows(data: Json) -> list[tuple[str, list[str]]]:
    rows = []
    for s in range(data["config"]["players"]):
        cells = []
        for v in data["variants"]:
            cells.append(share(v["summary"]["seats"][s]))
            if v["vs_baseline"]:
                cells.append(pts(v["vs_baseline"]["seats"][s]))
        rows.append((f"seat {s}", cells))
    gaps = []
    for v in data["variants"]:
        fair = "yes" if v["seats_fair"] else "no"
        gaps.append(f"{100 * v['seat_gap']:.1f} (within 5: {fair})")
        if v["vs_baseline"]:
            gaps.append(f"{100 * v['vs_baseline']['seat_gap']:+.1f}")
    rows.append(("farthest from fair, points", gaps))
    return rows


def measure_rows(data: Json) -> list[tuple[str, list[str]]]:
    names = [("actions", "game length, actions"), ("rounds", "game length, rounds")]
    names += [("spread", "score spread (first - last)"), ("margin", "winning margin (first - second)")]
    rows = []
    for key, label in names:
        if any(v.get(key) is None for v in data["variants"]):
            continue
        cells = []
        for v in data["variants"]:
            cells.append(mean(v[key]))
            if v["vs_baseline"]:
                cells.append(num(v["vs_baseline"][key]))
        rows.append((label, cells))
    return rows


def card_rows(data: Json) -> list[tuple[str, list[str]]]:
    base = data["variants"][0]["summary"].get("cards") or {}
    top = sorted(base, key=lambda c: -base[c]["plays"])[:TOP_CARDS]
    rows = []
    for card in top:
        cells = []
        for v in data["variants"]:
            c = (v["summary"].get("cards") or {}).get(card)
            cells.append(f"{share(c)} ({c['per_game']:.2f}/game)" if c else "not played")
            if v["vs_baseline"]:
                d = v["vs_baseline"]["cards"].get(card)
                cells.append(pts(d) if d else "")
        rows.append((card, cells))
    return rows


def headers(data: Json) -> list[str]:
    out = []
    for v in data["variants"]:
        out.append(v["name"])
        if v["vs_baseline"]:
            out.append(f"Δ vs {data['baseline']}")
    return out


def render(data: Json, console: Console) -> None:
    c = data["config"]
    bots = ",".join(c["bots"])
    title = f"{c['game']}, {c['players']} players, bots {bots}, {c['games']} games each, seed {c['seed']}"
    console.print(f"[bold]Variants compared[/bold] — {title}")
    for v in data["variants"]:
        console.print(f"  {v['name']}: {changes(v)}")
    sections = [
        (f"Win share per seat, % [95% CI] (fair {pct(data['fair_share'])}; Δ in points)", seat_rows(data)),
        ("Length and scores (mean [95% CI]; Δ with Welch's interval)", measure_rows(data)),
        ("Cards: win share of the players who played them, % [95% CI] (plays per game)", card_rows(data)),
    ]
    for heading, rows in sections:
        if not rows:
            continue
        t = Table(title=heading)
        t.add_column("")
        for h in headers(data):
            t.add_column(h, justify="right")
        for label, cells in rows:
            t.add_row(label, *cells)
        console.print(t)
