"""The Judgments: cards that remove, move, convert or swap other religions' followers (tests:
test_judgments.py). An opponent's follower is one its owner's Sanctuary does not protect."""

from __future__ import annotations

from ziggurat.engine import emit
from ziggurat.games.zealous import flow
from ziggurat.games.zealous.actions import A_DONE, A_FOLLOWER, A_TILE, DONE
from ziggurat.games.zealous.board import ADJ, N_TILES, STEPS, TILES
from ziggurat.games.zealous.cards import (
    BANISHMENT,
    CONVERSION,
    FAMINE,
    FLOOD,
    RECKONING,
    SAMSON,
    STONE,
    UPHEAVAL,
)
from ziggurat.games.zealous.effects.base import (
    Effect,
    effect_of,
    finish,
    follower_options,
    remove_all,
    remove_one,
    tile_options,
)
from ziggurat.games.zealous.state import Frame, ZealousState


@effect_of(STONE)
class Stone(Effect):
    def playable(self, st: ZealousState, s: int) -> bool:
        return any(flow.has_target(st, s, t) for t in ADJ[st.prophet[s]])

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return follower_options(st, s, ADJ[st.prophet[s]])

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        remove_one(st, s, y, x, "stone")
        finish(st, s)


@effect_of(SAMSON)
class Samson(Effect):
    """Steps: 0 the sacrifice's tile (`tile`); 1 the first removal there; 2 a second removal or done."""

    def _tiles(self, st: ZealousState, s: int) -> list[int]:
        return [t for t in flow.own_tiles(st, s) if flow.has_target(st, s, t)]

    def playable(self, st: ZealousState, s: int) -> bool:
        return bool(self._tiles(st, s))

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        if fr.step == 0:
            return tile_options(self._tiles(st, s))
        out = follower_options(st, s, (fr.tile,))
        return [*out, A_DONE] if fr.step == 2 else out

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        step = fr.step
        if step == 0:
            flow.remove(st, s, x)
            emit(st, {"type": "sacrifice", "seat": s, "tile": TILES[x], "card": "samson"})
            fr.tile = x
            fr.step = 1
            return
        if verb == DONE:
            finish(st, s)
            return
        remove_one(st, s, y, x, "samson")
        if step == 2 or not flow.has_target(st, s, x):
            finish(st, s)
        else:
            fr.step = 2


@effect_of(RECKONING)
class Reckoning(Effect):
    """Steps: 0 the sacrifice's tile (`tile`); 1 a follower on a tile connected to it."""

    def _tiles(self, st: ZealousState, s: int) -> list[int]:
        return [t for t in flow.own_tiles(st, s) if any(flow.has_target(st, s, u) for u in ADJ[t])]

    def playable(self, st: ZealousState, s: int) -> bool:
        return bool(self._tiles(st, s))

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        if fr.step == 0:
            return tile_options(self._tiles(st, s))
        return follower_options(st, s, ADJ[fr.tile])

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        if fr.step == 0:
            flow.remove(st, s, x)
            emit(st, {"type": "sacrifice", "seat": s, "tile": TILES[x], "card": "reckoning"})
            fr.tile = x
            fr.step = 1
            return
        remove_one(st, s, y, x, "reckoning")
        finish(st, s)


@effect_of(BANISHMENT)
class Banishment(Effect):
    """Steps: 0 the follower (`tile`, `owner`); 1 where it goes (the player who plays it chooses)."""

    def _sources(self, st: ZealousState, s: int) -> list[int]:
        steps = STEPS[st.n >= 5]
        return [t for t in range(N_TILES) if steps[t] and flow.has_target(st, s, t)]

    def playable(self, st: ZealousState, s: int) -> bool:
        return bool(self._sources(st, s))

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        if fr.step == 0:
            return follower_options(st, s, self._sources(st, s))
        return tile_options(STEPS[st.n >= 5][fr.tile])

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        if fr.step == 0:
            fr.tile, fr.owner, fr.step = x, y, 1
            return
        flow.relocate(st, fr.owner, fr.tile, x)
        emit(
            st,
            {
                "type": "relocate",
                "seat": s,
                "owner": fr.owner,
                "from": TILES[fr.tile],
                "to": TILES[x],
                "card": "banishment",
            },
        )
        finish(st, s)


@effect_of(CONVERSION)
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


@effect_of(UPHEAVAL)
class Upheaval(Effect):
    """Steps: 0 the first follower (`tile`, `owner`); 1 the second. Own followers always move;
    opponents' only when unprotected. Same religion or same tile is allowed."""

    def _movable(self, st: ZealousState, s: int) -> list[tuple[int, int, int]]:
        n = st.n
        f = st.followers
        sanctuary = st.sanctuary
        out = []
        for t in range(N_TILES):
            base = t * n
            for o in range(n):
                k = f[base + o]
                if k and (o == s or not sanctuary[o] >> t & 1):
                    out.append((t, o, k))
        return out

    def playable(self, st: ZealousState, s: int) -> bool:
        return sum(k for _, _, k in self._movable(st, s)) >= 2

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        first = (fr.tile, fr.owner) if fr.step == 1 else None
        return [A_FOLLOWER[t][o] for t, o, k in self._movable(st, s) if (t, o) != first or k >= 2]

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        if fr.step == 0:
            fr.tile, fr.owner, fr.step = x, y, 1
            return
        t, o = fr.tile, fr.owner
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


@effect_of(FLOOD)
class Flood(Effect):
    def _tiles(self, st: ZealousState, s: int) -> list[int]:
        return [t for t in ADJ[st.prophet[s]] if _removable(st, s, t)]

    def playable(self, st: ZealousState, s: int) -> bool:
        return bool(self._tiles(st, s))

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return tile_options(self._tiles(st, s))

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        gone = remove_all(st, _removable(st, s, x), x)
        emit(st, {"type": "flood", "seat": s, "tile": TILES[x], "removed": gone})
        finish(st, s)


@effect_of(FAMINE)
class Famine(Effect):
    def playable(self, st: ZealousState, s: int) -> bool:
        return True

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return list(A_TILE)

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        st.famine |= 1 << x
        emit(st, {"type": "famine", "seat": s, "tile": TILES[x]})
        finish(st, s)
