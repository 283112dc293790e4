"""What an Event does once its pair stands, as atomic decisions: one PC (or one card) per action.

Board events spend X one unit at a time: `add:`, `remove:`, `replace:`, or a move as `from:` then
`to:`; `done` stops early. Their territories (`Pending.targets`) were fixed when the pair was
announced. "& MXPCIST" then asks `into:` (a territory where this event removed PC) and moves up to X
of the player's PC into it, one `from:` at a time. Branching stays linear in the board size.
"""

from __future__ import annotations

from ziggurat.engine import emit
from ziggurat.engine.bits import bits
from ziggurat.games.faiths import chits
from ziggurat.games.faiths.actions import (
    A_ADD,
    A_DONE,
    A_FROM,
    A_INTO,
    A_REMOVE,
    A_REPLACE,
    A_TO,
    ADD,
    DONE,
    FROM,
    REMOVE,
    REPLACE,
)
from ziggurat.games.faiths.board import CAPACITY, N_TERRITORIES, TERRITORIES, adjacent
from ziggurat.games.faiths.cards import ADD as K_ADD
from ziggurat.games.faiths.cards import (
    AT,
    ATYAO,
    CARDS,
    DRAW,
    HERESY,
    KIND,
    MOVE,
    MXPCIST,
    MYSTICISM,
    N_CARDS,
    REFORMATION,
)
from ziggurat.games.faiths.cards import REMOVE as K_REMOVE
from ziggurat.games.faiths.deck import draw, spend
from ziggurat.games.faiths.state import EFFECT, GATHER, INTO, OVER, TO, FaithsState, Pending, Phase
from ziggurat.games.faiths.turn import after_pair

_YT = tuple(range(N_TERRITORIES))


def targets_for(st: FaithsState, s: int, scope: int) -> tuple[int, ...]:
    """ATYAO, AT or YT for seat `s` now (called once, when the pair is announced)."""
    occ = st.occupied[s]
    if scope == ATYAO:
        return tuple(bits(occ))
    if scope == AT:
        return tuple(bits(adjacent(occ)))
    return _YT


# --- the choices offered --------------------------------------------------------------------------


def unit_options(st: FaithsState, s: int, p: Pending) -> list[str]:
    """One unit of a board event (without `done`). With the homeland bonus still due, only units
    that involve the homeland."""
    kind = KIND[p.event]
    tot = st.population
    home = st.home[s] if p.home_due else -1
    if kind == K_ADD:
        return [A_ADD[t] for t in p.targets if tot[t] < CAPACITY and (home < 0 or t == home)]
    if kind == MOVE:
        return [A_FROM[t] for t in _move_sources(st, s, p, home)]
    table = A_REMOVE if kind == K_REMOVE else A_REPLACE
    n = st.n
    pc = st.chits
    out = []
    for t in p.targets:
        base = t * n
        if tot[t] == pc[base + s] or (home >= 0 and t != home):
            continue  # nothing opposing here
        row = table[t]
        out.extend([row[o] for o, k in enumerate(pc[base : base + n]) if k and o != s])
    return out


def _move_sources(st: FaithsState, s: int, p: Pending, home: int) -> list[int]:
    tot = st.population
    dests = [d for d in p.targets if tot[d] < CAPACITY]
    if not dests:
        return []
    n = st.n
    pc = st.chits
    if home >= 0 and home not in dests:  # the bonus move must then leave the homeland
        return [home] if pc[home * n + s] and any(d != home for d in dests) else []
    only = dests[0] if len(dests) == 1 else -1  # a PC already there can't move to itself
    return [t for t in range(N_TERRITORIES) if pc[t * n + s] and t != only]


def to_options(st: FaithsState, s: int, p: Pending) -> list[str]:
    tot = st.population
    src = p.src
    home = st.home[s] if p.home_due and src != st.home[s] else -1
    return [A_TO[d] for d in p.targets if d != src and tot[d] < CAPACITY and (home < 0 or d == home)]


def into_options(p: Pending) -> list[str]:
    return [A_INTO[t] for t in bits(p.removed)]


def gather_options(st: FaithsState, s: int, p: Pending) -> list[str]:
    into = p.into
    if not p.left or st.population[into] >= CAPACITY:
        return []
    n = st.n
    pc = st.chits
    return [A_FROM[t] for t in range(N_TERRITORIES) if t != into and pc[t * n + s]]


def legal(st: FaithsState, s: int, phase: int) -> list[str]:
    p = st.pending
    assert p is not None
    if phase == EFFECT:
        out = unit_options(st, s, p)
        if not p.home_due:
            out.append(A_DONE)
        return out
    if phase == TO:
        return to_options(st, s, p)
    if phase == INTO:
        return into_options(p)
    out = gather_options(st, s, p)
    out.append(A_DONE)
    return out


# --- resolving ------------------------------------------------------------------------------------


def resolve(st: FaithsState) -> None:
    """The pair stands: carry out its Event."""
    p = st.pending
    assert p is not None
    s = st.turn
    st.actor = s
    kind = KIND[p.event]
    cid = CARDS[p.event].id
    emit(st, {"type": "resolve", "seat": s, "event": cid, "x": p.x})
    if kind == DRAW:
        draw(st, s, p.x, cid)
        after_pair(st)
    elif kind == REFORMATION:
        turns = (p.x + 1) // 2  # ceil(X/2); bars do not add up, the longer stands
        st.bars[p.opp] = max(st.bars[p.opp], turns)
        emit(st, {"type": "reformation", "seat": s, "opponent": p.opp, "turns": turns})
        after_pair(st)
    elif kind == MYSTICISM:
        _mysticism(st, s, p)
        after_pair(st)
    elif kind == HERESY:
        o = p.opp
        h = st.hand[o]
        if sum(h) <= p.x:  # fewer than X: the whole hand goes
            gone = [c for c in range(N_CARDS) for _ in range(h[c])]
            for c in gone:
                spend(st, o, c)
            emit(st, {"type": "discard", "seat": o, "cards": [CARDS[c].id for c in gone], "reason": "heresy"})
            after_pair(st)
        else:
            p.left = p.x
            st.phase = Phase.HERESY
            st.actor = o
    else:
        p.left = p.x
        st.phase = EFFECT
        opts = unit_options(st, s, p)
        if not opts:
            _effect_done(st, p)
            return
        if not p.home_due:
            opts.append(A_DONE)
        st.cache = (s, opts)


def _mysticism(st: FaithsState, s: int, p: Pending) -> None:
    o = p.opp
    n = st.n
    deck = st.deck
    k = min(2 * p.x, len(deck))  # no reshuffle to show more than the deck holds
    top = deck[len(deck) - k :][::-1]
    h = st.hand[o]
    if any(h):
        st.known[s * n + o] = h[:]
    else:
        st.known.pop(s * n + o, None)
    st.peek[s] = max(st.peek[s], k)
    emit(
        st,
        {
            "type": "mysticism",
            "seat": s,
            "opponent": o,
            "count": k,
            "secret": {
                "hand": [CARDS[c].id for c in range(N_CARDS) for _ in range(h[c])],
                "deck_top": [CARDS[c].id for c in top],
            },
        },
    )


def heresy_discard(st: FaithsState, c: int) -> None:
    p = st.pending
    assert p is not None
    o = p.opp
    spend(st, o, c)
    emit(st, {"type": "discard", "seat": o, "cards": [CARDS[c].id], "reason": "heresy"})
    p.left -= 1
    if not p.left:
        after_pair(st)


def choose(st: FaithsState, s: int, verb: int, x: int, y: int) -> None:
    """Apply one legal choice of the board event in progress."""
    p = st.pending
    assert p is not None
    ph = st.phase
    cid = CARDS[p.event].id
    if verb == DONE:
        emit(st, {"type": "done", "seat": s, "event": cid})
        if ph == EFFECT:
            _effect_done(st, p)
        else:
            after_pair(st)
        return
    if ph == INTO:
        p.into = x
        p.left = p.x
        st.phase = GATHER
        emit(st, {"type": "into", "seat": s, "territory": TERRITORIES[x], "event": cid})
        if not gather_options(st, s, p):
            after_pair(st)
        return
    if ph == GATHER:
        emit(st, {"type": "move", "seat": s, "from": TERRITORIES[x], "to": TERRITORIES[p.into], "event": cid})
        chits.move(st, s, x, p.into)
        if st.phase == OVER:
            return
        p.left -= 1
        if not gather_options(st, s, p):
            after_pair(st)
        return
    if verb == FROM:  # the first half of a move: the destination comes next
        p.src = x
        st.phase = TO
        return
    # Each change is announced before it is made: a win inside it then ends the log.
    t = x
    if verb == ADD:
        emit(st, {"type": "add", "seat": s, "territory": TERRITORIES[t], "event": cid})
        chits.add(st, s, t)
    elif verb == REMOVE:
        emit(st, {"type": "remove", "seat": s, "owner": y, "territory": TERRITORIES[t], "event": cid})
        chits.take(st, y, t)
        p.removed |= 1 << t
    elif verb == REPLACE:
        emit(st, {"type": "replace", "seat": s, "owner": y, "territory": TERRITORIES[t], "event": cid})
        chits.replace(st, s, y, t)
    else:  # TO: the second half of a move
        src = p.src
        p.src = -1
        st.phase = EFFECT
        emit(st, {"type": "move", "seat": s, "from": TERRITORIES[src], "to": TERRITORIES[t], "event": cid})
        chits.move(st, s, src, t)
    if st.phase == OVER:
        return
    p.home_due = False
    p.left -= 1
    if p.left:
        opts = unit_options(st, s, p)
        if opts:
            opts.append(A_DONE)
            st.cache = (s, opts)  # legal() would compute the same list next
            return
    _effect_done(st, p)


def _effect_done(st: FaithsState, p: Pending) -> None:
    if MXPCIST[p.event] and p.removed:
        st.phase = INTO
    else:
        after_pair(st)
