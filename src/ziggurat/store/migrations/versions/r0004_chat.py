"""Table chat: the messages, and the host's switch for spectators' messages."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from ziggurat.store import columns

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:  # (SQLite alters a table by copying it)
        batch.add_column(sa.Column("spectator_chat", sa.Boolean, nullable=False, server_default=sa.true()))
    op.create_table("chat_messages", *columns.chat_message())


def downgrade() -> None:
    op.drop_table("chat_messages")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("spectator_chat")
