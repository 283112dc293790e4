"""Rematch ("Play again") as pure functions on TableRecords, like seating.py; the actor stores them.

The first player of a finished table to ask makes the rematch: same game, options and number of seats,
everyone moved one seat on (seat i -> i + 1), so someone else plays first. Bots keep their levels; the
asker sits as the host; every other person's seat is held for them (by the hash of their old token)
until they accept or decline. Its seats are not shuffled at the start: the rotation is the order.
"""

from __future__ import annotations

import secrets
import time

from ziggurat.engine import secret_seed
from ziggurat.server.accounts.tokens import same
from ziggurat.server.errors import conflict, forbidden
from ziggurat.store import SeatRecord, TableRecord


def asker(rec: TableRecord, token_hash: str | None) -> SeatRecord:
    """The person of this finished table who asks for a rematch (else a clear refusal)."""
    me = next((s for s in rec.seats if same(s.token_hash, token_hash)), None)
    if me is None:
        raise forbidden("not-a-player", "Only the players of this table can ask for a rematch.")
    if me.kind != "human":
        raise forbidden("kicked", "A bot played your seat: you can watch the rematch.")
    if rec.status != "finished":
        raise conflict("not-finished", "A rematch is offered once the game is over.")
    return me


def new_table(old: TableRecord, me: SeatRecord, seat_hash: str, created_by: str | None) -> TableRecord:
    """The rematch of `old`, asked by `me` (who sits there with the token hashed as `seat_hash`)."""
    n, now = len(old.seats), time.time()
    seats = [SeatRecord(i) for i in range(n)]
    for s in old.seats:
        new = seats[(s.seat + 1) % n]
        if s.kind == "bot":
            new.kind, new.name, new.level = "bot", s.name, s.level
        else:  # held for that person (the asker accepts at once)
            new.name, new.invite_hash, new.account, new.rating = s.name, s.token_hash, s.account, s.rating
    host = seats[(me.seat + 1) % n]
    host.kind, host.token_hash = "human", seat_hash
    return TableRecord(
        id=secrets.token_urlsafe(6),
        game=old.game,
        options=dict(old.options),
        players=n,
        seed=secret_seed(),
        order_seed=secrets.randbits(63),
        host=host.seat,
        created_at=now,
        touched_at=now,
        created_by=created_by,
        spectator_chat=old.spectator_chat,
        rematch_of=old.id,
        clock=old.clock,
        rated=old.rated,
        seats=seats,
    )


def held(s: SeatRecord) -> bool:
    """An empty seat kept for someone who hasn't answered the rematch yet."""
    return s.kind == "empty" and s.invite_hash is not None


def _invited(rec: TableRecord, old_hash: str) -> SeatRecord:
    if rec.status != "open":
        raise conflict("not-open", "The rematch has already started.")
    s = next((s for s in rec.seats if same(s.invite_hash, old_hash)), None)
    if s is None:
        raise forbidden(
            "not-invited", "No seat is held for you here: you declined, or you weren't at the last game."
        )
    if s.kind == "human":
        raise conflict("already-answered", "You have already accepted this rematch.")
    return s


def accept(rec: TableRecord, old_hash: str, seat_hash: str) -> int:
    """The person whose old token hashes to `old_hash` takes their held seat, with a new token."""
    s = _invited(rec, old_hash)
    s.kind, s.token_hash = "human", seat_hash
    if rec.host is None:  # (the host left meanwhile: as at a join)
        rec.host = s.seat
    return s.seat


def decline(rec: TableRecord, old_hash: str) -> None:
    """The held seat becomes an ordinary empty seat: the host may fill it, anyone may join."""
    s = _invited(rec, old_hash)
    s.name, s.invite_hash, s.account, s.rating = "", None, None, None
