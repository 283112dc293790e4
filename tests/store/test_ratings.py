"""Ratings in the store, on SQLite and on a real PostgreSQL: a rated game's update written with its end,
once, and read back as leaderboards, histories and a rebuild's inputs."""

from __future__ import annotations

from ziggurat.store import AccountRecord, SeatRecord, Store, TableRecord
from ziggurat.store.ratings import rate
from ziggurat.store.records import RatedSeat, RatingChange


def shown(mu: float, sigma: float) -> int:
    return round(mu - 3 * sigma)


async def setup(store: Store) -> TableRecord:
    for aid in ("a", "b"):
        assert await store.accounts.create(AccountRecord(aid, aid.upper() * 3, "h", 1.0), (aid,))
    rec = TableRecord(
        "t1", "zenith", {}, 3, 1, 2, status="running", rated=True,
        seats=[SeatRecord(0, "human", "AAA", "x" * 64, account="a", rating=1000),
               SeatRecord(1, "human", "BBB", "y" * 64, account="b", rating=1000),
               SeatRecord(2, "bot", "Bot", None, "normal")],
    )  # fmt: skip
    await store.create_table(rec)
    return rec


async def test_a_rated_end_writes_ratings_updates_and_seats_once(store: Store) -> None:
    rec = await setup(store)
    rec.status, rec.finished_at = "finished", 5.0
    rec.result = {"winners": [1], "ranks": [2, 1, 3], "first_moves": [2, 1, 3]}
    rec.seats[0].has_left, rec.seats[0].left_version = True, 7  # left at version 7
    seen: list[dict[str, tuple[float, float]]] = []

    def compute(current: dict[str, tuple[float, float]]) -> list[RatingChange]:
        seen.append(current)
        return [
            RatingChange("a", 0, 2, (25.0, 8.0), (24.0, 7.5)),
            RatingChange("b", 1, 1, (25.0, 8.0), (26.0, 7.5)),
        ]

    got = await store.save_table(rec, also=rate("t1", "zenith", ["a", "b"], compute, shown))
    assert got is not None and len(got) == 2 and seen == [{}]  # newcomers: no rating yet
    stored = await store.get_table("t1")
    assert stored is not None and [s.rating for s in stored.seats] == [
        shown(24.0, 7.5),
        shown(26.0, 7.5),
        None,
    ]
    again = await store.save_table(stored, also=rate("t1", "zenith", ["a", "b"], compute, shown))
    assert again == [] and len(seen) == 1  # rated once
    assert await store.ratings.of(["a", "b", "c"], "zenith") == {"a": (24.0, 7.5), "b": (26.0, 7.5)}
    board = await store.ratings.standings(game="zenith")
    assert [(s.username, s.games, s.wins) for s in board] == [("BBB", 1, 1), ("AAA", 1, 0)]
    stored = await store.get_table("t1")
    assert stored is not None and [s.rating for s in stored.seats] == [
        shown(24.0, 7.5),
        shown(26.0, 7.5),
        None,
    ]
    ((game, table, _at, mu, sigma, rank),) = await store.ratings.history("a")
    assert (game, table, mu, sigma, rank) == ("zenith", "t1", 24.0, 7.5, 2)
    games = await store.ratings.rated_games()
    assert [(g.table_id, g.ranks, g.first_moves, g.seats) for g in games] == [
        (
            "t1",
            [2, 1, 3],
            [2, 1, 3],
            [
                RatedSeat("a", "human", None, True, 7),
                RatedSeat("b", "human", None, False, None),
                RatedSeat(None, "bot", "normal", False, None),
            ],
        )
    ]
    ups, rs = await store.ratings.stored()
    assert ups[("t1", "a")].after == (24.0, 7.5) and rs[("b", "zenith")] == (26.0, 7.5, 1, 1)
    finished = await store.ratings.finished("b")
    assert [(f["id"], f["seat"], f["rated"]) for f in finished] == [("t1", 1, True)]


async def test_the_next_game_reads_and_moves_the_ratings(store: Store) -> None:
    rec = await setup(store)
    rec.status, rec.result = "finished", {"winners": [0], "ranks": [1, 2, 3]}
    one = [RatingChange("a", 0, 1, (25.0, 8.0), (27.0, 7.0))]
    await store.save_table(rec, also=rate("t1", "zenith", ["a"], lambda _c: one, shown))
    seats = [SeatRecord(0, "human", "AAA", "z" * 64, account="a"), SeatRecord(1, "bot", "Bot", None, "hard")]
    rec2 = TableRecord("t2", "zenith", {}, 2, 1, 2, status="finished", rated=True, seats=seats)
    await store.create_table(rec2)
    seen: list[dict[str, tuple[float, float]]] = []

    def compute(current: dict[str, tuple[float, float]]) -> list[RatingChange]:
        seen.append(current)
        return [RatingChange("a", 0, 2, current["a"], (26.0, 6.9))]

    await store.save_table(rec2, also=rate("t2", "zenith", ["a"], compute, shown))
    assert seen == [{"a": (27.0, 7.0)}]
    (a,) = await store.ratings.standings(account="a")
    assert (a.mu, a.sigma, a.games, a.wins) == (26.0, 6.9, 2, 1)
