"""`ziggurat ratings rebuild`: every rating recomputed from the stored results of the rated games, in
the order they were rated, and checked against what the store holds (`--write` replaces it)."""

from __future__ import annotations

import argparse
import asyncio
import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (the command line loads this module: the server's libraries only when it runs)
    from ziggurat.store.ratings import RatedGame
    from ziggurat.store.records import RatingChange

Final = dict[tuple[str, str], tuple[float, float, int, int]]


def add_arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="ratings_command", required=True)
    rb = sub.add_parser("rebuild", help="recompute every rating from the stored results and check it")
    rb.add_argument(
        "--db", metavar="URL", help="database URL (default: $ZIGGURAT_DATABASE_URL or a SQLite file)"
    )
    rb.add_argument("--write", action="store_true", help="replace the stored ratings by the recomputed ones")


def run(args: argparse.Namespace) -> int:
    problems, games, updates = asyncio.run(rebuild(args.db, args.write))
    print(f"{games} rated games, {updates} rating updates recomputed")
    for p in problems[:20]:
        print(f"  differs: {p}")
    if len(problems) > 20:
        print(f"  ... and {len(problems) - 20} more")
    if not problems:
        print("every stored rating and update matches")
    elif args.write:
        print("the stored ratings were replaced by the recomputed ones")
    return 0 if not problems or args.write else 1


def recompute(games: list[RatedGame]) -> tuple[list[tuple[RatedGame, list[RatingChange]]], Final]:
    """Every game's updates, in order, and the ratings they end at: (account, game) -> (mu, sigma,
    games, wins)."""
    from ziggurat.server.table import ratings

    now: Final = {}
    out = []
    for g in games:
        players = ratings.entrants(g.seats, g.ranks, g.timeouts, g.first_moves)
        current = {a: now[(a, g.game)][:2] for e in players if (a := e.account) and (a, g.game) in now}
        changes = ratings.rate(players, current)
        for c in changes:
            _, _, n, w = now.get((c.account, g.game), (0.0, 0.0, 0, 0))
            now[(c.account, g.game)] = (*c.after, n + 1, w + (c.rank == 1))
        out.append((g, changes))
    return out, now


async def rebuild(url: str | None, write: bool) -> tuple[list[str], int, int]:
    """(what differs, rated games, updates)."""
    from ziggurat.server.table import ratings
    from ziggurat.store import Store

    store = await Store.open(url)
    try:
        games = await store.ratings.rated_games()
        rebuilt, final = recompute(games)
        stored_updates, stored_ratings = await store.ratings.stored()
        problems = []
        seen = set()
        for g, changes in rebuilt:
            for c in changes:
                seen.add((g.table_id, c.account))
                s = stored_updates.get((g.table_id, c.account))
                if s is None:
                    problems.append(f"table {g.table_id}: no update stored for account {c.account}")
                elif s.rank != c.rank or not _close(s.before + s.after, c.before + c.after):
                    problems.append(
                        f"table {g.table_id}, account {c.account}: stored {_fmt(s)}, recomputed {_fmt(c)}"
                    )
        problems += [
            f"table {t}: an update for account {a} that no result explains"
            for t, a in stored_updates.keys() - seen
        ]
        for key in final.keys() | stored_ratings.keys():
            want, got = final.get(key), stored_ratings.get(key)
            if want is None or got is None or want[2:] != got[2:] or not _close(want[:2], got[:2]):
                problems.append(f"account {key[0]} in {key[1]}: stored {got}, recomputed {want}")
        if write and problems:
            await store.ratings.replace(rebuilt, ratings.display)
        return problems, len(games), sum(len(c) for _, c in rebuilt)
    finally:
        await store.close()


def _close(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return len(a) == len(b) and all(
        math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-12) for x, y in zip(a, b, strict=True)
    )


def _fmt(c: RatingChange) -> str:
    return f"rank {c.rank}, mu {c.before[0]:.6f}->{c.after[0]:.6f}, sigma {c.before[1]:.6f}->{c.after[1]:.6f}"
