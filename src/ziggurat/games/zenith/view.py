"""What a seat may see: everything (Zenith has no hidden information), plus its own legal actions."""

from __future__ import annotations

from functools import cache

from ziggurat.engine import Json
from ziggurat.games.zenith.board import Board
from ziggurat.games.zenith.rules import legal, to_act
from ziggurat.games.zenith.state import COLOURS, ZenithState


@cache
def _levels(b: Board) -> tuple[tuple[str, ...], ...]:
    """Each level's space ids: fixed per board, so worked out once (a server builds a view per seat
    per move)."""
    return tuple(tuple(b.ids[i] for i in b.level_spaces(lv)) for lv in range(b.levels))


def _spaces(mask: int) -> list[int]:
    """The spaces in a bit mask, in order (its set bits, not every space)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def view(st: ZenithState, seat: int | None) -> Json:
    b = st.board
    n = st.n
    ids = b.ids
    owner = {i: s for s in range(n) for i in _spaces(st.own[s])}
    out: Json = {
        "game": "zenith",
        "board": b.id,
        "board_name": b.name,
        "levels": [list(level) for level in _levels(b)],
        "players": n,
        "colours": list(COLOURS[:n]),
        "turn": st.turn if st.turn >= 0 else None,
        "to_act": list(to_act(st)),
        "moves": st.moves,
        "pieces": {ids[i]: owner[i] for i in sorted(owner)},
        "open": [ids[i] for i in _spaces(st.open)],
        "hands": st.hand[:],
        "on_board": [m.bit_count() for m in st.own],
        "eliminated": [{"seat": s, "reason": r, "moves": m} for s, r, m in st.out],
        "result": st.result.to_json() if st.result is not None else None,
    }
    if seat is not None and 0 <= seat < n:
        out["seat"] = seat
        out["colour"] = COLOURS[seat]
        out["legal"] = legal(st, seat)
    return out
