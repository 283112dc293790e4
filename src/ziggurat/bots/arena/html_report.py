"""A comparison of variants as one self-contained HTML file: the tables of the text report and the plots
(PNG, embedded as data: URLs), nothing fetched from anywhere, so a designer can mail it."""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from datetime import UTC, datetime

import matplotlib

matplotlib.use("Agg")  # before pyplot is imported

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from ziggurat.bots.arena.compare import Variant
from ziggurat.bots.arena.compare_report import card_rows, changes, headers, measure_rows, pct, seat_rows
from ziggurat.engine import Json

COLOURS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3", "#8c8c8c")
STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; color: #222; max-width: 72rem; margin: 2rem auto;
  padding: 0 1rem; }
h1 { font-size: 1.5rem; margin-bottom: 0.2rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
.muted { color: #666; } table { border-collapse: collapse; margin: 0.6rem 0; font-size: 0.9rem; }
th, td { border: 1px solid #ddd; padding: 0.25rem 0.6rem; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; } thead th { background: #f4f1ea; }
td.delta { color: #555; background: #fafafa; } .yes { color: #1a7f37; } .no { color: #b42318; }
.wide { overflow-x: auto; } img { max-width: 100%; height: auto; display: block; margin: 0.6rem 0; }
"""


def _png(fig: Figure, alt: str) -> str:
    buf = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buf, format="png", dpi=100)
    plt.close(fig)
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def _seat_plot(data: Json) -> str:
    players = data["config"]["players"]
    fair = data["fair_share"]
    variants = data["variants"]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    width = 0.8 / len(variants)
    for i, v in enumerate(variants):
        seats = v["summary"]["seats"]
        xs = [s + (i - (len(variants) - 1) / 2) * width for s in range(players)]
        ys = [x["share"] for x in seats]
        err = [
            [y - x["ci"][0] for y, x in zip(ys, seats, strict=True)],
            [x["ci"][1] - y for y, x in zip(ys, seats, strict=True)],
        ]
        ax.bar(xs, ys, width, yerr=err, capsize=3, label=v["name"], color=COLOURS[i % len(COLOURS)])
    ax.axhline(fair, color="#333", linestyle="--", linewidth=1, label=f"fair share {fair:.0%}")
    band = data["fair_band"]
    ax.axhspan(fair - band, fair + band, color="#999", alpha=0.15, label=f"±{band * 100:.0f} points")
    ax.set_xticks(range(players), [f"seat {s}" for s in range(players)])
    ax.set_ylabel("win share (95% Wilson CI)")
    ax.set_ylim(
        0, min(1.0, max(fair + band, *(x["ci"][1] for v in variants for x in v["summary"]["seats"])) + 0.05)
    )
    ax.set_title("Seat advantage by variant (seat 0 moves first)")
    ax.legend(fontsize=8)
    return _png(fig, "Win share per seat for each variant, with 95% intervals and the fair share")


def _box_plot(records: Sequence[Sequence[Json]], names: list[str], value: str, label: str) -> str:
    fig, ax = plt.subplots(figsize=(8, 3.8))
    series = []
    for recs in records:
        if value == "spread":
            series.append([max(r["scores"]) - min(r["scores"]) for r in recs])
        elif value == "rounds":
            series.append([r["rounds"] for r in recs if isinstance(r.get("rounds"), int)])
        else:
            series.append([r["actions"] for r in recs])
    box = ax.boxplot(series, tick_labels=names, patch_artist=True, showmeans=True)
    for i, patch in enumerate(box["boxes"]):
        patch.set_facecolor(COLOURS[i % len(COLOURS)])
        patch.set_alpha(0.55)
    ax.set_ylabel(label)
    ax.set_title(f"{label} by variant (box: quartiles; triangle: mean)")
    return _png(fig, f"{label} for each variant")


def _card_plot(data: Json) -> str | None:
    rows = [r[0] for r in card_rows(data)]
    if not rows:
        return None
    variants = data["variants"]
    fig, ax = plt.subplots(figsize=(8, 0.45 * len(rows) + 1.5))
    height = 0.8 / len(variants)
    for i, v in enumerate(variants):
        cards = v["summary"].get("cards") or {}
        ys = [k + (i - (len(variants) - 1) / 2) * height for k in range(len(rows))]
        xs = [cards[c]["share"] if c in cards else 0.0 for c in rows]
        ax.barh(ys, xs, height, label=v["name"], color=COLOURS[i % len(COLOURS)])
    ax.axvline(data["fair_share"], color="#333", linestyle="--", linewidth=1)
    ax.set_yticks(range(len(rows)), rows)
    ax.invert_yaxis()
    ax.set_xlabel("win share of the players who played the card")
    ax.set_title("Card strength by variant (the baseline's most played cards)")
    ax.legend(fontsize=8)
    return _png(fig, "Win share of the players who played each card, for each variant")


def _table(data: Json, rows: list[tuple[str, list[str]]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in ["", *headers(data)])
    deltas = [h.startswith("Δ") for h in headers(data)]
    body = []
    for label, cells in rows:
        tds = []
        for cell, delta in zip(cells, deltas, strict=True):
            cls = ' class="delta"' if delta else ""
            text = html.escape(cell).replace("within 5: yes", '<span class="yes">within 5: yes</span>')
            tds.append(f"<td{cls}>{text.replace('within 5: no', '<span class=no>within 5: no</span>')}</td>")
        body.append(f"<tr><th>{html.escape(label)}</th>{''.join(tds)}</tr>")
    table = f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    return f'<div class="wide">{table}</div>'  # (scrolls sideways on a narrow screen)


def page(data: Json, played: Sequence[tuple[Variant, Json, Sequence[Json]]]) -> str:
    """The report: one HTML document, its images inline."""
    c = data["config"]
    names = [v["name"] for v in data["variants"]]
    records = [recs for _, _, recs in played]
    title = f"{c['game'].capitalize()}: {len(names)} variants compared"
    listing = "".join(
        f"<li><b>{html.escape(v['name'])}</b>: {html.escape(changes(v))}</li>" for v in data["variants"]
    )
    parts = [
        f"<h1>{html.escape(title)}</h1>",
        f"<p class=muted>{c['players']} players · bots {html.escape(', '.join(c['bots']))} (seats rotated) · "
        f"{c['games']} games per variant, the same seeds (run seed {c['seed']}) · made "
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC by <code>ziggurat arena compare</code></p>",
        f"<ul>{listing}</ul>",
        f"<p>Differences (Δ) are each variant minus <b>{html.escape(data['baseline'])}</b>, with 95% "
        "intervals: Newcombe's for shares (in percentage points), Welch's for means. A shared victory "
        f"counts 1/k for each of its k winners. Fair share: {pct(data['fair_share'])}.</p>",
        "<h2>Seat advantage</h2>",
        _seat_plot(data),
        _table(data, seat_rows(data)),
        "<h2>Game length and score spread</h2>",
        _box_plot(records, names, "actions", "game length, actions"),
        _box_plot(records, names, "spread", "score spread (first - last)"),
        _table(data, measure_rows(data)),
    ]
    cards = _card_plot(data)
    if cards:
        parts += ["<h2>Card strength</h2>", cards, _table(data, card_rows(data))]
    body = "\n".join(parts)
    return (
        f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f'<meta name="viewport" content="width=device-width, initial-scale=1"><style>{STYLE}</style></head>'
        f"<body>\n{body}\n</body></html>\n"
    )
