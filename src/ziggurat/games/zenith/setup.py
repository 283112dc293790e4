"""Creating a game (optionally from a position for scenarios) and the complete state as JSON."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Any

from ziggurat.engine import InputError, Json
from ziggurat.engine.options import check_choices, parse
from ziggurat.engine.reading import bad_setup
from ziggurat.games.zenith.board import BOARDS, Board
from ziggurat.games.zenith.flow import final_result, put, start_turn
from ziggurat.games.zenith.state import COLOURS, NO_PIECES, NO_SPACE, ZenithState, pieces_per_player
from ziggurat.games.zenith.view import public_json

SETUP_KEYS = ("first", "hands", "pieces")


MOST_PIECES = max(b.size for b in BOARDS.values())  # Twin Peaks' 39 spaces: more could never be placed


@dataclass(frozen=True)
class ZenithOptions:
    """board: fuji (Mt. Fuji), pikes (Pikes Peak), twin (Twin Peaks) or krakatoa.

    Variant, for designers (the default is the printed rule):
    pieces: each player's pieces. 0 (printed): the rulebook's count, 58 each with two players and 29
      each with three or four, more than any board has spaces, so pieces never run out and only
      blocking decides. Otherwise 1 to the board's spaces (Mt. Fuji 20, Pikes Peak 35, Twin Peaks 39,
      Krakatoa 27; more could never be placed): the players start with that many in hand, and
      running out is part of the game, as the printed rules already say: a player with no piece left
      at the start of their turn is eliminated, like one with no space. When the game is created,
      the players' pieces together must also outnumber the ground spaces, that is at least
      ground // players + 1 each (Mt. Fuji's 10 ground spaces with 3 players: 4): with fewer, nobody
      could ever be blocked, and the last seat would win whatever anyone played. (Just above that
      floor blocking is still rare, so the last seat usually wins: the arena shows how often.)"""

    board: str = field(default="fuji", metadata={"choices": tuple(BOARDS)})
    pieces: int = field(default=0, metadata={"min": 0, "max": MOST_PIECES, "variant": True})

    def __post_init__(self) -> None:
        check_choices(self)
        p = self.pieces
        if p and type(p) is int:  # (a wrong type is `parse`'s to refuse)
            b = BOARDS[self.board]
            if p > b.size:
                raise ValueError(
                    f"pieces: {b.name} has {b.size} spaces, so nobody can place more than {b.size} pieces:"
                    f" give at most {b.size}, or 0 for the printed count."
                )

    @cached_property
    def variant(self) -> Json:
        """The designer's options that differ from the printed game's: {} when none do. (Every view
        shows it: worked out once per options.)"""
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.metadata.get("variant") and getattr(self, f.name) != f.default
        }

    def pieces_each(self, players: int) -> int:
        """Each player's pieces at the start: the variant's, else the rulebook's for this many."""
        return self.pieces or pieces_per_player(players)


def fewest_pieces(board: Board, players: int) -> int:
    """The smallest `pieces` variant that leaves the game open: the players' pieces together must
    outnumber the ground spaces, or nobody can ever be blocked."""
    return board.ground.bit_count() // players + 1


def check_pieces(options: ZenithOptions, players: int) -> None:
    """Refuse (bad-options) a pieces variant too small for this board and player count."""
    p = options.pieces
    b = BOARDS[options.board]
    lo = fewest_pieces(b, players)
    if p and p < lo:
        ground = b.ground.bit_count()
        raise InputError(
            "bad-options",
            f"pieces: with {players} players, {p} pieces each ({p * players} in all) can't fill the"
            f" {ground} ground spaces of {b.name}, so nobody could ever be blocked and the last seat"
            f" would win whatever anyone played; give {lo} to {b.size}, or 0 for the printed count"
            f" ({pieces_per_player(players)}).",
        )


def seat_ref(ref: Any, n: int, what: str) -> int:
    """A seat given as its number or its colour ("green", "orange", ...)."""
    if isinstance(ref, str) and ref in COLOURS[:n]:
        return COLOURS.index(ref)
    if isinstance(ref, str) and ref.isdigit():
        ref = int(ref)
    if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref < n:
        return ref
    raise bad_setup(f"{what}: {ref!r} is not a seat (0 to {n - 1} or {', '.join(COLOURS[:n])}).")


def blank(players: int, options: ZenithOptions) -> ZenithState:
    """An empty board before anyone's turn has started (the player count is checked already)."""
    if options.pieces:
        check_pieces(options, players)
    st = ZenithState()
    st.board = BOARDS[options.board]
    st.options = options
    n = st.n = players
    st.pieces = options.pieces_each(n)
    st.turn = 0
    st.moves = 0
    st.own = [0] * n
    st.occupied = 0
    st.open = st.board.ground
    st.reach = [0] * n
    st.hand = [st.pieces] * n
    st.alive = (1 << n) - 1
    st.out = []
    st.events = None
    st.cache = None
    st.result = None
    return st


def _place_all(st: ZenithState, pieces: Any, owner: Callable[[Any, str], int]) -> None:
    """Put pieces given as {space id: seat} on the board, checking that each one is supported."""
    if not isinstance(pieces, Mapping):
        raise bad_setup('"pieces" must map a space id such as "0.1.2" to a seat.')
    b = st.board
    at: dict[int, int] = {}
    for sid, who in pieces.items():
        if sid not in b.index:
            raise bad_setup(f"{b.name} has no space {sid!r}; spaces are written level.q.r, e.g. {b.ids[0]}.")
        at[b.index[sid]] = owner(who, sid)
    for i in sorted(at):  # index order is level order: supporters come first
        missing = [b.ids[j] for j in b.supporters[i] if j not in at]
        if missing:
            raise bad_setup(f"a piece on {b.ids[i]} needs pieces on {', '.join(missing)} below it.")
        put(st, at[i], i)


def _hands(st: ZenithState, hands: Any, owner: Callable[[Any, str], int]) -> list[int]:
    n = st.n
    if isinstance(hands, list):
        if len(hands) != n:
            raise bad_setup(f'"hands" needs one count per seat ({n}).')
        pairs = list(enumerate(hands))
    elif isinstance(hands, Mapping):
        pairs = [(owner(k, "hands"), v) for k, v in hands.items()]
    else:
        raise bad_setup('"hands" must be a list of counts per seat, or {seat: count}.')
    out = [st.pieces - m.bit_count() for m in st.own]
    for s, k in pairs:
        if not isinstance(k, int) or isinstance(k, bool) or k < 0:
            raise bad_setup(f"hands: {k!r} is not a count of pieces.")
        out[s] = k
    return out


def new_state(
    players: int, options: ZenithOptions, seed: int, setup: Mapping[str, Any], events: list[Json] | None
) -> ZenithState:
    """No randomness in Zenith: `seed` is accepted for the contract and ignored."""
    st = blank(players, options)
    st.events = events
    n = st.n

    def owner(ref: Any, where: str) -> int:
        return seat_ref(ref, n, where)

    _place_all(st, setup.get("pieces") or {}, owner)
    st.hand = _hands(st, setup.get("hands", [st.pieces - m.bit_count() for m in st.own]), owner)
    _check_counts(st, bad_setup)
    start_turn(st, owner(setup.get("first", 0), "first"))
    return st


def _check_counts(st: ZenithState, bad: Callable[[str], Exception]) -> None:
    for s in range(st.n):
        if st.own[s].bit_count() + st.hand[s] > st.pieces:
            raise bad(f"{COLOURS[s]} would have more than {st.pieces} pieces (on the board and in hand).")


# --- the complete state as JSON ---------------------------------------------------------------------


def state_to_json(st: ZenithState) -> Json:
    return public_json(st)  # nothing in Zenith is hidden


def _int(x: Any, what: str) -> int:
    if not isinstance(x, int) or isinstance(x, bool):
        raise ValueError(f"{what} must be an integer, not {x!r}")
    return x


def state_from_json(data: Mapping[str, Any]) -> ZenithState:
    board = data.get("board", "fuji")
    if board not in BOARDS:
        raise ValueError(f"unknown board {board!r}; boards: {', '.join(BOARDS)}")
    variant = data.get("variant") or {}
    if not isinstance(variant, Mapping) or "board" in variant:
        raise ValueError("variant must be an object of the designer's options (the board is given apart)")
    options: ZenithOptions = parse(ZenithOptions, {**variant, "board": board}, "Zenith")
    st = blank(data["players"], options)
    n = st.n

    def owner(ref: Any, where: str) -> int:
        s = _int(ref, f"the seat on {where}")
        if not 0 <= s < n:
            raise ValueError(f"no seat {s} (on {where})")
        return s

    _place_all(st, data.get("pieces") or {}, owner)
    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) != n or any(_int(k, "a hand") < 0 for k in hands):
        raise ValueError(f"hands must be {n} non-negative counts")
    st.hand = list(hands)
    _check_counts(st, ValueError)
    st.moves = _int(data.get("moves", 0), "moves")
    for e in data.get("eliminated") or []:
        s = owner(e["seat"], "eliminated")
        if not st.alive >> s & 1:
            raise ValueError(f"seat {s} is eliminated twice")
        if e["reason"] not in (NO_SPACE, NO_PIECES):
            raise ValueError(f"unknown reason {e['reason']!r}")
        st.alive &= ~(1 << s)
        st.out.append((s, e["reason"], _int(e["moves"], "moves")))
    if st.moves < 0 or any(not 0 <= m <= st.moves for _, _, m in st.out):
        raise ValueError("move counts must be between 0 and the moves made")
    if st.alive & (st.alive - 1) == 0:
        if not st.alive:
            raise ValueError("someone must be left in the game")
        if data.get("turn") is not None:
            raise ValueError("the game is over: turn must be null")
        st.turn = -1
        st.result = final_result(st)
        return st
    turn = data.get("turn")
    if turn is None:
        raise ValueError("turn is null, but more than one player is still in")
    st.turn = owner(turn, "turn")
    if not st.alive >> st.turn & 1:
        raise ValueError(f"seat {st.turn} is eliminated and can't have the turn")
    if not st.placeable(st.turn):
        raise ValueError(f"seat {st.turn} has the turn but no legal placement (it should be eliminated)")
    return st
