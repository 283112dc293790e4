# ruff: noqa: RUF001  (look-alike letters are what this tests)
"""Migration 0013 on SQLite and PostgreSQL: accounts made when `ADMIN`, `admin` and their look-alikes
were different names keep working, each found by its own name, and no new account takes any of them."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import command
from sqlalchemy.ext.asyncio import create_async_engine

from ziggurat.lookalike import keys
from ziggurat.store import AccountRecord, Store, migrate
from ziggurat.store.migrate import alembic_config

# (id, username, the key the old code gave it, created at): all but zoe look alike now
OLD = [
    ("a1", "admin", "admin", 1.0),
    ("a2", "ADMIN", "admln", 2.0),
    ("a3", "ɑdmin", "ɑdmin", 3.0),
    ("a4", "adrnin", "adrnin", 4.0),
    ("a5", "zoe", "zoe", 5.0),
]
HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA"


async def old_database(url: str) -> None:
    engine = create_async_engine(url)
    try:
        await migrate.upgrade(engine, "0011")
        async with engine.begin() as conn:
            for aid, name, key, at in OLD:
                await conn.execute(
                    sa.text(
                        "INSERT INTO accounts (id, username, username_key, password_hash, created_at)"
                        " VALUES (:id, :name, :key, :hash, :at)"
                    ),
                    {"id": aid, "name": name, "key": key, "hash": HASH, "at": at},
                )
            await conn.execute(
                sa.text("INSERT INTO sessions VALUES ('s2', 'a2', 1.0, 1e12)"),
            )
            await conn.execute(sa.text("INSERT INTO friends VALUES ('a4', 'a2', 1.0)"))
    finally:
        await engine.dispose()


async def test_old_accounts_that_now_look_alike_each_keep_their_name(db_url: str) -> None:
    await old_database(db_url)
    store = await Store.open(db_url)
    try:
        for aid, name, _, at in OLD:  # each, by its name exactly
            assert await store.accounts.by_name(name, keys(name)) == AccountRecord(aid, name, HASH, at)
        for spelling in ("Admin", "ᴀdmin", "admiṇ", "ADRNIN"):  # any other spelling: the oldest
            found = await store.accounts.by_name(spelling, keys(spelling))
            assert found is not None and found.id == "a1", spelling
        found = await store.accounts.by_name("ADMlN", keys("ADMlN"))  # ADMIN's own second key
        assert found is not None and found.id == "a2"
        for aid, name, _, at in [("n1", "ᴀdmin", "", 9.0), ("n2", "ZOE", "", 9.0), ("n3", "adMIN", "", 9.0)]:
            assert not await store.accounts.create(AccountRecord(aid, name, HASH, at), keys(name)), name
        assert await store.accounts.session_account("s2") == AccountRecord("a2", "ADMIN", HASH, 2.0)
        assert await store.friends.of("a4") != []  # (the copy SQLite makes of the table cascaded nothing)
    finally:
        await store.close()


async def test_the_migration_goes_down_and_up_again(db_url: str) -> None:
    await old_database(db_url)

    def run(conn: sa.Connection, target: str, up: bool) -> None:
        cfg = alembic_config()
        cfg.attributes["connection"] = conn
        (command.upgrade if up else command.downgrade)(cfg, target)

    engine = create_async_engine(db_url)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(run, "0013", True)
            await conn.run_sync(run, "0011", False)
            rows = (await conn.execute(sa.text("SELECT id, username_key FROM accounts ORDER BY id"))).all()
            assert [r[1] for r in rows] == ["aclrnin", "aclrnin#a2", "aclrnin#a3", "aclrnin#a4", "zoe"]
            await conn.run_sync(run, "head", True)
    finally:
        await engine.dispose()
    store = await Store.open(db_url)
    try:
        for aid, name, _, _ in OLD:
            found = await store.accounts.by_name(name, keys(name))
            assert found is not None and found.id == aid
    finally:
        await store.close()
