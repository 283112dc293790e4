"""Ratings: rated tables, each account's rating per game, and every rated game's updates."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from ziggurat.store import columns

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:  # (SQLite alters a table by copying it)
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("rating", sa.Integer, nullable=True))
    op.create_table("ratings", *columns.rating())
    op.create_table("rating_updates", *columns.rating_update())  # with ix_rating_updates_at


def downgrade() -> None:
    op.drop_index("ix_rating_updates_at", "rating_updates")
    op.drop_table("rating_updates")
    op.drop_table("ratings")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("rating")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("rated")
