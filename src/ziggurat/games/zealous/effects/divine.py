"""The Divine Interventions: they act on the prophet's own tile, or as its move (tests:
test_divine.py)."""

from __future__ import annotations

from ziggurat.engine import emit
from ziggurat.games.zealous import flow
from ziggurat.games.zealous.actions import A_CARD
from ziggurat.games.zealous.board import STEPS, TILES
from ziggurat.games.zealous.cards import CARDS, CONSECRATION, EXILE, EXODUS, MIRACLE, REDEMPTION, SALVATION
from ziggurat.games.zealous.effects.base import (
    EFFECTS,
    Effect,
    distinct_playable,
    effect_of,
    finish,
    follower_options,
    no_birth,
    play_card,
    remove_all,
    tile_options,
)
from ziggurat.games.zealous.state import PLACE, Frame, ZealousState


@effect_of(EXODUS)
class Exodus(Effect):
    """As your move: an ordinary move that brings your followers along."""

    def playable(self, st: ZealousState, s: int) -> bool:
        return bool(STEPS[st.n >= 5][st.prophet[s]])

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return tile_options(STEPS[st.n >= 5][st.prophet[s]])

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


@effect_of(SALVATION)
class Salvation(Effect):
    """`drawn`: the drawn Miracles not played yet. At each pick the player plays one that can be
    played now; the others stay, because a pick may make them playable (Revelation's follower makes
    Multitude or Sanctuary possible). When none of those left can be played, they are all discarded."""

    def playable(self, st: ZealousState, s: int) -> bool:
        return True

    def begin(self, st: ZealousState, s: int, fr: Frame) -> None:
        drawn = [c for c in (flow.draw(st, MIRACLE) for _ in range(3)) if c is not None]
        fr.drawn = drawn
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
        pool = fr.drawn or []
        if any(EFFECTS[c].playable(st, s) for c in pool):
            return  # the player picks the next one
        if pool:
            for c in pool:
                flow.discard_card(st, c)
            emit(
                st, {"type": "discard", "seat": s, "cards": [CARDS[c].id for c in pool], "card": "salvation"}
            )
            fr.drawn = []
        finish(st, s)

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return [A_CARD[c] for c in distinct_playable(st, s, fr.drawn or [])]

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        (fr.drawn or []).remove(x)
        emit(st, {"type": "play", "seat": s, "card": CARDS[x].id, "via": "salvation"})
        play_card(st, s, x)

    def child_done(self, st: ZealousState, s: int, fr: Frame) -> None:
        self._next(st, s, fr)


@effect_of(REDEMPTION)
class Redemption(Effect):
    """Converts every opponent's follower on the prophet's tile; short of supply, the player picks
    them one at a time (`left`: conversions left)."""

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
        fr.left = st.supply[s]

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        return follower_options(st, s, (st.prophet[s],))

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        flow.remove(st, y, x)
        flow.add(st, s, x)
        emit(
            st, {"type": "convert", "seat": s, "owner": y, "tile": TILES[x], "count": 1, "card": "redemption"}
        )
        fr.left -= 1
        if fr.left == 0 or not flow.has_target(st, s, x):
            finish(st, s)


@effect_of(EXILE)
class Exile(Effect):
    def playable(self, st: ZealousState, s: int) -> bool:
        return flow.has_target(st, s, st.prophet[s])

    def begin(self, st: ZealousState, s: int, fr: Frame) -> None:
        p = st.prophet[s]
        gone = remove_all(st, flow.targets(st, s, p), p)
        emit(st, {"type": "exile", "seat": s, "tile": TILES[p], "removed": gone})
        finish(st, s)


@effect_of(CONSECRATION)
class Consecration(Effect):
    def playable(self, st: ZealousState, s: int) -> bool:
        return st.supply[s] > 0 and no_birth(st, st.prophet[s])

    def begin(self, st: ZealousState, s: int, fr: Frame) -> None:
        p = st.prophet[s]
        k = min(2, st.supply[s])
        flow.add(st, s, p, k)
        emit(st, {"type": "add", "seat": s, "tile": TILES[p], "count": k, "card": "consecration"})
        finish(st, s)
