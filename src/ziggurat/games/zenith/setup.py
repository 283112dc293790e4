"""Creating a game (optionally from a position for scenarios) and the complete state as JSON."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ziggurat.engine import Json
from ziggurat.engine.options import check_choices
from ziggurat.engine.reading import bad_setup
from ziggurat.games.zenith.board import BOARDS
from ziggurat.games.zenith.flow import final_result, put, start_turn
from ziggurat.games.zenith.state import COLOURS, NO_PIECES, NO_SPACE, ZenithState, pieces_per_player
from ziggurat.games.zenith.view import public_json

SETUP_KEYS = ("first", "hands", "pieces")


@dataclass(frozen=True)
class ZenithOptions:
    """board: fuji (Mt. Fuji), pikes (Pikes Peak), twin (Twin Peaks) or krakatoa."""

    board: str = field(default="fuji", metadata={"choices": tuple(BOARDS)})

    def __post_init__(self) -> None:
        check_choices(self)


def seat_ref(ref: Any, n: int, what: str) -> int:
    """A seat given as its number or its colour ("green", "orange", ...)."""
    if isinstance(ref, str) and ref in COLOURS[:n]:
        return COLOURS.index(ref)
    if isinstance(ref, str) and ref.isdigit():
        ref = int(ref)
    if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref < n:
        return ref
    raise bad_setup(f"{what}: {ref!r} is not a seat (0 to {n - 1} or {', '.join(COLOURS[:n])}).")


def blank(players: int, board: str) -> ZenithState:
    """An empty board before anyone's turn has started (the player count is checked already)."""
    st = ZenithState()
    st.board = BOARDS[board]
    n = st.n = players
    st.pieces = pieces_per_player(n)
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
    st = blank(players, options.board)
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
    st = blank(data["players"], board)
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
