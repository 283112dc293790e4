"""Friends (whom an account follows) and invitations to tables by username.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def _account(name: str) -> sa.Column[str]:
    return sa.Column(name, sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)


def upgrade() -> None:
    op.create_table(
        "friends",
        _account("account_id"),
        _account("friend_id"),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "invitations",
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
        ),
        _account("account_id"),
        sa.Column("by_name", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("invitations")
    op.drop_table("friends")
