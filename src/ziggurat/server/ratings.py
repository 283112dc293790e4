"""Ratings: who finished where at a rated table, and how that moves each account's rating.

The model is openskill's Plackett-Luce (Weng & Lin 2011, "A Bayesian Approximation Method for Online
Ranking", JMLR 12): a rating is a belief (mu, sigma) about a player's skill, and a game's result is a
full ranking of any number of players, with ties. That is what these games give: 2 to 11 players
(Faiths plays up to 11), shared victories (tied ranks) and cooperative losses (everyone tied). Elo and
Glicko rate pairs only; TrueSkill handles rankings too but is patented, and openskill's Weng-Lin
models match its accuracy at a fraction of the cost. Plackett-Luce rather than Thurstone-Mosteller
pairs: it scales linearly with the number of players and was the most accurate of openskill's models
on multiplayer data in its authors' benchmarks.

- Bots have fixed ratings per level (below), so a game with bots can be rated: they take part in the
  update as players whose ratings never move.
- A player who was kicked (a bot took their seat), who left during the game, or who timed out of it
  (three timeouts: the host may then kick them) finishes last, tied with any other such player,
  whatever their seat went on to do. (Each seat's timeouts are kept in the stored result.)
- What players see is `display(mu, sigma)`: 1000 + 40 * (mu - 3 sigma), the conservative estimate
  (openskill's ordinal) on a familiar scale. A newcomer shows 1000 and climbs as the model grows sure.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from ziggurat.server.clocks import KICKABLE

if TYPE_CHECKING:
    from openskill.models import PlackettLuce
from ziggurat.store import Store
from ziggurat.store.records import RatingChange, TableRecord

MU, SIGMA = 25.0, 25.0 / 3  # a newcomer (openskill's defaults)
NEW = (MU, SIGMA)
# Bots, fixed: `normal` at a newcomer's mean; `hard` above it by what its arena results say (about 35%
# of four-player games against three `normal`, where 25% is even: 4 points of mu at four players);
# `random` far below (it almost never beats `normal`). Sure of themselves (sigma 1): a bot's strength
# does not change.
BOTS = {"random": (10.0, 1.0), "normal": (25.0, 1.0), "hard": (29.0, 1.0)}


@cache
def model() -> PlackettLuce:
    from openskill.models import PlackettLuce  # (loaded with the first rated game's end)

    return PlackettLuce(mu=MU, sigma=SIGMA)


def display(mu: float, sigma: float) -> int:
    return round(1000 + 40 * (mu - 3 * sigma))


async def shown(store: Store, account: str | None, game: str) -> int | None:
    """An account's rating in a game as shown (a newcomer's if it has none yet); None for a guest."""
    if account is None:
        return None
    got = await store.ratings.of([account], game)
    return display(*got.get(account, NEW))


@dataclass(frozen=True)
class Entrant:
    """One seat of a finished rated game: an account (rated) or a bot (fixed); its rank, 1 the best."""

    seat: int
    rank: int
    account: str | None = None
    level: str | None = None


def entrants(
    seats: Sequence[tuple[str | None, str, str | None, bool]],
    ranks: list[int],
    timeouts: list[int] | None = None,
) -> list[Entrant]:
    """The entrants of a finished game from its seats, each (account, kind, level, has_left), the
    result's ranks and each seat's timeouts (by seat). A seat with an account that was kicked (its kind
    is no longer human), that left, or that timed out of the game (`KICKABLE` timeouts: the host may
    kick them) finishes last."""
    out = []
    last = max(ranks, default=0) + 1
    timeouts = timeouts or [0] * len(seats)
    for seat, ((account, kind, level, left), rank) in enumerate(zip(seats, ranks, strict=True)):
        if account is not None:
            gone = kind != "human" or left or timeouts[seat] >= KICKABLE
            out.append(Entrant(seat, last if gone else rank, account=account))
        elif kind == "bot":
            out.append(Entrant(seat, rank, level=level or "normal"))
        else:  # a guest: rated tables have none (they're refused), but an old row might
            out.append(Entrant(seat, rank, level="normal"))
    return out


def rate(players: list[Entrant], current: dict[str, tuple[float, float]]) -> list[RatingChange]:
    """Every account's new rating after this game (`current`: their ratings before it; a newcomer is
    missing). Bots take part at their fixed ratings and get none."""
    m = model()
    teams = []
    for e in players:
        mu, sigma = current.get(e.account, NEW) if e.account else BOTS.get(e.level or "", BOTS["normal"])
        teams.append([m.rating(mu=mu, sigma=sigma)])
    if len(teams) < 2 or all(e.account is None for e in players):
        return []
    after = m.rate(teams, ranks=[float(e.rank) for e in players])
    return [
        RatingChange(e.account, e.seat, e.rank, current.get(e.account, NEW), (t[0].mu, t[0].sigma))
        for e, t in zip(players, after, strict=True)
        if e.account is not None
    ]


def for_table(
    rec: TableRecord,
) -> tuple[list[str], Callable[[dict[str, tuple[float, float]]], list[RatingChange]]]:
    """A finished rated table's accounts, and the update of their ratings from their current ones."""
    result = rec.result or {}
    seats = [(s.account, s.kind, s.level, s.has_left) for s in rec.seats]
    players = entrants(seats, list(result.get("ranks", [])), result.get("timeouts"))
    return [e.account for e in players if e.account], lambda current: rate(players, current)
