"""Tables, seats and the append-only action log."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from ziggurat.store import columns

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table("game_tables", *columns.game_table(seed=sa.BigInteger))  # with ix_game_tables_status
    op.create_table("seats", *columns.seat())
    op.create_table("actions", *columns.logged_action())


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_index("ix_game_tables_status", "game_tables")
    op.drop_table("game_tables")
