"""What each card does, as atomic decisions.

A played card pushes a frame [card, step, a, b] on the state's stack; `options` lists the choices for
the frame on top and `choose` applies one. A card that needs no choice resolves in `begin`. When a
card has finished it calls `finish`, which discards it and hands control back to the frame below
(Vision and Salvation wait there for the Miracles they play).

"Opponent's follower" always means one that its owner's Sanctuary does not protect (flow.targets).
"""

from __future__ import annotations

from typing import Any

from ziggurat.engine import emit
from ziggurat.games.zealous import flow
from ziggurat.games.zealous.actions import A_CARD, A_DONE, A_FOLLOWER, A_TILE, DONE
from ziggurat.games.zealous.board import ADJ, BIRTH, KIND, N_TILES, STEPS, TILES
from ziggurat.games.zealous.cards import CARDS, MIRACLE
from ziggurat.games.zealous.state import PLACE, ZealousState

Frame = list[Any]


class Effect:
    """Default: a card that needs one tile (or follower) choice after it is played."""

    def playable(self, st: ZealousState, s: int) -> bool:
        raise NotImplementedError

    def begin(self, st: ZealousState, s: int, fr: Frame) -> None:
        """Called right after the frame is pushed; resolve at once or leave it waiting."""

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        raise NotImplementedError

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        raise NotImplementedError

    def child_done(self, st: ZealousState, s: int, fr: Frame) -> None:
        finish(st, s)


def play_card(st: ZealousState, s: int, c: int) -> None:
    """Start resolving card `c` (already out of the hand) for seat `s`."""
    fr: Frame = [c, 0, None, None]
    st.stack.append(fr)
    EFFECTS[c].begin(st, s, fr)


def finish(st: ZealousState, s: int) -> None:
    fr = st.stack.pop()
    flow.discard_card(st, fr[0])
    if st.stack:
        parent = st.stack[-1]
        EFFECTS[parent[0]].child_done(st, s, parent)


def _tiles(ts: list[int]) -> list[str]:
    return [A_TILE[t] for t in ts]


def _no_birth(st: ZealousState, t: int) -> bool:
    """Followers may end on tile t (never a Birth Site with 3-4 players)."""
    return st.n >= 5 or KIND[t] != BIRTH


# --- Miracles ---------------------------------------------------------------------------------


class Revelation(Effect):
    def playable(self, st: ZealousState, s: int) -> bool:
        return bool(flow.placement_tiles(st, s))

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return _tiles(flow.placement_tiles(st, s))

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        flow.add(st, s, x)
        emit(st, {"type": "place", "seat": s, "tile": TILES[x], "card": "revelation"})
        finish(st, s)


class Multitude(Effect):
    def playable(self, st: ZealousState, s: int) -> bool:
        return st.supply[s] > 0 and bool(flow.own_tiles(st, s, 2))

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return _tiles(flow.own_tiles(st, s, 2))

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        flow.add(st, s, x)
        emit(st, {"type": "add", "seat": s, "tile": TILES[x], "count": 1, "card": "multitude"})
        finish(st, s)


class BeFruitful(Effect):
    """Adds one everywhere; short of supply, the player picks tiles one at a time (a = left to add,
    b = mask of tiles still eligible)."""

    def playable(self, st: ZealousState, s: int) -> bool:
        return st.supply[s] > 0 and bool(flow.own_tiles(st, s))

    def begin(self, st: ZealousState, s: int, fr: Frame) -> None:
        tiles = flow.own_tiles(st, s)
        if st.supply[s] >= len(tiles):
            for t in tiles:
                flow.add(st, s, t)
            emit(
                st,
                {
                    "type": "add",
                    "seat": s,
                    "tiles": [TILES[t] for t in tiles],
                    "count": 1,
                    "card": "be_fruitful",
                },
            )
            finish(st, s)
            return
        fr[2] = st.supply[s]
        fr[3] = sum(1 << t for t in tiles)

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        m = fr[3]
        return [A_TILE[t] for t in range(N_TILES) if m >> t & 1]

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        flow.add(st, s, x)
        emit(st, {"type": "add", "seat": s, "tile": TILES[x], "count": 1, "card": "be_fruitful"})
        fr[2] -= 1
        fr[3] &= ~(1 << x)
        if fr[2] == 0:
            finish(st, s)


class Pilgrimage(Effect):
    """Steps: 0 pick a follower's tile, 1 its destination, 2 a second follower or done, 3 its
    destination. a = source tile; b = where the first moved follower now stands (it can't move again)."""

    def playable(self, st: ZealousState, s: int) -> bool:
        return bool(self._sources(st, s, -1))

    def _sources(self, st: ZealousState, s: int, moved_to: int) -> list[int]:
        n = st.n
        f = st.followers
        steps = STEPS[n >= 5]
        out = []
        for t in range(N_TILES):
            k = f[t * n + s] - (t == moved_to)
            if k > 0 and steps[t]:
                out.append(t)
        return out

    def begin(self, st: ZealousState, s: int, fr: Frame) -> None:
        fr[3] = -1

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        step = fr[1]
        if step == 0:
            return _tiles(self._sources(st, s, -1))
        if step == 2:
            return [*_tiles(self._sources(st, s, fr[3])), A_DONE]
        return _tiles(list(STEPS[st.n >= 5][fr[2]]))

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        step = fr[1]
        if step == 2 and verb == DONE:
            finish(st, s)
        elif step in (0, 2):
            fr[2] = x
            fr[1] = step + 1
        else:
            flow.relocate(st, s, fr[2], x)
            emit(
                st,
                {
                    "type": "relocate",
                    "seat": s,
                    "owner": s,
                    "from": TILES[fr[2]],
                    "to": TILES[x],
                    "card": "pilgrimage",
                },
            )
            if step == 3:
                finish(st, s)
                return
            fr[3] = x
            fr[1] = 2
            if not self._sources(st, s, x):
                finish(st, s)


class Sanctuary(Effect):
    def _tiles(self, st: ZealousState, s: int) -> list[int]:
        m = st.sanctuary[s]
        return [t for t in flow.own_tiles(st, s) if not m >> t & 1]

    def playable(self, st: ZealousState, s: int) -> bool:
        return bool(self._tiles(st, s))

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return _tiles(self._tiles(st, s))

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        st.sanctuary[s] |= 1 << x
        emit(st, {"type": "sanctuary", "seat": s, "tile": TILES[x]})
        finish(st, s)


def _distinct_playable(st: ZealousState, s: int, cards: list[int]) -> list[int]:
    out: list[int] = []
    for c in cards:
        if c not in out and EFFECTS[c].playable(st, s):
            out.append(c)
    return out


class Vision(Effect):
    """a = the drawn Miracles. Step 0: choose which to play; step 1: waiting for it to resolve."""

    def playable(self, st: ZealousState, s: int) -> bool:
        return True

    def begin(self, st: ZealousState, s: int, fr: Frame) -> None:
        drawn = [c for c in (flow.draw(st, MIRACLE), flow.draw(st, MIRACLE)) if c is not None]
        fr[2] = drawn
        emit(
            st,
            {
                "type": "reveal",
                "seat": s,
                "card": "vision",
                "count": len(drawn),
                "secret": {"cards": [CARDS[c].id for c in drawn]},
            },
        )
        if not _distinct_playable(st, s, drawn):
            _keep(st, s, drawn)
            fr[2] = []
            finish(st, s)

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return [A_CARD[c] for c in _distinct_playable(st, s, fr[2])]

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        rest = fr[2]
        rest.remove(x)
        _keep(st, s, rest)
        fr[2] = []
        fr[1] = 1
        emit(st, {"type": "play", "seat": s, "card": CARDS[x].id, "via": "vision"})
        play_card(st, s, x)


def _keep(st: ZealousState, s: int, cards: list[int]) -> None:
    if cards:
        for c in cards:
            st.hand[s][c] += 1
        emit(
            st,
            {
                "type": "keep",
                "seat": s,
                "count": len(cards),
                "secret": {"cards": [CARDS[c].id for c in cards]},
            },
        )


class Salvation(Effect):
    """a = the drawn Miracles not played yet. At each pick the player plays one that can be played
    now; the others stay, because a pick may make them playable (Revelation's follower makes Multitude
    or Sanctuary possible). When none of those left can be played, they are all discarded."""

    def playable(self, st: ZealousState, s: int) -> bool:
        return True

    def begin(self, st: ZealousState, s: int, fr: Frame) -> None:
        drawn = [c for c in (flow.draw(st, MIRACLE) for _ in range(3)) if c is not None]
        fr[2] = drawn
        emit(
            st,
            {
                "type": "reveal",
                "seat": s,
                "card": "salvation",
                "count": len(drawn),
                "secret": {"cards": [CARDS[c].id for c in drawn]},
            },
        )
        self._next(st, s, fr)

    def _next(self, st: ZealousState, s: int, fr: Frame) -> None:
        pool: list[int] = fr[2]
        if any(EFFECTS[c].playable(st, s) for c in pool):
            return  # the player picks the next one
        if pool:
            for c in pool:
                flow.discard_card(st, c)
            emit(
                st, {"type": "discard", "seat": s, "cards": [CARDS[c].id for c in pool], "card": "salvation"}
            )
            fr[2] = []
        finish(st, s)

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return [A_CARD[c] for c in _distinct_playable(st, s, fr[2])]

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        fr[2].remove(x)
        emit(st, {"type": "play", "seat": s, "card": CARDS[x].id, "via": "salvation"})
        play_card(st, s, x)

    def child_done(self, st: ZealousState, s: int, fr: Frame) -> None:
        self._next(st, s, fr)


# --- Judgments --------------------------------------------------------------------------------


def _followers(st: ZealousState, s: int, tiles: Any) -> list[str]:
    out = []
    for t in tiles:
        row = A_FOLLOWER[t]
        for o in flow.targets(st, s, t):
            out.append(row[o])
    return out


class Stone(Effect):
    def playable(self, st: ZealousState, s: int) -> bool:
        return any(flow.has_target(st, s, t) for t in ADJ[st.prophet[s]])

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return _followers(st, s, ADJ[st.prophet[s]])

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        flow.remove(st, y, x)
        emit(st, {"type": "remove", "seat": s, "owner": y, "tile": TILES[x], "count": 1, "card": "stone"})
        finish(st, s)


class Samson(Effect):
    """Steps: 0 the sacrifice's tile; 1 the first removal; 2 a second removal or done. a = tile."""

    def _tiles(self, st: ZealousState, s: int) -> list[int]:
        return [t for t in flow.own_tiles(st, s) if flow.has_target(st, s, t)]

    def playable(self, st: ZealousState, s: int) -> bool:
        return bool(self._tiles(st, s))

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        if fr[1] == 0:
            return _tiles(self._tiles(st, s))
        out = _followers(st, s, (fr[2],))
        return [*out, A_DONE] if fr[1] == 2 else out

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        step = fr[1]
        if step == 0:
            flow.remove(st, s, x)
            emit(st, {"type": "sacrifice", "seat": s, "tile": TILES[x], "card": "samson"})
            fr[2] = x
            fr[1] = 1
            return
        if verb == DONE:
            finish(st, s)
            return
        flow.remove(st, y, x)
        emit(st, {"type": "remove", "seat": s, "owner": y, "tile": TILES[x], "count": 1, "card": "samson"})
        if step == 2 or not flow.has_target(st, s, x):
            finish(st, s)
        else:
            fr[1] = 2


class Reckoning(Effect):
    """Steps: 0 the sacrifice's tile (a); 1 a follower on a tile connected to it."""

    def _tiles(self, st: ZealousState, s: int) -> list[int]:
        return [t for t in flow.own_tiles(st, s) if any(flow.has_target(st, s, u) for u in ADJ[t])]

    def playable(self, st: ZealousState, s: int) -> bool:
        return bool(self._tiles(st, s))

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        if fr[1] == 0:
            return _tiles(self._tiles(st, s))
        return _followers(st, s, ADJ[fr[2]])

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        if fr[1] == 0:
            flow.remove(st, s, x)
            emit(st, {"type": "sacrifice", "seat": s, "tile": TILES[x], "card": "reckoning"})
            fr[2] = x
            fr[1] = 1
            return
        flow.remove(st, y, x)
        emit(st, {"type": "remove", "seat": s, "owner": y, "tile": TILES[x], "count": 1, "card": "reckoning"})
        finish(st, s)


class Banishment(Effect):
    """Steps: 0 the follower (a = tile, b = owner); 1 where it goes (the player who plays it chooses)."""

    def _sources(self, st: ZealousState, s: int) -> list[int]:
        steps = STEPS[st.n >= 5]
        return [t for t in range(N_TILES) if steps[t] and flow.has_target(st, s, t)]

    def playable(self, st: ZealousState, s: int) -> bool:
        return bool(self._sources(st, s))

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        if fr[1] == 0:
            return _followers(st, s, self._sources(st, s))
        return _tiles(list(STEPS[st.n >= 5][fr[2]]))

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        if fr[1] == 0:
            fr[2], fr[3], fr[1] = x, y, 1
            return
        flow.relocate(st, fr[3], fr[2], x)
        emit(
            st,
            {
                "type": "relocate",
                "seat": s,
                "owner": fr[3],
                "from": TILES[fr[2]],
                "to": TILES[x],
                "card": "banishment",
            },
        )
        finish(st, s)


class Conversion(Effect):
    """Compare with the converted religion only: all its followers count, protected ones too, but
    only an unprotected one is converted."""

    def _options(self, st: ZealousState, s: int) -> list[str]:
        if st.supply[s] == 0:
            return []
        n = st.n
        f = st.followers
        out = []
        for t in range(N_TILES):
            mine = f[t * n + s]
            if mine:
                for o in flow.targets(st, s, t):
                    if mine > f[t * n + o]:
                        out.append(A_FOLLOWER[t][o])
        return out

    def playable(self, st: ZealousState, s: int) -> bool:
        return bool(self._options(st, s))

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return self._options(st, s)

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        flow.remove(st, y, x)
        flow.add(st, s, x)
        emit(
            st, {"type": "convert", "seat": s, "owner": y, "tile": TILES[x], "count": 1, "card": "conversion"}
        )
        finish(st, s)


class Upheaval(Effect):
    """Steps: 0 the first follower (a = tile, b = owner); 1 the second. Own followers always move;
    opponents' only when unprotected. Same religion or same tile is allowed."""

    def _movable(self, st: ZealousState, s: int) -> list[tuple[int, int, int]]:
        n = st.n
        f = st.followers
        sanct = st.sanctuary
        out = []
        for t in range(N_TILES):
            base = t * n
            for o in range(n):
                k = f[base + o]
                if k and (o == s or not sanct[o] >> t & 1):
                    out.append((t, o, k))
        return out

    def playable(self, st: ZealousState, s: int) -> bool:
        return sum(k for _, _, k in self._movable(st, s)) >= 2

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        first = (fr[2], fr[3]) if fr[1] == 1 else None
        return [A_FOLLOWER[t][o] for t, o, k in self._movable(st, s) if (t, o) != first or k >= 2]

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        if fr[1] == 0:
            fr[2], fr[3], fr[1] = x, y, 1
            return
        t, o = fr[2], fr[3]
        flow.relocate(st, o, t, x)
        flow.relocate(st, y, x, t)
        emit(
            st,
            {
                "type": "swap",
                "seat": s,
                "first": {"owner": o, "tile": TILES[t]},
                "second": {"owner": y, "tile": TILES[x]},
                "card": "upheaval",
            },
        )
        finish(st, s)


def _removable(st: ZealousState, s: int, t: int) -> list[int]:
    """Followers a card of `s` removes from `t`: all of its own, opponents' unprotected ones."""
    n = st.n
    f = st.followers
    base = t * n
    return [o for o in range(n) if f[base + o] and (o == s or not st.sanctuary[o] >> t & 1)]


class Flood(Effect):
    def _tiles(self, st: ZealousState, s: int) -> list[int]:
        return [t for t in ADJ[st.prophet[s]] if _removable(st, s, t)]

    def playable(self, st: ZealousState, s: int) -> bool:
        return bool(self._tiles(st, s))

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return _tiles(self._tiles(st, s))

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        gone = {}
        for o in _removable(st, s, x):
            k = st.followers[x * st.n + o]
            flow.remove(st, o, x, k)
            gone[o] = k
        emit(st, {"type": "flood", "seat": s, "tile": TILES[x], "removed": gone})
        finish(st, s)


class Famine(Effect):
    def playable(self, st: ZealousState, s: int) -> bool:
        return True

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return list(A_TILE)

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        st.famine |= 1 << x
        emit(st, {"type": "famine", "seat": s, "tile": TILES[x]})
        finish(st, s)


# --- Divine Interventions (they act on the prophet's own tile) ------------------------------------


class Exodus(Effect):
    """As your move: an ordinary move that brings your followers along."""

    def playable(self, st: ZealousState, s: int) -> bool:
        return bool(STEPS[st.n >= 5][st.prophet[s]])

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return _tiles(list(STEPS[st.n >= 5][st.prophet[s]]))

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        p = st.prophet[s]
        k = st.followers[p * st.n + s]
        if k:
            flow.relocate(st, s, p, x, k)
            emit(
                st,
                {
                    "type": "relocate",
                    "seat": s,
                    "owner": s,
                    "from": TILES[p],
                    "to": TILES[x],
                    "count": k,
                    "card": "exodus",
                },
            )
        flow.move_prophet(st, s, x, "exodus")
        st.phase = PLACE
        finish(st, s)


class Redemption(Effect):
    """Converts every opponent's follower on the prophet's tile; short of supply, the player picks
    them one at a time (a = conversions left)."""

    def playable(self, st: ZealousState, s: int) -> bool:
        return st.supply[s] > 0 and flow.has_target(st, s, st.prophet[s])

    def begin(self, st: ZealousState, s: int, fr: Frame) -> None:
        p = st.prophet[s]
        n = st.n
        found = {o: st.followers[p * n + o] for o in flow.targets(st, s, p)}
        if st.supply[s] >= sum(found.values()):
            for o, k in found.items():
                flow.remove(st, o, p, k)
                flow.add(st, s, p, k)
            emit(
                st, {"type": "convert", "seat": s, "tile": TILES[p], "converted": found, "card": "redemption"}
            )
            finish(st, s)
            return
        fr[2] = st.supply[s]

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return _followers(st, s, (st.prophet[s],))

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        flow.remove(st, y, x)
        flow.add(st, s, x)
        emit(
            st, {"type": "convert", "seat": s, "owner": y, "tile": TILES[x], "count": 1, "card": "redemption"}
        )
        fr[2] -= 1
        if fr[2] == 0 or not flow.has_target(st, s, x):
            finish(st, s)


class Exile(Effect):
    def playable(self, st: ZealousState, s: int) -> bool:
        return flow.has_target(st, s, st.prophet[s])

    def begin(self, st: ZealousState, s: int, fr: Frame) -> None:
        p = st.prophet[s]
        gone = {}
        for o in flow.targets(st, s, p):
            k = st.followers[p * st.n + o]
            flow.remove(st, o, p, k)
            gone[o] = k
        emit(st, {"type": "exile", "seat": s, "tile": TILES[p], "removed": gone})
        finish(st, s)


class Consecration(Effect):
    def playable(self, st: ZealousState, s: int) -> bool:
        return st.supply[s] > 0 and _no_birth(st, st.prophet[s])

    def begin(self, st: ZealousState, s: int, fr: Frame) -> None:
        p = st.prophet[s]
        k = min(2, st.supply[s])
        flow.add(st, s, p, k)
        emit(st, {"type": "add", "seat": s, "tile": TILES[p], "count": k, "card": "consecration"})
        finish(st, s)


EFFECTS: tuple[Effect, ...] = (
    Revelation(),
    Multitude(),
    BeFruitful(),
    Pilgrimage(),
    Sanctuary(),
    Vision(),
    Stone(),
    Samson(),
    Reckoning(),
    Banishment(),
    Conversion(),
    Upheaval(),
    Flood(),
    Famine(),
    Exodus(),
    Salvation(),
    Redemption(),
    Exile(),
    Consecration(),
)
assert [type(e).__name__.lower() for e in EFFECTS] == [c.id.replace("_", "") for c in CARDS]

__all__ = ["EFFECTS", "finish", "play_card"]
