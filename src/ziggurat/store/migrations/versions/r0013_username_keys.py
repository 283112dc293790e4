# ruff: noqa: RUF002  (the docstring shows look-alike letters)
"""Usernames that look alike are one name: every account's look-alike keys, recomputed.

The key that made a username unique folded capital I into l before case, so `ADMIN` and `admin` were
two names, and it missed most look-alikes (`ɑdmin`, `adrnin`, `admiṇ`). A username now has one or two
keys (`ziggurat.lookalike`), held in `username_keys`, where no two accounts may share one.

Accounts made before may now collide. Nobody loses their account: accounts are taken oldest first,
each gets every key of its name that no older account holds, and the older account keeps the shared
keys, so every look-alike spelling finds it. A younger account whose keys are all taken still signs in,
and is still found (friends, invitations, profile), by its username written exactly as it is shown:
lookups try the exact username first (`Accounts.by_name`). No new account can take any of these names.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from ziggurat import lookalike
from ziggurat.store import columns

revision = "0013"
down_revision = "0012"

_accounts = sa.table(
    "accounts",
    sa.column("id", sa.String),
    sa.column("username", sa.String),
    sa.column("username_key", sa.String),
    sa.column("created_at", sa.Float),
)
_keys = sa.table("username_keys", sa.column("key", sa.String), sa.column("account_id", sa.String))


def _oldest_first(conn: sa.Connection) -> list[tuple[str, str]]:
    q = sa.select(_accounts.c.id, _accounts.c.username).order_by(_accounts.c.created_at, _accounts.c.id)
    return [(str(i), str(n)) for i, n in conn.execute(q)]


def upgrade() -> None:
    op.create_table("username_keys", *columns.username_key())  # with ix_username_keys_account_id
    conn = op.get_bind()
    held: set[str] = set()
    rows = []
    for account_id, username in _oldest_first(conn):
        for k in lookalike.keys(username):
            if k not in held:
                held.add(k)
                rows.append({"key": k, "account_id": account_id})
    if rows:
        conn.execute(_keys.insert(), rows)
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("username_key")
        batch.create_index("ix_accounts_username", ["username"])


def downgrade() -> None:
    """Back to one unique key per account: the case-blind key, and for an account whose key an older
    one holds, that key with its id (it signs in by no spelling then; upgrading again restores it)."""
    with op.batch_alter_table("accounts") as batch:
        batch.drop_index("ix_accounts_username")
        batch.add_column(sa.Column("username_key", sa.String(128), nullable=True))
    conn = op.get_bind()
    held: set[str] = set()
    for account_id, username in _oldest_first(conn):
        k = lookalike.key(username)[:100]
        k = k if k not in held else f"{k}#{account_id}"
        held.add(k)
        conn.execute(_accounts.update().where(_accounts.c.id == account_id).values(username_key=k))
    with op.batch_alter_table("accounts") as batch:
        batch.alter_column("username_key", existing_type=sa.String(128), nullable=False)
        batch.create_unique_constraint("uq_accounts_username_key", ["username_key"])
    op.drop_index("ix_username_keys_account_id", "username_keys")
    op.drop_table("username_keys")
