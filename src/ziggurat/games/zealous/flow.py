"""Turn flow: set-up, rebirth, move, place, the end of the round (tallying and proliferation).

Shared helpers that the card effects also use live here (placing, removing, drawing, killing).
"""

from __future__ import annotations

from ziggurat.engine import Result, emit
from ziggurat.games.zealous.board import (
    BIRTH_SITES,
    DISTANCE,
    HOLY,
    JUDGMENT,
    KIND,
    MIRACLE,
    N_TILES,
    OFF_BOARD_DISTANCE,
    STEPS,
    TILES,
)
from ziggurat.games.zealous.cards import CARDS, DECK_OF, DECKS, DIVINE
from ziggurat.games.zealous.cards import JUDGMENT as JUDGMENT_DECK
from ziggurat.games.zealous.cards import MIRACLE as MIRACLE_DECK
from ziggurat.games.zealous.state import MOVE, OVER, PROLIFERATION, REBIRTH, ZealousState

# --- events -------------------------------------------------------------------------------------


# --- board queries ------------------------------------------------------------------------------


def big(st: ZealousState) -> int:
    """1 with 5-6 players (Birth Sites are ordinary tiles for followers), else 0."""
    return 1 if st.n >= 5 else 0


def placement_tiles(st: ZealousState, s: int) -> list[int]:
    """Where `s` may place a follower now: connected to the prophet's tile, no opponent's prophet,
    never the prophet's own tile, never a Birth Site with 3-4 players; needs a follower in supply."""
    p = st.prophet[s]
    if p < 0 or st.supply[s] == 0:
        return []
    blocked = 0
    for o, q in enumerate(st.prophet):
        if q >= 0 and o != s:
            blocked |= 1 << q
    return [t for t in STEPS[st.n >= 5][p] if not blocked >> t & 1]


def targets(st: ZealousState, s: int, t: int) -> list[int]:
    """Opponents of `s` with a follower on tile `t` that `s`'s cards may touch (no Sanctuary)."""
    n = st.n
    f = st.followers
    base = t * n
    sanct = st.sanctuary
    return [o for o in range(n) if o != s and f[base + o] and not sanct[o] >> t & 1]


def has_target(st: ZealousState, s: int, t: int) -> bool:
    n = st.n
    f = st.followers
    base = t * n
    sanct = st.sanctuary
    return any(o != s and f[base + o] and not sanct[o] >> t & 1 for o in range(n))


def own_tiles(st: ZealousState, s: int, at_least: int = 1) -> list[int]:
    n = st.n
    f = st.followers
    return [t for t in range(N_TILES) if f[t * n + s] >= at_least]


# --- changing the board ------------------------------------------------------------------------


def add(st: ZealousState, s: int, t: int, count: int = 1) -> None:
    st.followers[t * st.n + s] += count
    st.supply[s] -= count


def remove(st: ZealousState, o: int, t: int, count: int = 1) -> None:
    st.followers[t * st.n + o] -= count
    st.supply[o] += count


def relocate(st: ZealousState, o: int, t: int, u: int, count: int = 1) -> None:
    n = st.n
    st.followers[t * n + o] -= count
    st.followers[u * n + o] += count


def draw(st: ZealousState, deck: int) -> int | None:
    """Top card of a deck; an empty deck is rebuilt from its shuffled discard pile only now."""
    cards = st.deck[deck]
    if not cards:
        pile = st.discard[deck]
        if not pile:
            return None
        cards.extend(pile)
        pile.clear()
        st.rng.shuffle(cards)
        emit(st, {"type": "reshuffle", "deck": DECKS[deck]})
    return cards.pop()


def draw_to_hand(st: ZealousState, s: int, deck: int) -> None:
    c = draw(st, deck)
    if c is None:
        emit(st, {"type": "draw", "seat": s, "deck": DECKS[deck], "empty": True})
        return
    st.hand[s][c] += 1
    emit(st, {"type": "draw", "seat": s, "deck": DECKS[deck], "secret": {"card": CARDS[c].id}})


def move_prophet(st: ZealousState, s: int, t: int, card: str | None = None) -> None:
    """An ordinary move (step 2 or Exodus): kill whoever stands there, draw for the tile."""
    emit(st, {"type": "move", "seat": s, "from": TILES[st.prophet[s]], "to": TILES[t], "card": card})
    for o, q in enumerate(st.prophet):
        if q == t and o != s:
            st.prophet[o] = -1
            emit(st, {"type": "kill", "seat": s, "victim": o, "tile": TILES[t]})
            draw_to_hand(st, o, DIVINE)  # at once; playable from the victim's next turn
    st.prophet[s] = t
    kind = KIND[t]
    if kind == MIRACLE:
        draw_to_hand(st, s, MIRACLE_DECK)
    elif kind == JUDGMENT:
        draw_to_hand(st, s, JUDGMENT_DECK)


def discard_card(st: ZealousState, c: int) -> None:
    st.discard[DECK_OF[c]].append(c)


# --- turns and rounds -----------------------------------------------------------------------------


def free_birth_sites(st: ZealousState) -> list[int]:
    taken = set(st.prophet)
    return [b for b in BIRTH_SITES if b not in taken]


def start_turn(st: ZealousState, s: int) -> None:
    st.turn = s
    st.card_played = False
    if st.sanctuary[s]:  # a player's Sanctuaries end at the start of their next turn, dead or alive
        st.sanctuary[s] = 0
        emit(st, {"type": "sanctuary_end", "seat": s})
    st.phase = REBIRTH if st.prophet[s] < 0 else MOVE


def end_turn(st: ZealousState) -> None:
    nxt = st.turn + 1
    if nxt == st.n:
        nxt = 0
    if nxt == st.first:  # everyone has had their turn (printed: the round opens with seat 0)
        end_round(st)
    else:
        start_turn(st, nxt)


def end_round(st: ZealousState) -> None:
    n = st.n
    f = st.followers
    # First, Tallying: every follower earns its owner points (Holy City 2, elsewhere 1).
    gained = [0] * n
    holy = st.holy
    for t in range(N_TILES):
        w = holy if t == HOLY else 1
        base = t * n
        for s in range(n):
            k = f[base + s]
            if k:
                gained[s] += k * w
    for s in range(n):
        st.score[s] += gained[s]
    emit(st, {"type": "tally", "round": st.round, "points": gained, "scores": st.score[:]})

    # Second, Proliferation: decide every tile from the board as it is now, then add.
    gains = [0] * n
    famine = st.famine
    for t in range(N_TILES):
        if famine >> t & 1:
            continue
        base = t * n
        row = f[base : base + n]
        total = sum(row)
        if total:
            for s in range(n):
                if 2 * row[s] > total:
                    gains[s] |= 1 << t
                    break
    added: dict[str, list[int]] = {}
    for s in range(n):
        mask = gains[s]
        if not mask:
            continue
        need = mask.bit_count()
        if st.supply[s] >= need:
            for t in range(N_TILES):
                if mask >> t & 1:
                    add(st, s, t)
                    added.setdefault(TILES[t], []).append(s)
        elif st.supply[s] > 0:  # short: the player chooses which tiles get one
            st.short_supply.append([s, mask, st.supply[s]])
    emit(
        st,
        {
            "type": "proliferate",
            "round": st.round,
            "added": added,
            "short": [{"seat": s, "tiles": mask_tiles(m), "count": k} for s, m, k in st.short_supply],
        },
    )
    if st.short_supply:
        st.phase = PROLIFERATION
        return
    finish_round(st)


def proliferate_choice(st: ZealousState, t: int) -> None:
    entry = st.short_supply[0]
    s = entry[0]
    add(st, s, t)
    entry[1] &= ~(1 << t)
    entry[2] -= 1
    emit(st, {"type": "proliferate_choice", "seat": s, "tile": TILES[t]})
    if entry[2] == 0:
        st.short_supply.pop(0)
    if not st.short_supply:
        finish_round(st)


def finish_round(st: ZealousState) -> None:
    if st.famine:
        st.famine = 0  # Famine ends after this round's proliferation
    if (st.target is not None and max(st.score) >= st.target) or (
        st.max_rounds is not None and st.round >= st.max_rounds
    ):
        st.phase = OVER
        st.result = final_result(st)
        emit(st, {"type": "end", "result": st.result.to_json()})
        return
    st.round += 1
    emit(st, {"type": "round", "round": st.round})
    st.first = first_of_round(st)
    start_turn(st, st.first)


def first_of_round(st: ZealousState) -> int:
    """Who opens the current round: seat 0 (printed), or one seat on each round in the variant."""
    if st.options.first_player == "rotating" and st.round > 0:
        return (st.round - 1) % st.n
    return 0


def next_birth(st: ZealousState, s: int) -> int | None:
    """Who chooses a Birth Site after seat s at the set-up (None: everyone has): seat order, or the
    reverse in the variant that compensates the first seats."""
    if st.options.birth_order == "reversed":
        return s - 1 if s > 0 else None
    return s + 1 if s + 1 < st.n else None


def final_result(st: ZealousState) -> Result:
    """Highest score; ties to the tied prophet nearest the Holy City; still tied, shared."""
    keys = [(-st.score[s], DISTANCE[p] if p >= 0 else OFF_BOARD_DISTANCE) for s, p in enumerate(st.prophet)]
    ranks = tuple(1 + sum(1 for k in keys if k < mine) for mine in keys)
    winners = tuple(s for s in range(st.n) if ranks[s] == 1)
    return Result(winners=winners, ranks=ranks, scores=tuple(float(x) for x in st.score))


def mask_tiles(mask: int) -> list[str]:
    return [TILES[t] for t in range(N_TILES) if mask >> t & 1]
