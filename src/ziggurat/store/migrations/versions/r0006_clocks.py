"""Turn clocks: a table's time control, and the clocks stored with each action."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


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
