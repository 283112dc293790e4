"""The round: Guru's Insight, the secret choice, resolution in the printed order, the end of the round.

Resolution walks the revealed cards upwards by card number (cards.py orders them as the rulebook
resolves them; a variant's extra copies go by their rank) and stops whenever a player must decide; the
answer resumes it (`advance`).
"""

from __future__ import annotations

from ziggurat.engine import emit
from ziggurat.games.zombology.cards import (
    APOCALYPSE,
    ARMY,
    ARMY_MASK,
    BACK,
    BACKS,
    CURED_MASK,
    ID,
    KIND,
    N_PRINTED,
    N_SUITS,
    OVERRUN,
    PAYRISE,
    SUIT,
    SUIT_MASK,
    SUITS,
    VALUE,
    first,
    ids,
)
from ziggurat.games.zombology.scoring import final_result
from ziggurat.games.zombology.state import (
    ASK_COUNTER,
    ASK_GURU,
    ASK_TARGET,
    CHOOSE,
    INSIGHT,
    NO_CARD,
    NOT_CHOSEN,
    OVER,
    RESOLVE,
    ROUNDS,
    ZombologyState,
)

# --- 1. Guru's Insight ----------------------------------------------------------------------------


def start_round(st: ZombologyState) -> None:
    emit(st, {"type": "round", "round": st.round})
    st.fresh = [0] * st.n
    next_insight(st, 0)


def takeable(st: ZombologyState, s: int, u: int) -> int:
    """Failed cards of suit `u` that `s` may take: not those another player swapped in this round."""
    others = 0
    for t, m in enumerate(st.fresh):
        if t != s:
            others |= m
    return st.centre & SUIT_MASK[u] & ~others


def next_insight(st: ZombologyState, pos: int) -> None:
    """Ask the next (seat, Guru) from `pos` on, in seat order, that has a card it could take.
    Whether the centre holds one is public, so skipping the others tells nobody anything."""
    if st.centre:
        asks = sorted(s * N_SUITS + u for u, s in enumerate(st.guru) if s >= 0 and s * N_SUITS + u >= pos)
        for p in asks:
            if takeable(st, p // N_SUITS, p % N_SUITS):
                st.phase = INSIGHT
                st.insight = p
                return
    st.insight = -1
    start_choose(st)


def swap(st: ZombologyState, s: int, give: int, take: int) -> None:
    g, t = 1 << give, 1 << take
    st.hand[s] ^= g | t
    st.centre ^= g | t
    st.fresh[s] = (st.fresh[s] | g) & ~t
    for o, row in enumerate(st.memory):  # both cards were shown: everyone knows where they are now
        row[s] = (row[s] & ~g) | (t if o != s else 0)
    emit(st, {"type": "swap", "seat": s, "guru": SUITS[SUIT[take]], "gave": ID[give], "took": ID[take]})
    next_insight(st, st.insight + 1)


def pass_insight(st: ZombologyState, s: int) -> None:
    emit(st, {"type": "insight_pass", "seat": s, "guru": SUITS[st.insight % N_SUITS]})
    next_insight(st, st.insight + 1)


# --- 2. The secret choice ------------------------------------------------------------------------


def start_choose(st: ZombologyState) -> None:
    st.phase = CHOOSE
    st.chosen = [NOT_CHOSEN if h else NO_CARD for h in st.hand]
    if NOT_CHOSEN not in st.chosen:
        reveal(st)


def choose(st: ZombologyState, s: int, c: int) -> None:
    st.hand[s] ^= 1 << c
    st.chosen[s] = c
    if st.events is not None:
        emit(st, {"type": "chosen", "seat": s, "back": BACKS[BACK[c]], "secret": {"card": ID[c]}})
    if NOT_CHOSEN not in st.chosen:
        reveal(st)


def reveal(st: ZombologyState) -> None:
    pending = 0
    for c in st.chosen:
        if c >= 0:
            pending |= 1 << c
    st.pending = pending
    hand = st.hand
    for row in st.memory:  # the played cards have left the hands
        row[:] = [m & h for m, h in zip(row, hand, strict=True)]
    if st.events is not None:
        emit(st, {"type": "reveal", "cards": [ID[c] if c >= 0 else None for c in st.chosen]})
        for s, c in enumerate(st.chosen):  # (the arena's card statistics count these, in every game)
            if c >= 0:
                emit(st, {"type": "play", "seat": s, "card": ID[c]})
    st.phase = RESOLVE
    advance(st)


# --- 3. Resolution ---------------------------------------------------------------------------------


def advance(st: ZombologyState) -> None:
    """Resolve played cards in order until a player must decide or the round is over."""
    chosen = st.chosen
    while st.pending:
        if st.pending >> N_PRINTED:  # a variant's extra copy: card order is not play order
            c = first(st.pending)
            low = 1 << c
        else:
            low = st.pending & -st.pending
            c = low.bit_length() - 1
        s = chosen.index(c)
        kind = KIND[c]
        if kind == OVERRUN:
            targets = st.pending ^ low  # every other played card not resolved yet
            if not targets:
                discard(st, c)
                emit(st, {"type": "overrun", "seat": s, "card": ID[c], "target": None})
            elif targets & (targets - 1):
                st.ask = (ASK_TARGET, s, c, -1)
                return
            elif hit(st, s, c, targets.bit_length() - 1):
                return
        elif kind == PAYRISE:
            options = [u for u in st.suits if st.guru[u] != s]
            if not options:
                discard(st, c)
                emit(st, {"type": "payrise", "seat": s, "card": ID[c], "guru": None})
            elif len(options) > 1:
                st.ask = (ASK_GURU, s, c, -1)
                return
            else:
                claim(st, s, c, options[0])
        elif kind == ARMY:
            st.pending ^= low
            st.collection[s] |= low
            emit(st, {"type": "army", "seat": s, "card": ID[c]})
        else:
            therapy(st, s, c)
    end_round(st)


def discard(st: ZombologyState, c: int) -> None:
    """Out of the game: back to the box."""
    b = 1 << c
    st.pending &= ~b
    st.game_box |= b


def hit(st: ZombologyState, s: int, c: int, t: int) -> bool:
    """Overrun `c` of `s` targets `t`. True when its owner must now say whether to counter."""
    o = st.chosen.index(t)
    emit(st, {"type": "overrun", "seat": s, "card": ID[c], "target": ID[t], "owner": o})
    if st.collection[o] & ARMY_MASK:
        st.ask = (ASK_COUNTER, o, c, t)
        return True
    discard(st, t)
    discard(st, c)
    emit(st, {"type": "overrun_hit", "seat": o, "card": ID[t], "by": ID[c]})
    return False


def counter(st: ZombologyState, yes: bool) -> None:
    """The targeted card's owner answers: discard an Army Perimeter (yes) or let the Overrun hit."""
    assert st.ask is not None
    _, o, c, t = st.ask
    st.ask = None
    if yes:
        armies = st.collection[o] & ARMY_MASK
        low = armies & -armies  # the lowest-numbered Army Perimeter goes
        st.collection[o] ^= low
        st.game_box |= low
        emit(st, {"type": "counter", "seat": o, "army": ID[low.bit_length() - 1], "card": ID[c]})
    else:
        discard(st, t)
        emit(st, {"type": "overrun_hit", "seat": o, "card": ID[t], "by": ID[c]})
    discard(st, c)
    advance(st)


def target(st: ZombologyState, t: int) -> None:
    """The asked Overrun's owner names its target."""
    assert st.ask is not None
    _, s, c, _ = st.ask
    st.ask = None
    if not hit(st, s, c, t):
        advance(st)


def guru(st: ZombologyState, u: int) -> None:
    """The asked Pay Rise's owner names the Guru."""
    assert st.ask is not None
    _, s, c, _ = st.ask
    claim(st, s, c, u)
    advance(st)


def claim(st: ZombologyState, s: int, c: int, u: int) -> None:
    prev = st.guru[u]
    st.guru[u] = s
    st.ask = None
    discard(st, c)
    emit(
        st,
        {"type": "payrise", "seat": s, "card": ID[c], "guru": SUITS[u], "from": prev if prev >= 0 else None},
    )


def therapy(st: ZombologyState, s: int, c: int) -> None:
    """A prerequisite is a card of the suit, of value at least v - 1, in any collection now; the owner of
    the suit's Guru needs only v - 2 (Intuition)."""
    b = 1 << c
    st.pending ^= b
    u, v = SUIT[c], VALUE[c]
    best = st.best[u]
    need = v - 1
    intuition = st.guru[u] == s
    if intuition:
        need -= 1
    ok = need <= 0 or best >= need
    if ok:
        st.collection[s] |= b
        if v > best:
            st.best[u] = v
    else:
        st.centre |= b
    if st.events is not None:
        used = ok and intuition and v > 1 and best < v - 1
        emit(st, {"type": "therapy", "seat": s, "card": ID[c], "success": ok, "intuition": used})


# --- 4. Victory, defeat, or the next round ----------------------------------------------------


def end_round(st: ZombologyState) -> None:
    st.ask = None
    if any(m & CURED_MASK for m in st.collection) or st.round >= ROUNDS:
        st.phase = OVER
        st.result = final_result(st.collection, st.suits)
        emit(st, {"type": "end", "round": st.round, "result": st.result.to_json()})
        return
    n = st.n
    old = st.hand
    memory = st.memory
    for o in range(n):  # everything known moves left with the hands
        new = memory[o][-1:] + memory[o][:-1]
        new[(o + 1) % n] |= old[o]  # o remembers the hand it passed on
        new[o] = 0
        memory[o] = new
    record = st.events is not None
    for s in range(n if record else 0):
        emit(
            st,
            {
                "type": "pass",
                "seat": s,
                "to": (s + 1) % n,
                "count": old[s].bit_count(),
                "secret": {"cards": ids(old[s])},
            },
        )
    st.hand = [old[s - 1] for s in range(n)]
    deck = st.deck[APOCALYPSE]
    for s in range(n):
        if deck:
            c = deck.pop()
            st.hand[s] |= 1 << c
            if record:
                emit(st, {"type": "draw", "seat": s, "back": "apocalypse", "secret": {"card": ID[c]}})
        else:
            emit(st, {"type": "draw", "seat": s, "back": "apocalypse", "empty": True})
    st.chosen = [NOT_CHOSEN] * n
    st.round += 1
    start_round(st)
