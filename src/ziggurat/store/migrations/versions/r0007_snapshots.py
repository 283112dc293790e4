"""Snapshots: a running table's state and log entries at some version, so that a restart replays only
the actions after it (a cache: the action log stays the truth).
"""

from __future__ import annotations

from alembic import op

from ziggurat.store import columns

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    op.create_table("snapshots", *columns.snapshot())


def downgrade() -> None:
    op.drop_table("snapshots")
