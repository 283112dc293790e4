"""Rematch ("Play again"): tables point to their rematch and back; seats held for last game's people."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:  # (SQLite alters a table by copying it)
        batch.add_column(sa.Column("rematch_of", sa.String(32), nullable=True))
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("invite_hash")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("rematch")
        batch.drop_column("rematch_of")
