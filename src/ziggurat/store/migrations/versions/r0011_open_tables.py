"""PostgreSQL: a creator's open tables, counted under the creator's lock within one statement.

Creating a table under the open-table cap counts its creator's open tables and inserts the new one
with no other create by that creator in between, from any process. That was the creator's advisory
lock in a statement of its own, then the insert, in a transaction: BEGIN, lock, insert, COMMIT, four
round trips. This function takes the lock and then counts; as a VOLATILE function, each query in it
runs on a snapshot of its own (in READ COMMITTED), so the count, taken once the lock is held, sees the
tables of every create that held the lock before: the create is one statement, committed as it ends,
and the lock is held until then. SQLite needs nothing (one writer).
"""

from __future__ import annotations

from alembic import op

revision = "0011"
down_revision = "0010"


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        "CREATE FUNCTION open_tables_locked(creator TEXT) RETURNS BIGINT LANGUAGE sql VOLATILE AS $$"
        " SELECT pg_advisory_xact_lock(hashtext(coalesce(creator, '')));"
        " SELECT count(*) FROM game_tables WHERE status = 'open' AND created_by = creator;"
        " $$"
    )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION open_tables_locked(TEXT)")
