"""Faiths bound to the engine contract."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ziggurat.engine import Game, Info, Json, Result
from ziggurat.games.faiths import rules
from ziggurat.games.faiths.determinize import determinize
from ziggurat.games.faiths.expect import expect
from ziggurat.games.faiths.setup import FaithsOptions, new_state, state_from_json, state_to_json
from ziggurat.games.faiths.state import FaithsState
from ziggurat.games.faiths.text import board_text, describe, describe_action
from ziggurat.games.faiths.view import view


class Faiths(Game[FaithsState, FaithsOptions]):
    info = Info(
        id="faiths",
        name="Faiths",
        min_players=4,
        max_players=11,
        hidden_information=True,
        simultaneous=False,
        summary="Major religions spread across Asia and the Middle East: occupy 14 of 26 territories.",
    )
    Options = FaithsOptions

    def new(
        self,
        players: int,
        options: FaithsOptions | Mapping[str, Any] | None = None,
        seed: int = 0,
        setup: Mapping[str, Any] | None = None,
        record: bool = False,
    ) -> FaithsState:
        # Recording starts before set-up: the deal and the first Fate and Growth are events too.
        return new_state(players, self.options(options), seed, setup, record)

    def to_act(self, state: FaithsState) -> tuple[int, ...]:
        a = state.actor
        return (a,) if a >= 0 else ()

    def legal(self, state: FaithsState, seat: int) -> list[str]:
        return rules.legal(state, seat)

    def apply(self, state: FaithsState, seat: int, action: str) -> None:
        rules.apply(state, seat, action)

    def decline(self, state: FaithsState, seat: int) -> str | None:
        return rules.decline(state, seat)

    def view(self, state: FaithsState, seat: int | None) -> Json:
        return view(state, seat)

    def result(self, state: FaithsState) -> Result | None:
        return state.result  # type: ignore[no-any-return]

    def clone(self, state: FaithsState) -> FaithsState:
        return state.clone()

    def to_json(self, state: FaithsState) -> Json:
        return state_to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> FaithsState:
        return state_from_json(data)

    def determinize(self, state: FaithsState, seat: int, rng: random.Random) -> FaithsState:
        return determinize(state, seat, rng)

    def describe(self, event: Json, names: Sequence[str]) -> str:
        return describe(event, names)

    def text(self, state: FaithsState, seat: int | None, names: Sequence[str]) -> str:
        return board_text(state, seat, names)

    def describe_action(self, state: FaithsState, seat: int, action: str) -> str:
        return describe_action(state, seat, action)

    def expect(
        self, state: FaithsState, key: str, value: Any, seat_of: Callable[[Any], int]
    ) -> list[str] | None:
        return expect(state, key, value, seat_of)


GAME = Faiths()
__all__ = ["GAME", "Faiths"]
