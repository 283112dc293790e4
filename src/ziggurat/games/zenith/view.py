"""What a seat may see: everything (Zenith has no hidden information), plus its own legal actions."""

from __future__ import annotations

from functools import cache

from ziggurat.engine import Json
from ziggurat.engine.bits import bits
from ziggurat.games.zenith.board import Board
from ziggurat.games.zenith.state import COLOURS, ZenithState


@cache
def _levels(b: Board) -> tuple[tuple[str, ...], ...]:
    """Each level's space ids: fixed per board, so worked out once (a server builds a view per seat
    per move)."""
    return tuple(tuple(b.ids[i] for i in b.level_spaces(lv)) for lv in range(b.levels))


def public_json(st: ZenithState) -> Json:
    """What a spectator sees and the stored state holds alike (a designer's variant only when there is
    one: the printed game's JSON is as it always was)."""
    b = st.board
    owner = {i: s for s in range(st.n) for i in bits(st.own[s])}
    out: Json = {
        "board": b.id,
        "turn": st.turn if st.turn >= 0 else None,
        "moves": st.moves,
        "pieces": {b.ids[i]: owner[i] for i in sorted(owner)},
        "hands": st.hand[:],
        "eliminated": [{"seat": s, "reason": r, "moves": m} for s, r, m in st.out],
    }
    variant = st.options.variant
    if variant:
        out["variant"] = dict(variant)
    return out


def view(st: ZenithState, seat: int | None) -> Json:
    b = st.board
    out: Json = {
        **public_json(st),
        "board_name": b.name,
        "levels": [list(level) for level in _levels(b)],
        "colours": list(COLOURS[: st.n]),
        "open": [b.ids[i] for i in bits(st.open)],
        "on_board": [m.bit_count() for m in st.own],
    }
    if seat is not None:
        out["colour"] = COLOURS[seat]
    return out
