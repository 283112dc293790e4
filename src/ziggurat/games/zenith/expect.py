"""Scenario expectations for Zenith (docs/games/zenith.md): compact checks on the state.

Seats may be named as in the scenario (name or number) or by colour ("green", "orange", ...).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ziggurat.engine.expect import SeatOf, seat_values
from ziggurat.games.zenith.setup import state_to_json
from ziggurat.games.zenith.state import COLOURS, ZenithState


def expect(st: ZenithState, key: str, value: Any, seat_of: SeatOf) -> list[str] | None:
    n = st.n

    def seat(ref: Any) -> int:
        if isinstance(ref, str) and ref in COLOURS[:n]:
            return COLOURS.index(ref)
        return seat_of(ref)

    check = _CHECKS.get(key)
    return None if check is None else check(st, key, value, seat)


def _pieces(st: ZenithState, key: str, value: Any, seat: SeatOf) -> list[str]:
    """{space: seat or null}: only the spaces named are checked."""
    b = st.board
    errors = []
    for sid, want in value.items():
        if sid not in b.index:
            errors.append(f"{b.name} has no space {sid!r}")
            continue
        i = b.index[sid]
        got = next((s for s in range(st.n) if st.own[s] >> i & 1), None)
        need = None if want is None else seat(want)
        if got != need:
            errors.append(f"{sid} holds {_colour(got)}, expected {_colour(need)}")
    return errors


def _per_seat(st: ZenithState, key: str, value: Any, seat: SeatOf) -> list[str]:
    """hands / on_board: a list per seat, or {seat: count}."""
    return seat_values(key, st.hand if key == "hands" else [m.bit_count() for m in st.own], value, seat)


def _open(st: ZenithState, key: str, value: Any, seat: SeatOf) -> list[str]:
    """Exactly these spaces are open (any order)."""
    b = st.board
    spaces = sorted(b.ids[i] for i in range(b.size) if st.open >> i & 1)
    return [] if spaces == sorted(value) else [f"open spaces are {spaces}, expected {sorted(value)}"]


def _eliminated(st: ZenithState, key: str, value: Any, seat: SeatOf) -> list[str]:
    """Seats in the order they went out, each a seat or {seat, reason?, moves?}."""
    full = state_to_json(st)["eliminated"]
    wanted = [w if isinstance(w, dict) else {"seat": w} for w in value]
    same = len(full) == len(wanted) and all(
        entry.get(k) == (seat(v) if k == "seat" else v)
        for entry, want in zip(full, wanted, strict=True)
        for k, v in want.items()
    )
    return [] if same else [f"eliminated: {full}, expected {value}"]


def _scalar(st: ZenithState, key: str, value: Any, seat: SeatOf) -> list[str]:
    """turn (a seat, or null once over), moves, board."""
    got = {"turn": st.turn if st.turn >= 0 else None, "moves": st.moves, "board": st.board.id}[key]
    want = seat(value) if key == "turn" and value is not None else value
    return [] if got == want else [f"{key} is {got!r}, expected {want!r}"]


def _colour(s: int | None) -> str:
    return "nothing" if s is None else COLOURS[s]


_CHECKS: dict[str, Callable[[ZenithState, str, Any, SeatOf], list[str]]] = {
    "pieces": _pieces,
    "hands": _per_seat,
    "on_board": _per_seat,
    "open": _open,
    "eliminated": _eliminated,
    "turn": _scalar,
    "moves": _scalar,
    "board": _scalar,
}
