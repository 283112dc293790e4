"""Ratings: rated tables, each account's rating per game, and every rated game's updates.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:  # (SQLite alters a table by copying it)
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("rating", sa.Integer, nullable=True))
    op.create_table(
        "ratings",
        sa.Column(
            "account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "rating_updates",
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column(
            "account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_rating_updates_at", "rating_updates", ["at"])


def downgrade() -> None:
    op.drop_index("ix_rating_updates_at", "rating_updates")
    op.drop_table("rating_updates")
    op.drop_table("ratings")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("rating")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("rated")
