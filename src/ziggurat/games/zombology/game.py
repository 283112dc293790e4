"""Zombology bound to the engine contract."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ziggurat.engine import Game, Info, Json, Result
from ziggurat.games.zombology import rules
from ziggurat.games.zombology.determinize import determinize
from ziggurat.games.zombology.expect import expect
from ziggurat.games.zombology.setup import ZombologyOptions, new_state, state_from_json, state_to_json
from ziggurat.games.zombology.state import ZombologyState
from ziggurat.games.zombology.text import board_text, describe, describe_action
from ziggurat.games.zombology.view import view


class Zombology(Game[ZombologyState, ZombologyOptions]):
    info = Info(
        id="zombology",
        name="Zombology",
        min_players=3,
        max_players=8,
        hidden_information=True,
        simultaneous=True,
        summary="Cure the zombie plague together, and be influential in the cure: secret simultaneous play.",
    )
    Options = ZombologyOptions

    def new(
        self,
        players: int,
        options: ZombologyOptions | Mapping[str, Any] | None = None,
        seed: int = 0,
        setup: Mapping[str, Any] | None = None,
        record: bool = False,
    ) -> ZombologyState:
        return new_state(players, self.options(options), seed, setup, record)

    def to_act(self, state: ZombologyState) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal(self, state: ZombologyState, seat: int) -> list[str]:
        return rules.legal(state, seat)

    def apply(self, state: ZombologyState, seat: int, action: str) -> None:
        rules.apply(state, seat, action)

    def view(self, state: ZombologyState, seat: int | None) -> Json:
        return view(state, seat)

    def result(self, state: ZombologyState) -> Result | None:
        return state.result  # type: ignore[no-any-return]

    def clone(self, state: ZombologyState) -> ZombologyState:
        return state.clone()

    def to_json(self, state: ZombologyState) -> Json:
        return state_to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> ZombologyState:
        return state_from_json(data)

    def determinize(self, state: ZombologyState, seat: int, rng: random.Random) -> ZombologyState:
        """Redeal what `seat` has not seen (determinize.py says exactly what is kept)."""
        return determinize(state, seat, rng)

    def describe(self, event: Json, names: Sequence[str]) -> str:
        return describe(event, names)

    def text(self, state: ZombologyState, seat: int | None, names: Sequence[str]) -> str:
        return board_text(state, seat, names)

    def describe_action(self, state: ZombologyState, seat: int, action: str) -> str:
        return describe_action(state, seat, action)

    def expect(
        self, state: ZombologyState, key: str, value: Any, seat_of: Callable[[Any], int]
    ) -> list[str] | None:
        return expect(state, key, value, seat_of)


GAME = Zombology()
