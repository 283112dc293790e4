"""Ratings in the store: each account's (mu, sigma) per game, and every rated game's updates.

A rated game's update is written in the same transaction as the game's end (`rate` returns the part of
that transaction), so a game is rated exactly once: a crash either keeps both or neither.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from ziggurat.store.reads import Reads
from ziggurat.store.records import RatedSeat, RatingChange
from ziggurat.store.schema import accounts, game_tables, rating_updates, ratings, seats
from ziggurat.store.writer import Writer

Current = dict[str, tuple[float, float]]


@dataclass
class Standing:
    """An account's rating in one game."""

    account: str
    username: str
    game: str
    mu: float
    sigma: float
    games: int
    wins: int


@dataclass
class RatedGame:
    """A finished rated game as stored: its seats and what its result says of them."""

    table_id: str
    game: str
    at: float  # when it was rated (not yet: when it finished)
    seats: list[RatedSeat]
    ranks: list[int]
    timeouts: list[int] | None = None  # each seat's, at a table with a clock
    first_moves: list[int | None] | None = None  # each seat's first move (a version), if kept


def rate(
    table_id: str,
    game: str,
    players: list[str],
    compute: Callable[[Current], list[RatingChange]],
    shown: Callable[[float, float], int],
    at: float | None = None,
) -> Callable[[Connection], list[RatingChange]]:
    """The part of a rated game's last write that rates it: reads the players' ratings (locked on
    PostgreSQL, where other processes rate too), computes, writes the ratings, the updates (made `at`:
    by default now) and the seats' shown ratings (`shown(mu, sigma)`). Nothing if the game was rated
    already."""

    def op(conn: Connection) -> list[RatingChange]:
        if conn.execute(_RATED, {"t": table_id}).first() is not None:
            return []
        q = sa.select(ratings.c.account_id, ratings.c.mu, ratings.c.sigma).where(
            ratings.c.game == game, ratings.c.account_id.in_(players)
        )
        if conn.dialect.name == "postgresql":
            q = q.with_for_update()
        current = {str(a): (float(m), float(s)) for a, m, s in conn.execute(q)}
        changes = compute(current)
        when = time.time() if at is None else at  # (now: after the lock, so in the order of commits)
        for c in changes:
            won = int(c.rank == 1)
            if c.account in current:
                conn.execute(
                    ratings.update()
                    .where(ratings.c.account_id == c.account, ratings.c.game == game)
                    .values(
                        mu=c.after[0],
                        sigma=c.after[1],
                        games=ratings.c.games + 1,
                        wins=ratings.c.wins + won,
                        updated_at=when,
                    )
                )
            else:
                conn.execute(
                    ratings.insert(),
                    {
                        "account_id": c.account,
                        "game": game,
                        "mu": c.after[0],
                        "sigma": c.after[1],
                        "games": 1,
                        "wins": won,
                        "updated_at": when,
                    },
                )
            conn.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.account_id == c.account)
                .values(rating=shown(*c.after))
            )
        if changes:
            conn.execute(rating_updates.insert(), [_update_row(table_id, game, c, when) for c in changes])
        return changes

    return op


def _update_row(table_id: str, game: str, c: RatingChange, at: float) -> dict[str, Any]:
    return {
        "table_id": table_id,
        "account_id": c.account,
        "game": game,
        "seat": c.seat,
        "rank": c.rank,
        "mu_before": c.before[0],
        "sigma_before": c.before[1],
        "mu_after": c.after[0],
        "sigma_after": c.after[1],
        "at": at,
    }


_RATED = sa.select(rating_updates.c.table_id).where(rating_updates.c.table_id == sa.bindparam("t")).limit(1)


class Ratings:
    def __init__(self, reads: Reads, writer: Writer) -> None:
        self.reads = reads
        self.writer = writer

    async def of(self, account_ids: list[str], game: str) -> Current:
        """These accounts' (mu, sigma) in this game (those that have one)."""
        if not account_ids:
            return {}
        q = sa.select(ratings.c.account_id, ratings.c.mu, ratings.c.sigma).where(
            ratings.c.game == game, ratings.c.account_id.in_(account_ids)
        )
        async with self.reads.connect() as conn:
            return {str(a): (float(m), float(s)) for a, m, s in await conn.execute(q)}

    async def standings(
        self, game: str | None = None, account: str | None = None, limit: int = 100
    ) -> list[Standing]:
        """Ratings, best first (by mu - 3 sigma): a game's leaderboard, or one account's games."""
        q = sa.select(
            ratings.c.account_id,
            accounts.c.username,
            ratings.c.game,
            ratings.c.mu,
            ratings.c.sigma,
            ratings.c.games,
            ratings.c.wins,
        ).join(accounts, accounts.c.id == ratings.c.account_id)
        if game is not None:
            q = q.where(ratings.c.game == game)
        if account is not None:
            q = q.where(ratings.c.account_id == account)
        q = q.order_by((ratings.c.mu - 3 * ratings.c.sigma).desc(), accounts.c.username).limit(limit)
        async with self.reads.connect() as conn:
            return [Standing(*r) for r in await conn.execute(q)]

    async def place(self, game: str, mu: float, sigma: float) -> int:
        """The place on the game's leaderboard of a rating (1 + how many rank above it)."""
        q = sa.select(sa.func.count()).where(
            ratings.c.game == game, ratings.c.mu - 3 * ratings.c.sigma > mu - 3 * sigma
        )
        async with self.reads.connect() as conn:
            return int((await conn.execute(q)).scalar_one()) + 1

    async def history(self, account: str) -> list[tuple[str, str, float, float, float, int]]:
        """An account's rating after each of its rated games, oldest first: (game, table id, at, mu,
        sigma, rank)."""
        q = (
            sa.select(
                rating_updates.c.game,
                rating_updates.c.table_id,
                rating_updates.c.at,
                rating_updates.c.mu_after,
                rating_updates.c.sigma_after,
                rating_updates.c.rank,
            )
            .where(rating_updates.c.account_id == account)
            .order_by(rating_updates.c.at)
        )
        async with self.reads.connect() as conn:
            return [tuple(r) for r in await conn.execute(q)]

    async def finished(self, account: str) -> list[dict[str, Any]]:
        """The finished games where the account sat, newest first: table id, game, seat, players,
        rated, finished_at and result."""
        q = (
            sa.select(
                game_tables.c.id,
                game_tables.c.game,
                seats.c.seat,
                game_tables.c.players,
                game_tables.c.rated,
                game_tables.c.finished_at,
                game_tables.c.result,
            )
            .join(seats, seats.c.table_id == game_tables.c.id)
            .where(seats.c.account_id == account, game_tables.c.status == "finished")
            .order_by(game_tables.c.finished_at.desc())
        )
        async with self.reads.connect() as conn:
            return [dict(r._mapping) for r in await conn.execute(q)]

    # --- rebuilding ------------------------------------------------------------------------------------
    async def rated_games(self) -> list[RatedGame]:
        """Every finished rated game, in the order it was rated (then finished)."""
        first = (
            sa.select(rating_updates.c.table_id, sa.func.min(rating_updates.c.at).label("at"))
            .group_by(rating_updates.c.table_id)
            .subquery()
        )
        at = sa.func.coalesce(first.c.at, game_tables.c.finished_at)
        q = (
            sa.select(game_tables.c.id, game_tables.c.game, at, game_tables.c.result)
            .outerjoin(first, first.c.table_id == game_tables.c.id)
            .where(game_tables.c.rated.is_(True), game_tables.c.status == "finished")
            .order_by(at, game_tables.c.id)
        )
        async with self.reads.connect() as conn:
            games = [(str(i), str(g), float(w), r) for i, g, w, r in await conn.execute(q)]
            ids = [i for i, *_ in games]
            by_table: dict[str, list[RatedSeat]] = {i: [] for i in ids}
            if ids:
                c = seats.c
                sq = (
                    sa.select(c.table_id, c.account_id, c.kind, c.level, c.has_left, c.left_version)
                    .where(c.table_id.in_(ids))
                    .order_by(c.table_id, c.seat)
                )
                for t, a, k, lv, left, at_version in await conn.execute(sq):
                    by_table[t].append(RatedSeat(a, k, lv, bool(left), at_version))
        return [
            RatedGame(
                i,
                g,
                w,
                by_table[i],
                list((r or {}).get("ranks", [])),
                (r or {}).get("timeouts"),
                (r or {}).get("first_moves"),
            )
            for i, g, w, r in games
        ]

    async def stored(
        self,
    ) -> tuple[dict[tuple[str, str], RatingChange], dict[tuple[str, str], tuple[float, float, int, int]]]:
        """What the store holds: every update by (table, account), every rating by (account, game) as
        (mu, sigma, games, wins)."""
        async with self.reads.connect() as conn:
            ups = {
                (str(r.table_id), str(r.account_id)): RatingChange(
                    str(r.account_id),
                    r.seat,
                    r.rank,
                    (r.mu_before, r.sigma_before),
                    (r.mu_after, r.sigma_after),
                )
                for r in await conn.execute(rating_updates.select())
            }
            rs = {
                (str(r.account_id), str(r.game)): (r.mu, r.sigma, r.games, r.wins)
                for r in await conn.execute(ratings.select())
            }
        return ups, rs

    async def replace(
        self, rebuilt: list[tuple[RatedGame, list[RatingChange]]], shown: Callable[[float, float], int]
    ) -> None:
        """Replace every rating and update by these (a rebuild, in order), in one transaction."""

        def op(conn: Connection) -> None:
            conn.execute(rating_updates.delete())
            conn.execute(ratings.delete())
            for g, changes in rebuilt:
                players = [c.account for c in changes]
                rate(g.table_id, g.game, players, lambda _current, c=changes: c, shown, g.at)(conn)  # type: ignore[misc]

        await self.writer.write(op)
