"""Accounts, sessions and the seats accounts hold, in the store, on SQLite and on a real PostgreSQL."""

from __future__ import annotations

import asyncio
import time

from ziggurat.store import AccountRecord, SeatRecord, Store, TableRecord


def account(aid: str = "a1", name: str = "Ana") -> AccountRecord:
    return AccountRecord(aid, name, "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA", 1.0)


def table(tid: str, status: str, created: float, seats: list[SeatRecord]) -> TableRecord:
    return TableRecord(
        tid,
        "zenith",
        {},
        len(seats),
        1,
        2,
        status=status,
        created_at=created,
        seats=seats,  # type: ignore[arg-type]
    )


async def test_usernames_are_unique_by_every_key(store: Store) -> None:
    assert await store.accounts.create(account("a1", "Ian"), ("ian", "lan"))
    assert not await store.accounts.create(account("a2", "lan"), ("lan",))  # nothing stored
    assert not await store.accounts.create(account("a3", "IAN"), ("ian", "lan"))
    assert await store.accounts.by_id("a2") is None and await store.accounts.by_id("a3") is None
    assert await store.accounts.create(account("a4", "iln"), ("iln",))
    assert await store.accounts.names(["a1", "a4", "zz"]) == {"a1": "Ian", "a4": "iln"}


async def test_an_account_is_found_by_its_name_or_by_any_of_its_keys(store: Store) -> None:
    await store.accounts.create(account("a1", "Ian"), ("ian", "lan"))
    for keys in [("ian",), ("lan",), ("zzz", "lan")]:
        assert await store.accounts.by_name("ıan", keys) == account("a1", "Ian")  # noqa: RUF001
    assert await store.accounts.by_name("bob", ("bob",)) is None
    assert await store.accounts.by_name("bob", ()) is None


async def test_the_name_written_exactly_comes_before_the_keys(store: Store) -> None:
    """Accounts from before look-alikes were one name may share keys (migration 0013 gives them to the
    oldest): each is still found by its exact name."""
    await store.accounts.create(account("old", "admin"), ("aclrnin",))
    await store.accounts.create(account("young", "ADMIN"), ("aclrnln",))  # (as 0013 leaves it)
    assert (await store.accounts.by_name("ADMIN", ("aclrnin", "aclrnln"))) == account("young", "ADMIN")
    assert (await store.accounts.by_name("Admin", ("aclrnin",))) == account("old", "admin")


async def test_two_sign_ups_racing_for_one_name_one_wins(store: Store) -> None:
    made = await asyncio.gather(
        *(store.accounts.create(account(f"a{i}", "Ana"), ("ana", f"other{i}")) for i in range(5))
    )
    assert sorted(made) == [False] * 4 + [True]


async def test_sessions_open_expire_and_end(store: Store) -> None:
    await store.accounts.create(account(), ("ana",))
    await store.accounts.open_session("a1", "s1", ttl=3600)
    await store.accounts.open_session("a1", "s2", ttl=3600)
    await store.accounts.open_session("a1", "old", ttl=-1)  # already expired
    assert (await store.accounts.session_account("s1")) == account()
    assert await store.accounts.session_account("old") is None
    assert await store.accounts.session_account("nope") is None
    assert await store.accounts.end_sessions("a1", keep="s2") == 2  # s1 and the expired one
    assert await store.accounts.session_account("s1") is None
    assert await store.accounts.session_account("s2") is not None
    await store.accounts.end_session("s2")
    assert await store.accounts.session_account("s2") is None


async def test_a_new_password_replaces_the_old(store: Store) -> None:
    await store.accounts.create(account(), ("ana",))
    await store.accounts.set_password("a1", "new-hash")
    got = await store.accounts.by_id("a1")
    assert got is not None and got.password_hash == "new-hash"


async def test_the_seats_an_account_holds(store: Store) -> None:
    now = time.time()
    mine = SeatRecord(1, "human", "Ana", "h1" + "0" * 62, account="a1")
    held = SeatRecord(0, "empty", "Ana", None, invite_hash="h2" + "0" * 62, account="a1")  # at a rematch
    guest = SeatRecord(0, "human", "Guest", "h3" + "0" * 62)
    await store.create_table(
        table("done", "finished", now - 30, [SeatRecord(0, "human", "Ana", "x" * 64, account="a1")])
    )
    await store.create_table(
        table("old", "running", now - 20, [SeatRecord(0, "bot", "B", None, "random"), mine])
    )
    await store.create_table(table("new", "open", now - 10, [held, SeatRecord(1)]))
    await store.create_table(table("guest", "open", now, [guest, SeatRecord(1)]))
    assert await store.accounts.seats_of("a1") == [("new", 0), ("old", 1), ("done", 0)]  # unfinished first
    assert await store.accounts.seat_secret("old", "a1") == (mine.token_hash, None)
    assert await store.accounts.seat_secret("new", "a1") == (None, held.invite_hash)
    assert await store.accounts.seat_secret("guest", "a1") is None
    assert await store.accounts.tables_holding([guest.token_hash or "", mine.token_hash or "", "zz"]) == [
        ("guest", guest.token_hash)
    ]  # an account's seat is not claimed again
    rec = await store.get_table("old")
    assert rec is not None and rec.seats[1].account == "a1"
    await store.accounts.create(account(), ("ana",))
    await store.accounts.open_session("a1", "s1", ttl=3600)
    assert await store.accounts.session_seat("s1", "old") == mine.token_hash
    assert await store.accounts.session_seat("s1", "guest") is None
    assert await store.accounts.session_seat("nope", "old") is None
