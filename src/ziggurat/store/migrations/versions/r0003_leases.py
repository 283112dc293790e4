"""Leases: which server process owns a table, until when, with which fencing token."""

from __future__ import annotations

from alembic import op

from ziggurat.store import columns

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    op.create_table("leases", *columns.lease())


def downgrade() -> None:
    op.drop_table("leases")
