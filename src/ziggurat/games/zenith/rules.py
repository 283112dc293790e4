"""Legal actions and applying them: the hot path for bots and benchmarks, kept lean."""

from __future__ import annotations

from ziggurat.engine import IllegalAction
from ziggurat.engine.bits import picked
from ziggurat.games.zenith import flow
from ziggurat.games.zenith.actions import A_PLACE, PARSE, PLACE
from ziggurat.games.zenith.state import COLOURS, ZenithState


def to_act(st: ZenithState) -> tuple[int, ...]:
    return () if st.turn < 0 else (st.turn,)


def legal(st: ZenithState, s: int) -> list[str]:
    if s != st.turn or s < 0:  # turn is -1 once the game is over
        return []
    return picked(A_PLACE[st.board.id], st.placeable(s))


def play(st: ZenithState, s: int, action: str) -> None:
    """A legal placement: the piece goes down, the next seat able to place has the turn."""
    i = PARSE[st.board.id][action]
    flow.put(st, s, i)
    st.hand[s] -= 1
    st.moves += 1
    if st.events is not None:
        b = st.board
        st.events.append({"type": "place", "seat": s, "space": b.ids[i], "where": b.names[i]})
    flow.start_turn(st, s + 1 if s + 1 < st.n else 0)


def not_asked(st: ZenithState, s: int) -> IllegalAction:
    if not st.alive >> s & 1:
        return IllegalAction("eliminated", "You have been eliminated: you can't place any more.")
    return IllegalAction("not-your-turn", "It isn't your turn.")


def refuse(st: ZenithState, s: int, action: str) -> IllegalAction | None:
    """Why a placement is refused, in the player's terms."""
    if not action.startswith(PLACE):
        return IllegalAction("unknown-action", f'Unknown action {action!r}; Zenith has only "place:<space>".')
    b = st.board
    sid = action[len(PLACE) :]
    i = b.index.get(sid)
    if i is None:
        return IllegalAction(
            "unknown-space",
            f"{b.name} has no space {sid!r}; spaces are written level.q.r, e.g. {b.ids[0]}.",
        )
    if st.occupied >> i & 1:
        return IllegalAction("occupied", f"{sid} already holds a piece.")
    sup = b.supporters[i]
    empty = [b.ids[j] for j in sup if not st.occupied >> j & 1]
    if empty:
        verb = "is" if len(empty) == 1 else "are"
        return IllegalAction(
            "space-not-open", f"{sid} is not open: {', '.join(empty)} below it {verb} still empty."
        )
    if not st.own[s] & b.support_mask[i]:
        colours = ", ".join(COLOURS[o] for j in sup for o in range(st.n) if st.own[o] >> j & 1)
        return IllegalAction(
            "no-own-support", f"{sid} rests on {colours}: none of the three is yours ({COLOURS[s]})."
        )
    return None  # pragma: no cover - every other placement is legal
