"""The table rules (Zealous rulebook, "Bots and kicked players", applied to every game), as pure
functions that change a copy of a TableRecord or refuse. The actor (table.py) stores and announces."""

from __future__ import annotations

import random
import unicodedata

from ziggurat.server.accounts.tokens import same
from ziggurat.server.errors import Refused, conflict, forbidden
from ziggurat.server.table.clocks import KICKABLE
from ziggurat.server.table.rematch import held
from ziggurat.store import SeatRecord, TableRecord

MAX_NAME = 24


def clean_name(name: str) -> str:
    text = " ".join(name.split())
    if not 1 <= len(text) <= MAX_NAME or any(unicodedata.category(c).startswith("C") for c in text):
        raise Refused("bad-name", f"A name is 1 to {MAX_NAME} printable characters.")
    return text


def seat_of(rec: TableRecord, token_hash: str | None) -> SeatRecord | None:
    """The seat this token belongs to (a human's, or one a bot took over), if any."""
    for s in rec.seats:
        if same(s.token_hash, token_hash):
            return s
    return None


def player(rec: TableRecord, token_hash: str | None) -> SeatRecord:
    s = seat_of(rec, token_hash)
    if s is None:
        raise forbidden("bad-token", "That token holds no seat at this table.")
    if s.kind != "human":
        raise forbidden("kicked", "A bot plays your seat now; you can keep watching.")
    return s


def auto_answer(seat: SeatRecord, decline: str | None, legal: list[str]) -> str | None:
    """The pass the server plays for a person who switched on "pass automatically when I can't react":
    only for a question every seat is asked (`decline` is its pass), and only when passing is all this
    seat can do. A seat that could react decides for itself."""
    if seat.kind == "human" and seat.auto_pass and decline is not None and legal == [decline]:
        return decline
    return None


def host(rec: TableRecord, token_hash: str | None) -> SeatRecord:
    s = player(rec, token_hash)
    if rec.host != s.seat:
        raise forbidden("not-host", "Only the host may do that.")
    return s


def must_be_open(rec: TableRecord) -> None:
    if rec.status != "open":
        raise conflict("not-open", "The game has already started.")


def _empty(s: SeatRecord) -> None:
    s.kind, s.name, s.token_hash, s.level, s.has_left = "empty", "", None, None, False
    s.invite_hash, s.account, s.rating, s.left_version = None, None, None, None


def seat_of_account(rec: TableRecord, account: str) -> SeatRecord | None:
    return next((s for s in rec.seats if s.account == account), None)


def _not_held(s: SeatRecord) -> SeatRecord:
    """A rematch holds a seat for last game's player until they answer: nobody else may take it."""
    if held(s):
        raise conflict("seat-held", f"That seat is held for {s.name} until they answer the rematch.")
    return s


def _bot(s: SeatRecord, level: str, rec: TableRecord) -> None:
    if s.kind != "human":  # a bot that replaces a person keeps that person's name on the seat
        s.name = f"{level.capitalize()} bot {sum(x.kind == 'bot' for x in rec.seats) + 1}"
    s.kind, s.level = "bot", level


def _gone(s: SeatRecord, version: int) -> None:
    """The person leaves the running game at `version` (the first time since they last sat down: a kick
    after a `leave` dates from the leave). Ratings ask whether their seat had moved by then."""
    if s.left_version is None:
        s.left_version = version


def back(s: SeatRecord) -> None:
    """A player who left the running game is back at the table (before anyone kicked them)."""
    s.has_left, s.left_version = False, None


def join(
    rec: TableRecord,
    name: str,
    token_hash: str,
    seat: int | None,
    account: str | None = None,
    rating: int | None = None,
) -> int:
    """Take an empty seat; `account`: a signed-in player's (their seat follows them, and they sit once;
    `rating`: theirs in this game, as shown)."""
    must_be_open(rec)
    name = clean_name(name)
    if rec.rated and account is None:
        raise rated_needs_account()
    if account is not None and seat_of_account(rec, account) is not None:
        raise conflict("already-seated", "You already have a seat at this table.")
    if seat is None:
        free = [s for s in rec.seats if s.kind == "empty" and not held(s)]
        if not free:
            raise conflict("table-full", "Every seat is taken.")
        target = free[0]
    else:
        if not 0 <= seat < len(rec.seats):
            raise Refused("bad-seat", f"Seats are 0 to {len(rec.seats) - 1}.")
        target = rec.seats[seat]
        if target.kind != "empty":
            raise conflict("seat-taken", "That seat is taken.")
        _not_held(target)
    target.kind, target.name, target.token_hash, target.level, target.has_left = (
        "human",
        name,
        token_hash,
        None,
        False,
    )
    target.account, target.rating = account, rating
    if rec.host is None:
        rec.host = target.seat
    return target.seat


def rated_needs_account() -> Refused:
    return forbidden("rated-needs-account", "Sign in to play a rated game: its result rates every player.")


def claim(rec: TableRecord, token_hash: str, account: str, rating: int | None = None) -> bool:
    """A guest who signs up takes their seat (held by this token) into the account; False if the token
    holds none here, an account holds it already, or the account has another seat here."""
    s = seat_of(rec, token_hash)
    if s is None or s.account is not None or seat_of_account(rec, account) is not None:
        return False
    s.account, s.rating = account, rating
    return True


def rekey(rec: TableRecord, account: str, token_hash: str) -> bool:
    """The account's seat answers to a new secret (`token_hash`, whose token nobody holds): every seat
    token handed out for it so far stops working; the account's session still finds it."""
    s = seat_of_account(rec, account)
    if s is None:
        return False
    if s.token_hash is not None:
        s.token_hash = token_hash
    if s.invite_hash is not None:
        s.invite_hash = token_hash
    return True


def next_host(rec: TableRecord, after: int) -> int | None:
    """The next player in seat order, after `after`, who is a person."""
    n = len(rec.seats)
    for k in range(1, n):
        s = rec.seats[(after + k) % n]
        if s.kind == "human":
            return s.seat
    return None


def leave(rec: TableRecord, token_hash: str, version: int) -> None:
    """Before the start the seat empties; during the game (at `version`) the player is gone until they
    come back."""
    s = player(rec, token_hash)
    if rec.status == "open":
        _empty(s)
        if rec.host == s.seat:
            rec.host = next_host(rec, s.seat)
    elif rec.status == "running":
        s.has_left = True
        _gone(s, version)


def _hosts_empty_seat(rec: TableRecord, token_hash: str, seat: int) -> SeatRecord:
    """The seat the host may change before the start: an empty or bot seat (else a clear refusal)."""
    host(rec, token_hash)
    must_be_open(rec)
    s = _seat(rec, seat)
    if s.kind == "human":
        raise conflict("seat-taken", "A player sits there.")
    return _not_held(s)


def fill(rec: TableRecord, token_hash: str, seat: int, level: str) -> None:
    _bot(_hosts_empty_seat(rec, token_hash, seat), level, rec)


def remove(rec: TableRecord, token_hash: str, seat: int, min_players: int) -> None:
    _hosts_empty_seat(rec, token_hash, seat)
    if len(rec.seats) <= min_players:
        raise conflict("too-few-seats", f"This game needs at least {min_players} players.")
    del rec.seats[seat]
    for i, x in enumerate(rec.seats):
        x.seat = i
    rec.players = len(rec.seats)
    if rec.host is not None and rec.host > seat:
        rec.host -= 1


def start(rec: TableRecord, token_hash: str) -> None:
    """Check, then shuffle who sits in which engine seat (from the table's stored order seed). A
    rematch keeps its order: its seats were rotated from the last game, so someone else starts."""
    host(rec, token_hash)
    must_be_open(rec)
    waiting = [s.name for s in rec.seats if held(s)]
    if waiting:
        raise conflict("rematch-pending", f"Waiting for {', '.join(waiting)} to answer the rematch.")
    if any(s.kind == "empty" for s in rec.seats):
        raise conflict("seats-empty", "Fill or remove the empty seats first.")
    n = len(rec.seats)
    order = list(range(n)) if rec.rematch_of else random.Random(rec.order_seed).sample(range(n), n)
    old = rec.seats
    rec.seats = [old[k] for k in order]
    for i, s in enumerate(rec.seats):
        s.seat = i
    rec.host = order.index(rec.host) if rec.host is not None else None
    rec.status = "running"


def kick(
    rec: TableRecord,
    token_hash: str,
    seat: int,
    level: str,
    connected: bool,
    timeouts: int = 0,
    *,
    version: int,
) -> None:
    """The host kicks a player who has left, or whose clock ran out `KICKABLE` times in this game;
    during the game (at `version`) a bot takes the seat over as it stands."""
    me = host(rec, token_hash)
    s = _seat(rec, seat)
    if s.seat == me.seat:
        raise conflict("kick-self", "The host can't kick themselves; leave instead.")
    if s.kind != "human":
        raise conflict("nobody-to-kick", "Nobody sits there.")
    if rec.status == "finished":
        raise conflict("game-over", "The game is over.")
    if not s.has_left and connected and timeouts < KICKABLE:
        why = f"Only a player who has left, or whose time ran out {KICKABLE} times, can be kicked."
        raise conflict("still-here", why)
    if rec.status == "open":
        _empty(s)
    else:
        _bot(s, level, rec)
        _gone(s, version)


def kick_host(
    rec: TableRecord,
    token_hash: str,
    level: str,
    waiting_on_host: bool,
    idle: float,
    wait: float,
    *,
    version: int,
) -> None:
    """Any other player may kick a host the game has waited on, idle, for `wait` seconds."""
    me = player(rec, token_hash)
    if rec.host is None:
        raise conflict("no-host", "This table has no host.")
    if me.seat == rec.host:
        raise conflict("you-are-host", "You are the host.")
    if rec.status == "finished":
        raise conflict("game-over", "The game is over.")
    if not waiting_on_host:
        raise conflict("not-waiting-on-host", "The game isn't waiting on the host.")
    if idle < wait:
        raise conflict("host-not-idle", f"The host has {wait - idle:.0f} more seconds.")
    old = rec.seats[rec.host]
    if rec.status == "open":
        _empty(old)
    else:
        _bot(old, level, rec)
        _gone(old, version)
    rec.host = next_host(rec, old.seat)


def _seat(rec: TableRecord, seat: int) -> SeatRecord:
    if not 0 <= seat < len(rec.seats):
        raise Refused("bad-seat", f"Seats are 0 to {len(rec.seats) - 1}.")
    return rec.seats[seat]
