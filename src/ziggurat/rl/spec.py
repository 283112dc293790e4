"""What the adapters need to know about a game beyond the engine contract, read from its `Info`.

The contract has no fixed action space and no numeric observation, so a game declares them as
OpenSpiel's `_GAME_INFO` does: `info.action_space` (its documented action vocabulary at a table size
and options), `info.max_length` (a bound on the decisions in one game: OpenSpiel asks for one),
`info.observer` (where its observation encoder is, imported here only), with `info.random_setup`
(OpenSpiel's chance mode) and `info.always_a_winner` (constant-sum). A game that declares them all
gets both adapters; nothing here names a game.
"""

from __future__ import annotations

import pkgutil
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ziggurat.engine import Action, Game, InputError
from ziggurat.rl.layout import Vector
from ziggurat.rl.observe import Encoder


class ActionSpace:
    """A fixed, ordered list of every action string that can ever be legal: ids are list positions."""

    def __init__(self, actions: Sequence[Action]) -> None:
        self.actions: tuple[Action, ...] = tuple(actions)
        self.index: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError("an action space lists an action twice")

    def __len__(self) -> int:
        return len(self.actions)

    def ids(self, legal: Sequence[Action]) -> list[int]:
        """Sorted ids of these legal actions (a legal action missing from the space is a bug)."""
        try:
            return sorted(self.index[a] for a in legal)
        except KeyError as e:
            raise ValueError(f"legal action {e.args[0]!r} is not in the action space") from None

    def mask(self, legal: Sequence[Action]) -> np.ndarray[Any, np.dtype[np.int8]]:
        """1 at the id of each legal action (a bytearray's bytes: no numpy call per action)."""
        return np.frombuffer(self.mask_bytes(legal), np.int8)  # dtype by position: a keyword costs numpy more

    def mask_bytes(self, legal: Sequence[Action]) -> bytearray:
        """The mask as bytes, 1 at the id of each legal action (`VectorEnv` joins many games' masks)."""
        m = bytearray(len(self.actions))
        index = self.index
        try:
            for a in legal:
                m[index[a]] = 1
        except KeyError as e:
            raise ValueError(f"legal action {e.args[0]!r} is not in the action space") from None
        return m


def adaptable(game: Game[Any, Any]) -> bool:
    """Does `game` declare what the adapters need (an action space, a length bound, an observer)?"""
    info = game.info
    return info.action_space is not None and info.max_length is not None and bool(info.observer)


def encoder_class(game: Game[Any, Any]) -> type[Encoder]:
    """The game's observation encoder, imported from where its `info.observer` says."""
    cls = pkgutil.resolve_name(game.info.observer)
    if not (isinstance(cls, type) and issubclass(cls, Encoder)):
        raise TypeError(f"{game.info.id}: info.observer {game.info.observer!r} is not an Encoder class")
    return cls


@dataclass(frozen=True)
class Binding:
    """One game at one player count and options: everything both adapters share."""

    game: Game[Any, Any]
    players: int
    options: Any
    space: ActionSpace
    encoder: Encoder
    stochastic: bool
    max_length: int

    def observe(self, view: dict[str, Any] | None, out: Vector | None = None) -> Vector:
        """A view's observation (the reference encoding)."""
        return self.encoder.encode(view, out)

    def observe_state(self, state: Any, seat: int | None, out: Vector | None = None) -> Vector:
        """`seat`'s observation of an engine state (None: a spectator's): the same vector as
        `observe(game.view(state, seat))`, read from the state when the game's encoder can."""
        if self.encoder.reads_state:
            return self.encoder.encode_state(state, seat, out)
        return self.encoder.encode(self.game.view(state, seat), out)


def bind(game: Game[Any, Any], players: int, options: Any = None) -> Binding:
    info = game.info
    info.check_players(players)
    opts = game.options(options)
    if not adaptable(game):
        raise InputError(
            "unknown-game",
            f"{info.name} has no research adapter yet (Info.action_space, max_length and observer).",
        )
    assert info.action_space is not None and info.max_length is not None
    return Binding(
        game=game,
        players=players,
        options=opts,
        space=ActionSpace(info.action_space(players, opts)),
        encoder=encoder_class(game)(players, opts),
        stochastic=info.random_setup,
        max_length=info.max_length(players, opts),
    )
