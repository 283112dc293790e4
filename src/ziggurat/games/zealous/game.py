"""Zealous bound to the engine contract."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ziggurat.engine import Game, Info, Json, Result, Rng
from ziggurat.games.zealous import rules
from ziggurat.games.zealous.cards import CARDS, DECK_OF, N_CARDS
from ziggurat.games.zealous.expect import expect
from ziggurat.games.zealous.setup import ZealousOptions, new_state, state_from_json, state_to_json
from ziggurat.games.zealous.state import ZealousState
from ziggurat.games.zealous.text import board_text, describe, describe_action
from ziggurat.games.zealous.view import view


class Zealous(Game[ZealousState, ZealousOptions]):
    info = Info(
        id="zealous",
        name="Zealous",
        min_players=3,
        max_players=6,
        hidden_information=True,
        simultaneous=False,
        summary="Prophets, followers and starting over: hold ground around the Holy City.",
    )
    Options = ZealousOptions

    def new(
        self,
        players: int,
        options: ZealousOptions | Mapping[str, Any] | None = None,
        seed: int = 0,
        setup: Mapping[str, Any] | None = None,
        record: bool = False,
    ) -> ZealousState:
        st = new_state(players, self.options(options), seed, setup)
        st.events = [] if record else None
        return st

    def to_act(self, state: ZealousState) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal(self, state: ZealousState, seat: int) -> list[str]:
        return rules.legal(state, seat)

    def apply(self, state: ZealousState, seat: int, action: str) -> None:
        rules.apply(state, seat, action)

    def view(self, state: ZealousState, seat: int | None) -> Json:
        return view(state, seat)

    def result(self, state: ZealousState) -> Result | None:
        return state.result  # type: ignore[no-any-return]

    def clone(self, state: ZealousState) -> ZealousState:
        return state.clone()

    def to_json(self, state: ZealousState) -> Json:
        return state_to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> ZealousState:
        return state_from_json(data)

    def determinize(self, state: ZealousState, seat: int, rng: random.Random) -> ZealousState:
        """Redeal what `seat` has not seen: other hands (same count per deck), cards drawn by another
        player's pending Vision/Salvation, and the order of every deck."""
        st = state.clone()
        others = [s for s in range(st.n) if s != seat]
        hidden_frames = [fr for fr in st.stack if isinstance(fr[2], list)] if st.turn != seat else []
        for d in range(3):
            pool = list(st.deck[d])
            counts = {}
            for s in others:
                h = st.hand[s]
                k = 0
                for c in range(N_CARDS):
                    if DECK_OF[c] == d and h[c]:
                        pool.extend([c] * h[c])
                        k += h[c]
                        h[c] = 0
                counts[s] = k
            for fr in hidden_frames:
                if d == 0:
                    pool.extend(fr[2])
            pool.sort()  # canonical order: the sample depends only on what `seat` knows, and on rng
            rng.shuffle(pool)
            for s in others:
                for _ in range(counts[s]):
                    st.hand[s][pool.pop()] += 1
            if d == 0:
                for fr in hidden_frames:
                    fr[2] = [pool.pop() for _ in fr[2]]
            st.deck[d] = pool
        st.rng = Rng(rng.getrandbits(63))
        st.cache = None
        return st

    def describe(self, event: Json, names: Sequence[str]) -> str:
        return describe(event, names)

    def text(self, state: ZealousState, seat: int | None, names: Sequence[str]) -> str:
        return board_text(state, seat, names)

    def describe_action(self, state: ZealousState, seat: int, action: str) -> str:
        return describe_action(state, seat, action)

    def expect(
        self, state: ZealousState, key: str, value: Any, seat_of: Callable[[Any], int]
    ) -> list[str] | None:
        return expect(state, key, value, seat_of)


GAME = Zealous()
__all__ = ["CARDS", "GAME", "Zealous"]
