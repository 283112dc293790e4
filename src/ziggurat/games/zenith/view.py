"""What a seat may see: everything (Zenith has no hidden information), plus its own legal actions."""

from __future__ import annotations

from ziggurat.engine import Json
from ziggurat.games.zenith.rules import legal, to_act
from ziggurat.games.zenith.state import COLOURS, ZenithState


def view(st: ZenithState, seat: int | None) -> Json:
    b = st.board
    n = st.n
    out: Json = {
        "game": "zenith",
        "board": b.id,
        "board_name": b.name,
        "levels": [[b.ids[i] for i in b.level_spaces(lv)] for lv in range(b.levels)],
        "players": n,
        "colours": list(COLOURS[:n]),
        "turn": st.turn if st.turn >= 0 else None,
        "to_act": list(to_act(st)),
        "moves": st.moves,
        "pieces": {b.ids[i]: s for i in range(b.size) for s in range(n) if st.own[s] >> i & 1},
        "open": [b.ids[i] for i in range(b.size) if st.open >> i & 1],
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
