"""Set-aside actions: the moves a repaired table no longer plays, kept out of its log.

Servers before this one could restore a table from a snapshot whose random stream a JSON reader had
rounded; its later moves were made in a game that its log no longer replays. Such a table now plays on
from the last move its log replays, and the moves after it move here (server/table/restore.py), never deleted.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from ziggurat.store import columns

revision = "0012"
down_revision = "0011"


def upgrade() -> None:
    op.create_table(
        "set_aside_actions",
        *columns.logged_action(),
        sa.Column("clock", sa.Text, nullable=True),
        sa.Column("set_aside_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("set_aside_actions")
