"""Plain records the store reads and writes (no SQLAlchemy types leak out of the store)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

Status = Literal["open", "running", "finished"]
SeatKind = Literal["empty", "human", "bot"]


@dataclass
class SeatRecord:
    seat: int
    kind: SeatKind = "empty"
    name: str = ""
    token_hash: str | None = None  # sha256 of the seat token; kept after a kick so the player can watch
    level: str | None = None  # bot level when kind == "bot"
    has_left: bool = False
    # During the game: the table's version when the person last left it (left, or a bot took the seat
    # over); None while they sit. A rated game asks whether their seat had moved by then.
    left_version: int | None = None
    auto_pass: bool = False  # the server passes for this person when passing is all they can do
    # At a rematch: sha256 of the token this person held at the last game. An empty seat with one is
    # held for them until they accept or decline (server/table/rematch.py).
    invite_hash: str | None = None
    # The account that holds this seat (a signed-in player's seats follow them to any device); at a
    # rematch, also the account a held seat waits for.
    account: str | None = None
    rating: int | None = None  # the account's rating in this game as shown (at sitting down; after: the new)


@dataclass
class TableRecord:
    id: str
    game: str
    options: dict[str, Any]
    players: int
    seed: int  # the game's seed (129 bits on a server): never sent before the game ends (it fixes every deal)
    order_seed: int  # shuffles who sits in which engine seat at the start
    status: Status = "open"
    host: int | None = 0
    created_at: float = 0.0
    started_at: float | None = None
    finished_at: float | None = None
    result: dict[str, Any] | None = None
    version: int = 0  # written at the start and the end; the action log is the truth in between
    touched_at: float | None = None  # the last change of the table row (open tables expire after a while)
    created_by: str | None = None  # a hash of the creating client's address (open tables are capped per one)
    spectator_chat: bool = True  # the host's switch: may spectators write in the chat
    rematch_of: str | None = None  # the finished table this one is the rematch of
    rematch: str | None = None  # the rematch of this (finished) table, once someone asked for it
    clock: dict[str, Any] | None = None  # the time control chosen at creation (server/table/clocks.py)
    rated: bool = False  # the result moves the players' ratings (else a friendly game)
    seats: list[SeatRecord] = field(default_factory=list)

    def copy(self) -> TableRecord:
        """A copy to change and save, sharing nothing mutable with this one (which stays as stored
        until the save succeeds). By hand: `copy.deepcopy`'s generic walk was a visible share of a
        lobby request, which copies a record for every change."""
        new = copy.copy(self)
        new.options, new.result, new.clock = _copied(self.options), _copied(self.result), _copied(self.clock)
        new.seats = [copy.copy(s) for s in self.seats]
        return new


def _copied(value: Any) -> Any:
    """A JSON value, copied all the way down."""
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copied(v) for v in value]
    return value


@dataclass
class Snapshot:
    """A running table as it stood at `version`: a cache that spares a restart the replay of its log up
    to there (the log stays the truth: a snapshot that doesn't fit it is ignored). `state` is the
    engine's `to_json` and `log` the table's log entries (and who was asked since when), both JSON
    text, written at `at`."""

    table_id: str
    version: int
    state: str
    log: str
    at: float = 0.0
    fence: int | None = None  # when written: the writer's lease token (several processes)


@dataclass
class Restoring:
    """What a table's rebuild reads: its snapshot, if it has one that fits the stored log, and the
    actions after it (all of them without one), as (seat, action)."""

    snapshot: Snapshot | None
    actions: list[tuple[int, str]]
    last: tuple[int, str] | None = None  # the stored action at the snapshot's version (its last one)


@dataclass
class AccountRecord:
    id: str
    username: str  # as the player wrote it (NFKC): shown at tables
    password_hash: str  # Argon2id, with its parameters (argon2-cffi's encoded form)
    created_at: float = 0.0


class RatedSeat(NamedTuple):
    """What rating a finished game needs of one seat: who held it and how it ended for them."""

    account: str | None
    kind: str
    level: str | None
    has_left: bool
    left_version: int | None = None  # SeatRecord.left_version


@dataclass(frozen=True)
class RatingChange:
    """One account's rating update at one rated game: (mu, sigma) before and after, and its rank."""

    account: str
    seat: int
    rank: int
    before: tuple[float, float]
    after: tuple[float, float]
