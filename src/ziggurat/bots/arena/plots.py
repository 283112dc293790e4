"""The arena's PNG plots (matplotlib, Agg backend: files only, no display needed)."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # before pyplot is imported

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ziggurat.engine import Json


def _shares(ax: Axes, labels: list[str], rows: list[Json], fair: float, title: str) -> None:
    shares = [r["share"] for r in rows]
    low = [r["share"] - r["ci"][0] for r in rows]
    high = [r["ci"][1] - r["share"] for r in rows]
    ax.bar(labels, shares, yerr=[low, high], capsize=6, color="#4c72b0")
    ax.axhline(fair, color="#c44e52", linestyle="--", label=f"fair share {fair:.0%}")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win share (95% Wilson CI)")
    ax.set_title(title)
    ax.legend()


def write(summary: Json, records: list[Json], config: Json, out: Path) -> list[Path]:
    players = config["players"]
    name = f"{config['game']}, {players} players, {summary['games']} games"
    paths = []

    fig, ax = plt.subplots(figsize=(7, 4.5))
    labels = list(summary["bots"])
    _shares(ax, labels, [summary["bots"][k] for k in labels], 1 / players, f"Win share per bot — {name}")
    paths.append(_save(fig, out / "win_share.png"))

    fig, ax = plt.subplots(figsize=(7, 4.5))
    seats = [f"seat {s}" for s in range(players)]
    _shares(ax, seats, summary["seats"], 1 / players, f"Seat advantage — {name}")
    paths.append(_save(fig, out / "seat_advantage.png"))

    fig, ax = plt.subplots(figsize=(7, 4.5))
    scores = {label: [] for label in labels}  # type: dict[str, list[float]]
    for r in records:
        for s, label in enumerate(r["seats"]):
            scores[label].append(r["scores"][s])
    ax.boxplot([scores[k] for k in labels], tick_labels=labels)
    ax.set_ylabel("final score")
    ax.set_title(f"Score distribution — {name}")
    paths.append(_save(fig, out / "scores.png"))
    return paths


def _save(fig: Figure, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path
