"""Legal actions and applying them: the hot path for bots and benchmarks, kept lean."""

from __future__ import annotations

from collections.abc import Callable

from ziggurat.engine import IllegalAction, emit
from ziggurat.games.zealous import flow
from ziggurat.games.zealous.actions import (
    A_BIRTH,
    A_MOVE,
    A_PLACE,
    A_PLAY,
    A_SKIP,
    A_STAY,
    A_TILE,
    BIRTH,
    MOVE,
    PARSE,
    PLACE,
    PLAY,
    SKIP,
    STAY,
)
from ziggurat.games.zealous.board import N_TILES, STEPS, TILES
from ziggurat.games.zealous.cards import AFTER_MOVE, CARDS
from ziggurat.games.zealous.effects import EFFECTS, play_card
from ziggurat.games.zealous.state import OVER, PROLIFERATION, REBIRTH, Phase, ZealousState

CARD_NOT_VALID = "This card isn't valid this turn."
_FIRST_AFTER_MOVE = min(i for i, c in enumerate(CARDS) if c.timing == AFTER_MOVE)


def to_act(st: ZealousState) -> tuple[int, ...]:
    ph = st.phase
    if ph == OVER:
        return ()
    if ph == PROLIFERATION:
        return (st.short_supply[0][0],)
    return (st.turn,)


def legal(st: ZealousState, s: int) -> list[str]:
    ph = st.phase
    if ph == OVER:
        return []
    if ph == PROLIFERATION:
        entry = st.short_supply[0]
        if s != entry[0]:
            return []
        m = entry[1]
        return [A_TILE[t] for t in range(N_TILES) if m >> t & 1]
    if s != st.turn:
        return []
    if st.stack:
        fr = st.stack[-1]
        options: list[str] = EFFECTS[fr.card].options(st, s, fr)
        return options
    return _LEGAL_IN[ph](st, s)


def _births(st: ZealousState, s: int) -> list[str]:
    return [A_BIRTH[b] for b in flow.free_birth_sites(st)]


def _moves(st: ZealousState, s: int) -> list[str]:
    out = []
    if not st.card_played:
        hand = st.hand[s]
        for c in range(_FIRST_AFTER_MOVE):  # step-1 cards, Salvation, and Exodus (as the move)
            if hand[c] and EFFECTS[c].playable(st, s):
                out.append(A_PLAY[c])
    for t in STEPS[st.n >= 5][st.prophet[s]]:
        out.append(A_MOVE[t])
    out.append(A_STAY)
    return out


def _placements(st: ZealousState, s: int) -> list[str]:
    out = [A_PLACE[t] for t in flow.placement_tiles(st, s)]
    if not st.card_played:
        hand = st.hand[s]
        for c in range(_FIRST_AFTER_MOVE, len(CARDS)):
            if hand[c] and EFFECTS[c].playable(st, s):
                out.append(A_PLAY[c])
    out.append(A_SKIP)
    return out


# The turn's own choices in each phase where a seat is asked for them (no card being resolved).
_LEGAL_IN: dict[int, Callable[[ZealousState, int], list[str]]] = {
    Phase.SETUP: _births,
    Phase.REBIRTH: _births,
    Phase.MOVE: _moves,
    Phase.PLACE: _placements,
}


def play(st: ZealousState, s: int, action: str) -> None:
    """Apply a legal action."""
    verb, x, y = PARSE[action]
    ph = st.phase
    if ph == PROLIFERATION:
        flow.proliferate_choice(st, x)
    elif st.stack:
        fr = st.stack[-1]
        EFFECTS[fr.card].choose(st, s, fr, verb, x, y)
    elif verb == MOVE:
        flow.move_prophet(st, s, x)
        st.phase = Phase.PLACE
    elif verb == PLACE:
        flow.add(st, s, x)
        emit(st, {"type": "place", "seat": s, "tile": TILES[x]})
        flow.end_turn(st)
    elif verb == PLAY:
        st.hand[s][x] -= 1
        st.card_played = True
        emit(st, {"type": "play", "seat": s, "card": CARDS[x].id})
        play_card(st, s, x)
    elif verb == STAY:
        emit(st, {"type": "stay", "seat": s, "tile": TILES[st.prophet[s]]})
        st.phase = Phase.PLACE
    elif verb == SKIP:
        emit(st, {"type": "skip", "seat": s})
        flow.end_turn(st)
    elif verb == BIRTH:
        st.prophet[s] = x
        emit(st, {"type": "birth", "seat": s, "tile": TILES[x], "rebirth": ph == REBIRTH})
        if ph == REBIRTH:
            st.phase = Phase.MOVE
        elif (nxt := flow.next_birth(st, s)) is not None:
            st.turn = nxt
        else:
            st.round = 1
            emit(st, {"type": "round", "round": 1})
            flow.start_turn(st, 0)
    else:  # pragma: no cover - legal() never offers anything else
        raise AssertionError(action)


def refuse(st: ZealousState, s: int, action: str) -> IllegalAction | None:
    """Why an asked seat's action is refused, without a word about anything `s` may not see."""
    parsed = PARSE.get(action)
    if parsed is None:
        return IllegalAction("unknown-action", f"Unknown action {action!r}.")
    verb, x, _ = parsed
    # Rulings (card windows): *any* held card that cannot be played now gets "This card isn't valid
    # this turn." -- also before the rebirth (timing) and while another card resolves (one card).
    if verb == PLAY and st.phase in (Phase.REBIRTH, Phase.MOVE, Phase.PLACE):
        if not st.hand[s][x]:
            return IllegalAction("card-not-in-hand", f"You don't hold {CARDS[x].name}.")
        return IllegalAction("card-not-valid", CARD_NOT_VALID)
    return None


__all__ = ["CARD_NOT_VALID", "legal", "play", "refuse", "to_act"]
