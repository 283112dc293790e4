"""The Miracles: cards that add, move or protect your own followers (tests: test_miracles.py)."""

from __future__ import annotations

from ziggurat.engine import emit
from ziggurat.games.zealous import flow
from ziggurat.games.zealous.actions import A_CARD, A_DONE, A_TILE, DONE
from ziggurat.games.zealous.board import N_TILES, STEPS, TILES
from ziggurat.games.zealous.cards import (
    BE_FRUITFUL,
    CARDS,
    MIRACLE,
    MULTITUDE,
    PILGRIMAGE,
    REVELATION,
    SANCTUARY,
    VISION,
)
from ziggurat.games.zealous.effects.base import (
    Effect,
    distinct_playable,
    effect_of,
    finish,
    play_card,
    tile_options,
)
from ziggurat.games.zealous.state import Frame, ZealousState


@effect_of(REVELATION)
class Revelation(Effect):
    def playable(self, st: ZealousState, s: int) -> bool:
        return bool(flow.placement_tiles(st, s))

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return tile_options(flow.placement_tiles(st, s))

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        flow.add(st, s, x)
        emit(st, {"type": "place", "seat": s, "tile": TILES[x], "card": "revelation"})
        finish(st, s)


@effect_of(MULTITUDE)
class Multitude(Effect):
    def playable(self, st: ZealousState, s: int) -> bool:
        return st.supply[s] > 0 and bool(flow.own_tiles(st, s, 2))

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return tile_options(flow.own_tiles(st, s, 2))

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        flow.add(st, s, x)
        emit(st, {"type": "add", "seat": s, "tile": TILES[x], "count": 1, "card": "multitude"})
        finish(st, s)


@effect_of(BE_FRUITFUL)
class BeFruitful(Effect):
    """Adds one everywhere; short of supply, the player picks tiles one at a time (`left` to add,
    from the `eligible` tiles)."""

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
        fr.left = st.supply[s]
        fr.eligible = sum(1 << t for t in tiles)

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        m = fr.eligible
        return [A_TILE[t] for t in range(N_TILES) if m >> t & 1]

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        flow.add(st, s, x)
        emit(st, {"type": "add", "seat": s, "tile": TILES[x], "count": 1, "card": "be_fruitful"})
        fr.left -= 1
        fr.eligible &= ~(1 << x)
        if fr.left == 0:
            finish(st, s)


@effect_of(PILGRIMAGE)
class Pilgrimage(Effect):
    """Steps: 0 pick a follower's tile (`tile`), 1 its destination, 2 a second follower or done, 3 its
    destination. `moved_to`: where the first moved follower now stands (it can't move again)."""

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

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        step = fr.step
        if step == 0:
            return tile_options(self._sources(st, s, -1))
        if step == 2:
            return [*tile_options(self._sources(st, s, fr.moved_to)), A_DONE]
        return tile_options(STEPS[st.n >= 5][fr.tile])

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        step = fr.step
        if step == 2 and verb == DONE:
            finish(st, s)
        elif step in (0, 2):
            fr.tile = x
            fr.step = step + 1
        else:
            flow.relocate(st, s, fr.tile, x)
            emit(
                st,
                {
                    "type": "relocate",
                    "seat": s,
                    "owner": s,
                    "from": TILES[fr.tile],
                    "to": TILES[x],
                    "card": "pilgrimage",
                },
            )
            if step == 3:
                finish(st, s)
                return
            fr.moved_to = x
            fr.step = 2
            if not self._sources(st, s, x):
                finish(st, s)


@effect_of(SANCTUARY)
class Sanctuary(Effect):
    def _tiles(self, st: ZealousState, s: int) -> list[int]:
        m = st.sanctuary[s]
        return [t for t in flow.own_tiles(st, s) if not m >> t & 1]

    def playable(self, st: ZealousState, s: int) -> bool:
        return bool(self._tiles(st, s))

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return tile_options(self._tiles(st, s))

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        st.sanctuary[s] |= 1 << x
        emit(st, {"type": "sanctuary", "seat": s, "tile": TILES[x]})
        finish(st, s)


@effect_of(VISION)
class Vision(Effect):
    """`drawn`: the drawn Miracles. Step 0: choose which to play; step 1: waiting for it to resolve."""

    def playable(self, st: ZealousState, s: int) -> bool:
        return True

    def begin(self, st: ZealousState, s: int, fr: Frame) -> None:
        drawn = [c for c in (flow.draw(st, MIRACLE), flow.draw(st, MIRACLE)) if c is not None]
        fr.drawn = drawn
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
        if not distinct_playable(st, s, drawn):
            _keep(st, s, drawn)
            fr.drawn = []
            finish(st, s)

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return [A_CARD[c] for c in distinct_playable(st, s, fr.drawn or [])]

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        rest = fr.drawn or []
        rest.remove(x)
        _keep(st, s, rest)
        fr.drawn = []
        fr.step = 1
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
