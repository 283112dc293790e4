"""The arena's tables, drawn with rich (an optional dependency: `pip install 'ziggurat[arena]'`)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from ziggurat.engine import Json


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(s: Json) -> str:
    lo, hi = s["ci"]
    return f"{_pct(lo)} to {_pct(hi)}"


def render(summary: Json, config: Json, console: Console) -> None:
    players = config["players"]
    title = f"{config['game']}, {players} players, {summary['games']} games, seed {config['seed']}"
    bots = Table(title=f"Win share per bot — {title}")
    for col in ("bot", "player-games", "win share", "95% CI (Wilson)", "mean score"):
        bots.add_column(col, justify="left" if col == "bot" else "right")
    for label, b in summary["bots"].items():
        bots.add_row(label, str(b["n"]), _pct(b["share"]), _ci(b), f"{b['mean_score']:.2f}")
    console.print(bots)
    console.print(f"Fair share: {_pct(1 / players)}. {summary['shared_wins'].capitalize()}.", style="dim")
    if summary["no_winner"]:
        console.print(f"Games nobody won: {summary['no_winner']} of {summary['games']}.")

    seats = Table(title="Win share per seat (seat 0 moves first)")
    for col in ("seat", "win share", "95% CI"):
        seats.add_column(col, justify="right")
    for s, x in enumerate(summary["seats"]):
        seats.add_row(str(s), _pct(x["share"]), _ci(x))
    console.print(seats)

    length = summary["length"]
    text = f"Game length: {length['actions_mean']:.1f} actions on average (median {length['actions_median']})"
    if "rounds_mean" in length:
        text += f", {length['rounds_mean']:.2f} rounds"
    console.print(text + ".")

    endings = summary.get("endings")
    if endings:
        t = Table(title="How the games ended (the result's detail)")
        for col in ("ending", "games", "share", "95% CI"):
            t.add_column(col, justify="left" if col == "ending" else "right")
        for tag, x in endings.items():
            t.add_row(tag, f"{x['wins']:g}", _pct(x["share"]), _ci(x))
        console.print(t)

    cards = summary.get("cards")
    if cards:
        t = Table(title="Cards: how often played, and the win share of the players who played them")
        for col in ("card", "plays", "per game", "players", "their win share", "95% CI"):
            t.add_column(col, justify="left" if col == "card" else "right")
        for card, c in sorted(cards.items(), key=lambda kv: -kv[1]["plays"]):
            t.add_row(card, str(c["plays"]), f"{c['per_game']:.2f}", str(c["n"]), _pct(c["share"]), _ci(c))
        console.print(t)
