"""The schema, as SQLAlchemy Core tables. Migrations (migrations/versions) create exactly this; the
columns a table still has as its migration created it are declared once, in columns.py."""

from __future__ import annotations

import sqlalchemy as sa

from ziggurat.store.columns import (
    chat_message,
    friend,
    game_table,
    invitation,
    lease,
    logged_action,
    rating,
    rating_update,
    seat,
    session,
    snapshot,
    username_key,
)

metadata = sa.MetaData()

game_tables = sa.Table(
    "game_tables",
    metadata,
    # The seed is decimal text: a server table's has 129 bits (the keyed stream), more than SQL integers hold.
    *game_table(seed=sa.String(160)),
    sa.Column("touched_at", sa.Float, nullable=True),  # the last change: open tables nobody touches expire
    sa.Column("created_by", sa.String(64), nullable=True, index=True),  # a hash of the creator's address
    # The host's switch: may spectators write in the table's chat.
    sa.Column("spectator_chat", sa.Boolean, nullable=False, server_default=sa.true()),
    # "Play again": the table this one is the rematch of, and this one's rematch.
    sa.Column("rematch_of", sa.String(32), nullable=True),
    sa.Column("rematch", sa.String(32), nullable=True),
    # The time control chosen at creation ({mode, bank, increment}); none: no clock (server/table/clocks.py).
    sa.Column("clock", sa.JSON, nullable=True),
    # Rated (the result moves its players' ratings) or friendly: the creator's choice.
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
)

seats = sa.Table(
    "seats",
    metadata,
    *seat(),
    # The table's version when the person left the game (left, or a bot took the seat over); none while
    # they sit. Ratings: someone who leaves before their seat's first move leaves an unrated seat.
    sa.Column("left_version", sa.Integer, nullable=True),
    sa.Column("auto_pass", sa.Boolean, nullable=False, server_default=sa.false()),
    # At a rematch: the hash of the token this seat's person held at the last game (held for them).
    sa.Column("invite_hash", sa.String(64), nullable=True),
    # The account holding the seat (none for guests and bots): its seats follow it to any device.
    sa.Column("account_id", sa.String(32), nullable=True, index=True),
    # That account's rating in this game when it sat down (after the game: the new one), as shown.
    sa.Column("rating", sa.Integer, nullable=True),
)

# Append-only. The primary key (table_id, idx) is also the optimistic lock: two writers that both
# believe they are at version v cannot both store action v + 1.
actions = sa.Table(
    "actions",
    metadata,
    *logged_action(),
    # At a table with a clock: every seat's clock just before this action, as JSON (server/table/clocks.py).
    sa.Column("clock", sa.Text, nullable=True),
)

# Actions taken out of a table's log when it was repaired (a table whose log stopped replaying after a
# server of the affected versions restored it from a rounded snapshot: docs/server.md, "Snapshots"):
# kept as they were, never replayed. `idx` is the number the action had in the log.
set_aside_actions = sa.Table(
    "set_aside_actions",
    metadata,
    *logged_action(),
    sa.Column("clock", sa.Text, nullable=True),
    sa.Column("set_aside_at", sa.Float, nullable=False),
)

# Which server process owns a table now (several processes on one PostgreSQL): a lease that expires
# unless renewed, and a fencing token that goes up with every new owner. Every write of a table's
# owner carries its token; a write with an older one is refused, so a process that lost its lease (a
# pause, a partition) can never overwrite what the new owner stored. One process on SQLite needs none.
leases = sa.Table("leases", metadata, *lease())

# A table's chat, append-only: (table_id, seq) numbers the messages 1, 2, 3... as versions number the
# actions, so a client that reconnects asks for what came after the last one it saw.
chat_messages = sa.Table("chat_messages", metadata, *chat_message())

# A running table's snapshot (at most one): its state (the engine's to_json) and log entries at
# `version`, as JSON text. A cache for restarts, never the truth: one that doesn't fit the action log
# (beyond it, or unreadable after a rules change) is ignored and the table replays its whole log.
snapshots = sa.Table("snapshots", metadata, *snapshot())

# Accounts: a username (as shown) and an Argon2id password hash. Guests need none.
accounts = sa.Table(
    "accounts",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("username", sa.String(64), nullable=False, index=True),
    sa.Column("password_hash", sa.String(256), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)

# The look-alike keys of each account's username (ziggurat.lookalike: one or two): no two accounts
# share a key, so a name that looks like a taken one is taken, from any process at once.
username_keys = sa.Table("username_keys", metadata, *username_key())

# Signed-in browsers: the sha256 of the session cookie's secret, never the secret itself.
sessions = sa.Table("sessions", metadata, *session())

# An account's rating per game (server/table/ratings.py): openskill's (mu, sigma), with its games and wins.
ratings = sa.Table("ratings", metadata, *rating())

# Every rated game's updates, stored with the game (one row per account at the table), and when they
# were made (`at`, in the order of commits): the ratings can be rebuilt from the results and checked.
rating_updates = sa.Table("rating_updates", metadata, *rating_update())

# Friends: whom an account follows (one way: adding someone needs nobody's consent, as on Board Game
# Arena); the lobby shows the tables where they sit.
friends = sa.Table("friends", metadata, *friend())

# Invitations to a table, by username: the invited account sees them in its lobby while the table is open.
invitations = sa.Table("invitations", metadata, *invitation())
