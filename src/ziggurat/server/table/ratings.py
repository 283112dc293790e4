"""Ratings: who finished where at a rated table, and how that moves each account's rating.

The model is openskill's Plackett-Luce (Weng & Lin 2011, "A Bayesian Approximation Method for Online
Ranking", JMLR 12): a rating is a belief (mu, sigma) about a player's skill, and a game's result is a
full ranking of any number of players, with ties. That is what these games give: 2 to 11 players
(Faiths plays up to 11), shared victories (tied ranks) and cooperative losses (everyone tied). Elo and
Glicko rate pairs only; TrueSkill handles rankings too but is patented, and openskill's Weng-Lin
models match its accuracy at a fraction of the cost. Plackett-Luce rather than Thurstone-Mosteller
pairs: it scales linearly with the number of players and was the most accurate of openskill's models
on multiplayer data in its authors' benchmarks.

- Bots that sat from the start have fixed ratings per level (below), so a game with bots can be rated:
  they take part in the update as players whose ratings never move.
- What players see is `display(mu, sigma)`: 1000 + 40 * (mu - 3 sigma), the conservative estimate
  (openskill's ordinal) on a familiar scale. A newcomer shows 1000 and climbs as the model grows sure.

A seat left or kicked hands nobody rating: what the one who left does can't raise anyone else's. A person
*departs* a game when they left it and weren't back by the end, when a bot took their seat over (the
host kicked them, or they were the idle host), or when they timed out of it (three timeouts, when the
host may kick them; each seat's timeouts are kept in the stored result). Then:

- Left before their seat's first move (as lichess aborts a game left before both sides moved): they
  aren't rated for it, and their seat counts for nobody. At a two-seat table that leaves nobody to
  rate against: the game is unrated for everyone. (Three timeouts alone are never before a move: the
  server moved for the seat.)
- Left after it: they take the loss. They finish last, behind everyone who didn't depart (the people
  who stayed, at their ratings, and the bots from the start); only their own rating takes that update.
  Others who departed have no part in it: when nobody else is left there is nobody to lose to, and
  they aren't rated (two who both left would otherwise share a draw, which raises a newcomer's shown
  rating).
- The people who stayed are rated among themselves and the bots from the start, by their places in
  the result, as if the departed seats had never been at the table: nobody gains from beating, or
  loses to, a bot that took a person's seat over, nor gains from the person who left it. Someone left
  with nobody to rate against isn't rated for the game (it doesn't count among their games). So a
  second account that leaves hands its main account nothing, won or lost, and the staying players'
  update is that of an honest game among them, whatever the number of seats (2 to 11), ties and
  cooperative results included: at Zombology's shared loss, the people who stayed tie (their means
  don't move) and the one who left loses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from ziggurat.server.table.clocks import KICKABLE

if TYPE_CHECKING:
    from openskill.models import PlackettLuce
from ziggurat.store import Store
from ziggurat.store.records import RatedSeat, RatingChange, TableRecord

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
    departed: bool = False  # a person who left after their seat's first move: they take the loss


def first_moves(moves: Iterable[tuple[int, int | None]], players: int) -> list[int | None]:
    """Each seat's first move (its version; None: it never moved), from the log's (version, seat)."""
    out: list[int | None] = [None] * players
    for version, seat in moves:
        if seat is not None and 0 <= seat < players and out[seat] is None:
            out[seat] = version
    return out


def entrants(
    seats: Sequence[RatedSeat],
    ranks: list[int],
    timeouts: list[int] | None = None,
    moved: Sequence[int | None] | None = None,
) -> list[Entrant]:
    """The entrants of a finished game from its seats, the result's ranks, each seat's timeouts and
    first move (`moved`, by seat; both kept in the result). A person who departed (the module says
    when) finishes last if their seat had moved by then, else isn't an entrant at all (nor is the bot
    that took the seat over). Without a record of when they left or moved (games stored before it was
    kept), a departure counts as after a move."""
    out = []
    last = max(ranks, default=0) + 1
    timeouts = timeouts or [0] * len(seats)
    for seat, (s, rank) in enumerate(zip(seats, ranks, strict=True)):
        if s.account is not None:
            if not (s.kind != "human" or s.has_left or timeouts[seat] >= KICKABLE):
                out.append(Entrant(seat, rank, account=s.account))
            elif moved is None or not _before_moving(s.left_version, moved[seat]):
                out.append(Entrant(seat, last, account=s.account, departed=True))
        elif s.kind == "bot":
            out.append(Entrant(seat, rank, level=s.level or "normal"))
        else:  # a guest: rated tables have none (they're refused), but an old row might
            out.append(Entrant(seat, rank, level="normal"))
    return out


def _before_moving(left: int | None, moved: int | None) -> bool:
    """Did the person leave (at version `left`) before their seat's first move (version `moved`)?"""
    return left is not None and (moved is None or moved > left)


def rate(players: list[Entrant], current: dict[str, tuple[float, float]]) -> list[RatingChange]:
    """Every account's new rating after this game (`current`: their ratings before it; a newcomer is
    missing), by seat. Those who stayed: among themselves and the bots; each who departed: last behind
    them. Bots take part at their fixed ratings and get none."""
    stayed = [e for e in players if not e.departed]
    out = {c.seat: c for c in _update(stayed, current)}
    for gone in (e for e in players if e.departed):
        lost = _update([*stayed, gone], current)
        out.update((c.seat, c) for c in lost if c.seat == gone.seat)
    return [out[s] for s in sorted(out)]


def _update(players: list[Entrant], current: dict[str, tuple[float, float]]) -> list[RatingChange]:
    """openskill's update of these entrants by their ranks (the accounts' changes)."""
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
    seats = [RatedSeat(s.account, s.kind, s.level, s.has_left, s.left_version) for s in rec.seats]
    players = entrants(
        seats, list(result.get("ranks", [])), result.get("timeouts"), result.get("first_moves")
    )
    return [e.account for e in players if e.account], lambda current: rate(players, current)
