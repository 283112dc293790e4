"""Secret 128-bit seeds, open tables that expire and are capped per address, auto-pass per seat.

- `game_tables.seed` becomes text: a server table's seed has 129 bits (engine/rng.py's keyed stream),
  more than any SQL integer holds. Older small seeds convert to their decimal text.
- `game_tables.touched_at`: when the table last changed (open tables nobody touches expire).
- `game_tables.created_by`: a hash of the creating client's address (open tables are capped per address).
- `seats.auto_pass`: the player asked the server to pass for them when passing is all they can do.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.alter_column(
            "seed", existing_type=sa.BigInteger, type_=sa.String(160), postgresql_using="seed::text"
        )
        batch.add_column(sa.Column("touched_at", sa.Float, nullable=True))
        batch.add_column(sa.Column("created_by", sa.String(64), nullable=True))
        batch.create_index("ix_game_tables_created_by", ["created_by"])
    op.execute("UPDATE game_tables SET touched_at = created_at")
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("auto_pass", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("auto_pass")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_index("ix_game_tables_created_by")
        batch.drop_column("created_by")
        batch.drop_column("touched_at")
        # Only seeds that fit survive going back (a 129-bit seed has no BIGINT form).
        batch.alter_column(
            "seed", existing_type=sa.String(160), type_=sa.BigInteger, postgresql_using="seed::bigint"
        )
