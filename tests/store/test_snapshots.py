"""Snapshots in the store, on SQLite and on a real PostgreSQL: written many at once (replacing each
table's last one, running tables only, fenced with several processes), and read with only the actions
after them; a snapshot beyond the stored log is ignored."""

from __future__ import annotations

import pytest

from ziggurat.store import Leases, SeatRecord, Snapshot, Store, TableRecord


def table(tid: str, status: str = "running") -> TableRecord:
    rec = TableRecord(tid, "zenith", {"board": "fuji"}, 2, 5, 6, status, None, 1.0)  # type: ignore[arg-type]
    rec.seats = [SeatRecord(0, "human", "Ada", "h" * 64), SeatRecord(1, "bot", "Bot", None, "random")]
    return rec


async def logged(store: Store, tid: str, n: int, status: str = "running") -> None:
    await store.create_table(table(tid, status))
    for k in range(1, n + 1):
        await store.append_action(tid, k, k % 2, f"a{k}")


async def test_snapshots_are_written_at_once_and_read_with_the_actions_after_them(store: Store) -> None:
    for tid, n in (("a", 5), ("b", 3), ("c", 4)):
        await logged(store, tid, n)
    await logged(store, "done", 2, "finished")
    snaps = [Snapshot("a", 2, '{"s":2}', "[2]", 10.0), Snapshot("b", 3, "{}", "[]", 11.0)]
    snaps.append(Snapshot("done", 2, "{}", "[]", 12.0))  # a finished table gets none
    assert sorted(await store.save_snapshots(snaps)) == ["a", "b"]
    got = await store.restoring(["a", "b", "c", "nope"])
    a = got["a"]
    assert a.snapshot is not None and (a.snapshot.version, a.snapshot.state, a.snapshot.log) == (
        2,
        '{"s":2}',
        "[2]",
    )
    assert a.last == (0, "a2") and a.actions == [(1, "a3"), (0, "a4"), (1, "a5")]
    assert got["b"].snapshot is not None and got["b"].last == (1, "a3") and got["b"].actions == []
    assert got["c"].snapshot is None and got["c"].last is None and len(got["c"].actions) == 4
    assert got["nope"].snapshot is None and got["nope"].actions == []
    # A newer one replaces the last one.
    assert await store.save_snapshots([Snapshot("a", 4, "{}", "[4]", 13.0)]) == ["a"]
    a = (await store.restoring(["a"]))["a"]
    assert (
        a.snapshot is not None
        and a.snapshot.version == 4
        and a.last == (0, "a4")
        and a.actions == [(1, "a5")]
    )


async def test_a_snapshot_beyond_the_stored_log_is_ignored(store: Store) -> None:
    await logged(store, "t", 3)
    await store.save_snapshots([Snapshot("t", 7, "{}", "[]", 1.0)])  # (a database restored from a backup)
    got = (await store.restoring(["t"]))["t"]
    assert got.snapshot is None and got.last is None and got.actions == [(1, "a1"), (0, "a2"), (1, "a3")]


async def test_a_gap_after_a_snapshot_is_still_an_error(store: Store) -> None:
    await logged(store, "t", 3)
    await store.save_snapshots([Snapshot("t", 1, "{}", "[]", 1.0)])
    await store.append_action("t", 5, 0, "a5")
    with pytest.raises(RuntimeError, match="gap at 4"):
        await store.restoring(["t"])


async def test_a_finished_table_loses_its_snapshot(store: Store) -> None:
    await logged(store, "t", 2)
    await store.save_snapshots([Snapshot("t", 2, "{}", "[]", 1.0)])
    await store.save_table(table("t", "running"))  # (a running table's is kept)
    assert (await store.restoring(["t"]))["t"].snapshot is not None
    rec = table("t", "finished")
    await store.save_table(rec)
    assert (await store.restoring(["t"]))["t"].snapshot is None


async def test_a_former_owner_writes_no_snapshot(store: Store) -> None:
    if store.engine.dialect.name != "postgresql":
        pytest.skip("leases are for several processes, on PostgreSQL")
    await logged(store, "t", 2)
    await logged(store, "u", 2)
    leases = Leases(store.engine, "b", 5)
    assert await leases.acquire("t") == 1 and await leases.acquire("u") == 1
    await leases.release([("t", 1)])  # b lets t go
    assert await Leases(store.engine, "c", 5).acquire("t") == 2  # another process took t over
    snaps = [Snapshot("t", 2, "{}", "[]", 1.0, fence=1), Snapshot("u", 2, "{}", "[]", 1.0, fence=1)]
    assert await store.save_snapshots(snaps) == ["u"]
    got = await store.restoring(["t", "u"])
    assert got["t"].snapshot is None and got["u"].snapshot is not None


async def test_the_last_actions_of_many_tables_come_in_one_read(store: Store) -> None:
    """What a restart resumes clocks from: each table's last action (number, time, clocks)."""
    await logged(store, "a", 3)
    await store.create_table(table("b"))
    await store.append_action("b", 1, 0, "x", at=5.0, clock='{"bank":[9,9]}')
    await store.append_action("b", 2, 1, "y", at=7.5, clock='{"bank":[8,9]}')
    await store.create_table(table("empty"))
    got = await store.last_actions(["a", "b", "empty", "nope"])
    assert set(got) == {"a", "b"}
    assert got["a"][0] == 3 and got["a"][2] is None
    assert got["b"] == (2, 7.5, '{"bank":[8,9]}')
    assert await store.last_action("b") == got["b"] and await store.last_action("empty") is None
    assert await store.last_actions([]) == {}
