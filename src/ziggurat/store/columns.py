"""The tables' columns as the migrations that created them declared them, written once: each migration
creates its tables from here, and schema.py (the tables now) adds what later migrations changed. (Not
accounts: 0013 changed the columns 0008 created, so each declares its own.)

A migration is history: the SQL it sends must never change, or databases made before and after the
change would differ. So nothing here changes once a migration uses it: a new or changed column goes in a
new migration and in schema.py. tests/store/test_migration_sql.py pins the SQL every revision sends on
SQLite and on PostgreSQL, and fails on any change here that would alter it.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

Columns = list[sa.Column[Any]]


def table_key() -> sa.Column[str]:
    """The table a row belongs to, first in its primary key; the row goes with the table."""
    return sa.Column(
        "table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )


def account_key(name: str = "account_id") -> sa.Column[str]:
    """An account in a row's primary key; the row goes with the account."""
    return sa.Column(name, sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)


def account_ref() -> sa.Column[str]:
    """The account a row belongs to (indexed, not part of the key); the row goes with the account."""
    return sa.Column(
        "account_id",
        sa.String(32),
        sa.ForeignKey("accounts.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    )


def game_table(seed: sa.types.TypeEngine[Any] | type[sa.types.TypeEngine[Any]]) -> Columns:
    """game_tables as migration 0001 created it, given the seed's type (0002 turned it into text)."""
    return [
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", seed, nullable=False),
        sa.Column("order_seed", sa.BigInteger, nullable=False),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("host", sa.Integer, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=True),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("version", sa.Integer, nullable=False),
    ]


def seat() -> Columns:
    """seats as migration 0001 created them."""
    return [
        table_key(),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("level", sa.String(16), nullable=True),
        sa.Column("has_left", sa.Boolean, nullable=False),
    ]


def logged_action() -> Columns:
    """An action of a table's log, numbered `idx`: actions (0001) and set_aside_actions (0012) begin so."""
    return [
        table_key(),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.String(256), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    ]


def lease() -> Columns:
    """leases (0003)."""
    return [
        table_key(),
        sa.Column("owner", sa.String(64), nullable=False),  # the owning process's node id
        sa.Column("token", sa.BigInteger, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),  # the database's clock, in epoch seconds
    ]


def chat_message() -> Columns:
    """chat_messages (0004)."""
    return [
        table_key(),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),  # the writer's seat; none for a spectator
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("spectator", sa.Boolean, nullable=False),
        sa.Column("text", sa.String(1200), nullable=False),  # (300 characters, up to 4 bytes each)
    ]


def snapshot() -> Columns:
    """snapshots (0007)."""
    return [
        table_key(),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("log", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    ]


def session() -> Columns:
    """sessions (0008)."""
    return [
        sa.Column("id_hash", sa.String(64), primary_key=True),
        account_ref(),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    ]


def rating() -> Columns:
    """ratings (0009): openskill's (mu, sigma) of an account in a game, with its games and wins."""
    return [
        account_key(),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    ]


def rating_update() -> Columns:
    """rating_updates (0009): one account's update at one rated game, and when it was made."""
    return [
        table_key(),
        account_key(),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False, index=True),
    ]


def friend() -> Columns:
    """friends (0010)."""
    return [account_key(), account_key("friend_id"), sa.Column("created_at", sa.Float, nullable=False)]


def invitation() -> Columns:
    """invitations (0010)."""
    return [
        table_key(),
        account_key(),
        sa.Column("by_name", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    ]


def username_key() -> Columns:
    """username_keys (0013)."""
    return [sa.Column("key", sa.String(255), primary_key=True), account_ref()]
