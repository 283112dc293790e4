"""The store on SQLite and on a real PostgreSQL: schema by migration, records, the append-only log."""

from __future__ import annotations

import asyncio

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy.ext.asyncio import create_async_engine

from ziggurat.store import Conflict, SeatRecord, Store, TableRecord, migrate
from ziggurat.store.migrate import alembic_config
from ziggurat.store.schema import metadata

from .pg import Cluster


def table(tid: str = "t1", status: str = "open", created: float = 1.0) -> TableRecord:
    return TableRecord(
        id=tid,
        game="zealous",
        options={"length": "beginner"},
        players=3,
        seed=(1 << 128) | 12345,  # a secret 129-bit seed survives (stored as text)
        order_seed=99,
        status=status,  # type: ignore[arg-type]
        created_at=created,
        seats=[
            SeatRecord(0, "human", "Ada", "h" * 64),
            SeatRecord(1, "bot", "Bot", None, "random"),
            SeatRecord(2),
        ],
    )


async def test_migrations_build_exactly_the_schema(store: Store) -> None:
    def diff(conn: sa.Connection) -> list[object]:
        return list(compare_metadata(MigrationContext.configure(conn), metadata))

    async with store.engine.connect() as conn:
        assert await conn.run_sync(diff) == []
        version = (await conn.execute(sa.text("SELECT version_num FROM alembic_version"))).scalar()
    assert version == "0014"


async def test_opening_again_migrates_nothing_and_keeps_data(store: Store, db_url: str) -> None:
    await store.create_table(table())
    await store.append_action("t1", 1, 0, "birth:be1")
    again = await Store.open(db_url)
    try:
        got = await again.get_table("t1")
        assert got is not None and got.seats[0].name == "Ada"
        assert await again.actions("t1") == [(0, "birth:be1")]
    finally:
        await again.close()


async def test_migrations_go_down_and_up(store: Store) -> None:
    def run(conn: sa.Connection, target: str, up: bool) -> None:
        cfg = alembic_config()
        cfg.attributes["connection"] = conn
        (command.upgrade if up else command.downgrade)(cfg, target)

    async with store.engine.begin() as conn:
        await conn.run_sync(run, "base", False)
        names = await conn.run_sync(lambda c: sa.inspect(c).get_table_names())
        assert "actions" not in names
        await conn.run_sync(run, "head", True)
    await store.create_table(table())


async def test_a_table_round_trips(store: Store) -> None:
    rec = table()
    await store.create_table(rec)
    got = await store.get_table("t1")
    assert got == rec
    assert await store.get_table("nope") is None


async def test_saving_replaces_seats_and_fields(store: Store) -> None:
    await store.create_table(table())
    rec = table()
    rec.status, rec.host, rec.started_at = "running", 2, 5.5
    rec.seats = [
        SeatRecord(0, "bot", "Ada", "h" * 64, "normal", has_left=True, left_version=12),
        SeatRecord(1, "human", "Bo", "x"),
    ]
    rec.players = 2
    rec.result = {"winners": [1], "ranks": [2, 1], "scores": [3.0, 4.5]}
    await store.save_table(rec)
    assert await store.get_table("t1") == rec


async def test_saving_adds_and_removes_seats_and_leaves_the_others_as_they_were(store: Store) -> None:
    await store.create_table(table())
    rec = table()
    rec.seats = [rec.seats[0], SeatRecord(1, "human", "Bo", "b" * 64)]  # seat 1 changes, seat 2 goes
    await store.save_table(rec)
    assert await store.get_table("t1") == rec
    rec.seats = [*rec.seats, SeatRecord(2, "bot", "Cy", None, "normal"), SeatRecord(3)]  # two come
    rec.players = 4
    await store.save_table(rec)
    assert await store.get_table("t1") == rec


async def test_saving_a_table_that_is_not_stored_is_an_error_and_stores_nothing(store: Store) -> None:
    with pytest.raises(Exception):  # noqa: B017 (its seats' foreign key; the driver's error type differs)
        await store.save_table(table("ghost"))
    assert await store.get_table("ghost") is None


async def test_the_open_table_cap_counts_only_its_creators_open_tables(store: Store) -> None:
    def made_by(tid: str, by: str | None, status: str = "open") -> TableRecord:
        rec = table(tid, status)
        rec.created_by = by
        return rec

    assert await store.create_table(made_by("a1", "a"), max_open=2)
    assert await store.create_table(made_by("a2", "a", "running"), max_open=2)  # (not open: not counted)
    assert await store.create_table(made_by("b1", "b"), max_open=2)
    assert await store.create_table(made_by("a3", "a"), max_open=2)
    assert not await store.create_table(made_by("a4", "a"), max_open=2)
    assert await store.create_table(made_by("a4", "a"))  # (no cap)
    assert await store.get_table("a4") is not None
    assert not await store.create_table(made_by("b2", "b"), max_open=1)
    assert await store.get_table("b2") is None
    assert sorted(t.id for t in await store.list_tables()) == ["a1", "a2", "a3", "a4", "b1"]


async def test_the_log_is_append_only_and_dense(store: Store) -> None:
    await store.create_table(table())
    for i, a in enumerate(["birth:be1", "birth:be2", "birth:bm1"], 1):
        await store.append_action("t1", i, (i - 1) % 3, a)
    with pytest.raises(Conflict):
        await store.append_action("t1", 2, 1, "stay")  # version 2 is taken: the optimistic lock
    assert await store.actions("t1") == [(0, "birth:be1"), (1, "birth:be2"), (2, "birth:bm1")]
    assert await store.actions("other") == []


async def test_two_writers_racing_for_one_version_one_wins(store: Store) -> None:
    await store.create_table(table())
    results = await asyncio.gather(
        *(store.append_action("t1", 1, s, f"birth:be{s + 1}") for s in range(3)), return_exceptions=True
    )
    assert sum(r is None for r in results) == 1
    assert sum(isinstance(r, Conflict) for r in results) == 2
    assert len(await store.actions("t1")) == 1


async def test_an_action_for_an_unknown_table_is_refused(store: Store) -> None:
    with pytest.raises(Exception):  # noqa: B017 (the foreign key; the driver's error type differs)
        await store.append_action("ghost", 1, 0, "stay")


async def test_listing_filters_by_status_newest_first(store: Store) -> None:
    await store.create_table(table("a", "open", 1.0))
    await store.create_table(table("b", "finished", 2.0))
    await store.create_table(table("c", "open", 3.0))
    assert [t.id for t in await store.list_tables("open")] == ["c", "a"]
    assert [t.id for t in await store.list_tables()] == ["c", "b", "a"]
    assert [t.id for t in await store.list_tables(limit=1)] == ["c"]
    assert all(len(t.seats) == 3 for t in await store.list_tables())
    assert await store.table_ids(("open", "running")) == ["a", "c"]


async def test_upgrading_keeps_old_tables_and_their_small_seeds(db_url: str) -> None:
    """A database made before seeds became 129-bit text: its tables, seats and actions survive the upgrade
    (on SQLite the table is copied: its foreign keys must not cascade the old copy's drop)."""
    engine = create_async_engine(db_url)
    try:
        await migrate.upgrade(engine, "0001")
        async with engine.begin() as conn:
            for sql in [
                "INSERT INTO game_tables (id, game, options, players, seed, order_seed, status, host,"
                " created_at, version)"
                " VALUES ('old', 'zealous', '{}', 3, 1234567890123, 5, 'running', 0, 7.5, 0)",
                "INSERT INTO seats (table_id, seat, kind, name, has_left)"
                " VALUES ('old', 0, 'human', 'Ada', false)",
                "INSERT INTO actions (table_id, idx, seat, action, at)"
                " VALUES ('old', 1, 0, 'birth:be1', 8.0)",
            ]:
                await conn.execute(sa.text(sql))
    finally:
        await engine.dispose()
    store = await Store.open(db_url)
    try:
        got = await store.get_table("old")
        assert got is not None
        assert (got.seed, got.touched_at, got.created_by) == (1234567890123, 7.5, None)
        assert got.spectator_chat is True
        assert [(s.name, s.auto_pass) for s in got.seats] == [("Ada", False)]
        assert await store.actions("old") == [(0, "birth:be1")]
    finally:
        await store.close()


def test_the_head_the_server_knows_is_alembics() -> None:
    """migrate.HEAD lets a start skip Alembic when the database is up to date: it must be the head."""
    from alembic.script import ScriptDirectory

    assert ScriptDirectory.from_config(alembic_config()).get_current_head() == migrate.HEAD


async def test_processes_starting_at_once_migrate_one_at_a_time(pg: Cluster) -> None:
    """Several machines starting on a new database: each opens it, one migrates, none fails."""
    url = pg.new_database()
    stores = await asyncio.gather(*(Store.open(url) for _ in range(4)))
    try:
        await stores[0].create_table(TableRecord("t", "zenith", {}, 2, 1, 2))  # type: ignore[arg-type]
        assert [t.id for t in await stores[3].list_tables()] == ["t"]
    finally:
        await asyncio.gather(*(s.close() for s in stores))


def test_a_records_copy_shares_nothing_that_changes() -> None:
    """A command changes a copy and saves it; the record stays as stored until the save succeeds."""
    rec = TableRecord("t", "zealous", {"length": "advanced"}, 2, 1 << 128, 5, "finished", 0, 1.0)
    rec.seats = [SeatRecord(i, "human", f"P{i}", "h" * 64) for i in range(2)]
    rec.result = {"ranking": [[0], [1]], "scores": [30, 12], "detail": {"seat0": [1, 2]}}
    rec.clock = {"mode": "turn", "bank": 3600.0}
    new = rec.copy()
    assert new == rec
    new.seats[0].name = "Other"
    new.options["length"] = "beginner"
    new.result["detail"]["seat0"].append(3)  # type: ignore[index]
    new.clock["bank"] = 1.0  # type: ignore[index]
    assert rec.seats[0].name == "P0" and rec.options == {"length": "advanced"}
    assert rec.result["detail"] == {"seat0": [1, 2]} and rec.clock == {"mode": "turn", "bank": 3600.0}
