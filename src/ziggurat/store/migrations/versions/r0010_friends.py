"""Friends (whom an account follows) and invitations to tables by username."""

from __future__ import annotations

from alembic import op

from ziggurat.store import columns

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    op.create_table("friends", *columns.friend())
    op.create_table("invitations", *columns.invitation())


def downgrade() -> None:
    op.drop_table("invitations")
    op.drop_table("friends")
