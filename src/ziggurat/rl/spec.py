"""What the adapters need to know about each game beyond the engine contract, in one place.

The contract has no fixed action space and no numeric observation, so each game's entry names its
documented action vocabulary (the game's own `actions.action_space`), its observation encoder, whether
its set-up is random (Zenith ignores the seed), and a bound on the number of decisions in one game
(OpenSpiel asks for one).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ziggurat.engine import Action, Game, InputError
from ziggurat.games.faiths import actions as faiths_actions
from ziggurat.games.zealous import actions as zealous_actions
from ziggurat.games.zenith import actions as zenith_actions
from ziggurat.games.zenith.board import BOARDS
from ziggurat.games.zombology import actions as zombology_actions
from ziggurat.rl.layout import Vector
from ziggurat.rl.observe import Encoder, FaithsEncoder, ZealousEncoder, ZenithEncoder, ZombologyEncoder


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
        m = np.zeros(len(self.actions), dtype=np.int8)
        m[self.ids(legal)] = 1
        return m


@dataclass(frozen=True)
class Spec:
    actions: Callable[[int, Any], list[Action]]  # (players, options) -> the action space
    encoder: Callable[[int, Any], Encoder]
    stochastic: bool  # does the seed change the set-up?
    max_length: Callable[[int, Any], int]  # decisions in one game: an upper bound
    always_a_winner: bool = True  # rewards then sum to 1 (Zombology: everyone can lose)


def _zealous_length(n: int, o: Any) -> int:
    # Target games have no round limit: 60 rounds is far beyond any game seen (random play: ~5-10),
    # and a turn is a handful of decisions (a card chain, a move, a placement): 40 is generous.
    rounds = {"advanced": 10}.get(o.length, 60)
    return rounds * n * 40 + 16 * n


def _zenith_length(n: int, o: Any) -> int:
    return int(BOARDS[o.board].size)  # every decision places a piece on an empty space


def _zombology_length(n: int, o: Any) -> int:
    # Per round: at most one Insight question per Guru, n choices, and per played card at most a
    # target (or a Guru) and a counter.
    return 8 * (6 + 3 * n)


def _faiths_length(n: int, o: Any) -> int:
    # A pair: its announcement, an opponent or bonus, at most 2X + 3 effect decisions (Holy War with
    # X = 6: removals, `done`, `into`, gathers, `done`), and its reaction windows (one, plus one per
    # negation: at most one per copy of Zealots & Fanatics), each asking every other seat once.
    pair = 2 + 15 + (int(o.zealots_copies) + 1) * (n - 1)
    # A turn: at most 5 Growth placements, pairs, discards. Generous, not a proof (Great Teacher can
    # refill a hand).
    return int(o.max_rounds) * n * (40 + 10 * pair) + 11


SPECS: dict[str, Spec] = {
    "zealous": Spec(lambda n, o: zealous_actions.action_space(n), ZealousEncoder, True, _zealous_length),
    "zenith": Spec(lambda n, o: zenith_actions.action_space(o.board), ZenithEncoder, False, _zenith_length),
    "zombology": Spec(
        lambda n, o: zombology_actions.action_space(n), ZombologyEncoder, True, _zombology_length, False
    ),
    "faiths": Spec(lambda n, o: faiths_actions.action_space(n), FaithsEncoder, True, _faiths_length),
}


def spec_for(game: Game[Any, Any]) -> Spec:
    try:
        return SPECS[game.info.id]
    except KeyError:
        raise InputError(
            "unknown-game", f"{game.info.name} has no research adapter yet (ziggurat.rl.spec.SPECS)."
        ) from None


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
        return self.encoder.encode(view, out)


def bind(game: Game[Any, Any], players: int, options: Any = None) -> Binding:
    info = game.info
    if not isinstance(players, int) or not info.min_players <= players <= info.max_players:
        raise InputError(
            "bad-players",
            f"{info.name} is for {info.min_players}-{info.max_players} players, not {players!r}.",
        )
    opts = game.options(options)
    spec = spec_for(game)
    return Binding(
        game=game,
        players=players,
        options=opts,
        space=ActionSpace(spec.actions(players, opts)),
        encoder=spec.encoder(players, opts),
        stochastic=spec.stochastic,
        max_length=spec.max_length(players, opts),
    )
