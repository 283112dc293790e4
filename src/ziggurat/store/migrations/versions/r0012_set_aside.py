"""Set-aside actions: the moves a repaired table no longer plays, kept out of its log.

Servers before this one could restore a table from a snapshot whose random stream a JSON reader had
rounded; its later moves were made in a game that its log no longer replays. Such a table now plays on
from the last move its log replays, and the moves after it move here (server/table/restore.py), never deleted.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "set_aside_actions",
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.String(256), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("clock", sa.Text, nullable=True),
        sa.Column("set_aside_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("set_aside_actions")
