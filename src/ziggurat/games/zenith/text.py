"""Words for the terminal and logs: events as sentences, the pyramid as text, actions as menu lines."""

from __future__ import annotations

from collections.abc import Sequence

from ziggurat.engine.text import Told, Wording, who
from ziggurat.games.zenith.actions import PARSE
from ziggurat.games.zenith.state import COLOURS, LETTERS, NO_PIECES, ZenithState

OPEN, UNSUPPORTED = ".", "-"


def _eliminated(e: Told) -> str:
    why = "no pieces left" if e.get("reason") == NO_PIECES else "no space left"
    return f"{e.me} is eliminated: {why}."


def _end(e: Told) -> str:
    return f"{' and '.join(map(e.who, e['result']['winners']))} is the last player standing and wins."


WORDING: dict[str, Wording] = {
    "place": "{me} places on {where}.",
    "eliminate": _eliminated,
    "end": _end,
}


def describe_action(st: ZenithState, seat: int, action: str) -> str:
    b = st.board
    i = PARSE[b.id].get(action)
    if i is None:
        return action
    if not b.spaces[i][0]:
        return f"Place on {b.names[i]} ({b.ids[i]})"
    under = ", ".join(COLOURS[o] for j in b.supporters[i] for o in range(st.n) if st.own[o] >> j & 1)
    return f"Place on {b.names[i]}, on {under} ({b.ids[i]})"


def level_lines(st: ZenithState, level: int) -> list[str]:
    """One level as a small triangular grid: rows by r (highest on top), each row shifted by half a
    cell per r so neighbours sit as on the board; a letter per colour, '.' open, '-' not yet supported."""
    b = st.board
    cells = {b.spaces[i][1:]: i for i in b.level_spaces(level)}
    cols = [2 * q + r for q, r in cells]
    left, width = min(cols), max(cols) - min(cols) + 1
    rows = sorted({r for _, r in cells}, reverse=True)
    lines = [f"level {level}".ljust(width)]
    for r in rows:
        row = [" "] * width
        for (q, rr), i in cells.items():
            if rr == r:
                row[2 * q + r - left] = _symbol(st, i)
        lines.append("".join(row))
    return lines


def _symbol(st: ZenithState, i: int) -> str:
    for s in range(st.n):
        if st.own[s] >> i & 1:
            return LETTERS[s]
    return OPEN if st.open >> i & 1 else UNSUPPORTED


def board_text(st: ZenithState, seat: int | None, names: Sequence[str]) -> str:
    b = st.board
    blocks = [level_lines(st, lv) for lv in range(b.levels)]
    height = max(len(x) for x in blocks)
    widths = [max(len(line) for line in x) for x in blocks]
    lines = [f"Zenith on {b.name} — move {st.moves}"]
    if st.options.pieces:
        lines[0] += f" — variant: {st.pieces} pieces each"
    for k in range(height):
        parts = [(x[k] if k < len(x) else "").ljust(w) for x, w in zip(blocks, widths, strict=True)]
        lines.append("   ".join(parts).rstrip())
    out = {s for s, _, _ in st.out}
    for s in range(st.n):
        status = "out" if s in out else f"{st.hand[s]} in hand"
        mark = " <" if s == st.turn else ""
        lines.append(
            f"  {LETTERS[s]} {who(s, names)} ({COLOURS[s]}): {st.own[s].bit_count()} placed, {status}{mark}"
        )
    lines.append(f"  {OPEN} open space, {UNSUPPORTED} not yet supported; spaces are level.q.r")
    if st.result is not None:
        lines.append("Winner: " + ", ".join(who(s, names) for s in st.result.winners))
    elif seat is not None and seat == st.turn:
        lines.append("Your turn.")
    return "\n".join(lines)
