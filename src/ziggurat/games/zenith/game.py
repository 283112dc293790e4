"""Zenith bound to the engine contract."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ziggurat.engine import Game, Info, Json, Result
from ziggurat.games.zenith import rules
from ziggurat.games.zenith.expect import expect
from ziggurat.games.zenith.setup import ZenithOptions, new_state, state_from_json, state_to_json
from ziggurat.games.zenith.state import ZenithState
from ziggurat.games.zenith.text import board_text, describe, describe_action
from ziggurat.games.zenith.view import view


class Zenith(Game[ZenithState, ZenithOptions]):
    info = Info(
        id="zenith",
        name="Zenith",
        min_players=2,
        max_players=4,
        hidden_information=False,
        simultaneous=False,
        summary="Stack triangles towards the summit: the last player able to place wins.",
    )
    Options = ZenithOptions

    def new(
        self,
        players: int,
        options: ZenithOptions | Mapping[str, Any] | None = None,
        seed: int = 0,
        setup: Mapping[str, Any] | None = None,
        record: bool = False,
    ) -> ZenithState:
        # No randomness in Zenith: `seed` is accepted for the contract and ignored.
        return new_state(players, self.options(options), setup, record)

    def to_act(self, state: ZenithState) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal(self, state: ZenithState, seat: int) -> list[str]:
        return rules.legal(state, seat)

    def apply(self, state: ZenithState, seat: int, action: str) -> None:
        rules.apply(state, seat, action)

    def view(self, state: ZenithState, seat: int | None) -> Json:
        return view(state, seat)

    def result(self, state: ZenithState) -> Result | None:
        return state.result

    def clone(self, state: ZenithState) -> ZenithState:
        return state.clone()

    def to_json(self, state: ZenithState) -> Json:
        return state_to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> ZenithState:
        return state_from_json(data)

    def describe(self, event: Json, names: Sequence[str]) -> str:
        return describe(event, names)

    def text(self, state: ZenithState, seat: int | None, names: Sequence[str]) -> str:
        return board_text(state, seat, names)

    def describe_action(self, state: ZenithState, seat: int, action: str) -> str:
        return describe_action(state, seat, action)

    def expect(
        self, state: ZenithState, key: str, value: Any, seat_of: Callable[[Any], int]
    ) -> list[str] | None:
        return expect(state, key, value, seat_of)


GAME = Zenith()
