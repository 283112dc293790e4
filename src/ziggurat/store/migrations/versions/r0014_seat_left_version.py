"""`seats.left_version`: when, in the game's versions, the person left their seat.

Set when a player leaves a running game or a bot takes their seat over (a kick), cleared when they come
back. A rated game's end asks whether their seat had moved by then: someone who leaves before it did
is not rated for that game, and their seat counts for nobody (server/table/ratings.py). Seats written before
this revision have none: their departures count as after a move.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("left_version", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("left_version")
