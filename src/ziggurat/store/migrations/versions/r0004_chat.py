"""Table chat: the messages, and the host's switch for spectators' messages.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:  # (SQLite alters a table by copying it)
        batch.add_column(sa.Column("spectator_chat", sa.Boolean, nullable=False, server_default=sa.true()))
    op.create_table(
        "chat_messages",
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("spectator", sa.Boolean, nullable=False),
        sa.Column("text", sa.String(1200), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat_messages")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("spectator_chat")
