"""Turn clocks: a table's time control, and the clocks stored with each action.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:  # (SQLite alters a table by copying it)
        batch.add_column(sa.Column("clock", sa.JSON, nullable=True))
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("clock", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("clock")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("clock")
