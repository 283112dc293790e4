"""What a bot knows about a game, beyond its rules: how good a position is, and a cheap way to play.

Every method reads a *determinized* state (or a copy of one): a state the bot sampled from its own
information set, never the real one. So anything a heuristic reads is fair game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ziggurat.bots.heuristics.tuning import Tuning
from ziggurat.engine import Game, Result


class Heuristic:
    """The generic fallback: no game knowledge; positions are valued by a few random playouts."""

    # How many of its own decisions in a row the normal bot looks through before it judges a position
    # (one decision may be half of a card: "play:stone", then which follower).
    horizon: int = 6
    playouts: int = 2  # random playouts per position for the generic `evaluate`
    hard: Tuning | None = None  # the `hard` bot's budget and search for this game (None: its defaults)

    def solve(self, game: Game[Any, Any], state: Any, seat: int, rng: random.Random) -> str | None:
        """An action proved best by an exact search of the game's own, within its own budget; None
        (the default) when there is none, and the `hard` bot searches by sampling."""
        return None

    def reward(self, game: Game[Any, Any], result: Result, seat: int) -> float:
        """The prize a finished game gives `seat`, in [0, 1]: a shared win is split."""
        return result.reward(seat)

    def evaluate(self, game: Game[Any, Any], state: Any, seat: int, rng: random.Random) -> float:
        """How good `state` is for `seat` (larger is better; only compared with other positions)."""
        res = game.result(state)
        if res is not None:
            return self.reward(game, res, seat)
        total = 0.0
        for _ in range(self.playouts):
            st = game.clone(state)
            total += self.reward(game, playout(game, st, rng), seat)
        return total / self.playouts

    def values(self, game: Game[Any, Any], state: Any, rng: random.Random) -> list[float]:
        """Every seat's chance of winning from `state` (search leaves cut short use this)."""
        st = game.clone(state)
        res = playout(game, st, rng)
        return [self.reward(game, res, s) for s in range(len(res.ranks))]

    def features(self, state: Any) -> list[list[float]] | None:
        """A row of numbers per seat describing `state` at a round's end, for a learned value
        (bots/learned.py, fitted by `ziggurat train`); None (the default): the game has none."""
        return None

    def feature_names(self, n: int) -> tuple[str, ...]:
        """What each column of `features` means, for `n` players."""
        return ()

    def round_of(self, state: Any) -> int | None:
        """The round a state is in, for playouts cut at a round's end (None: no rounds)."""
        return None

    def rollout(
        self, game: Game[Any, Any], state: Any, seat: int, legal: list[str], rng: random.Random
    ) -> str:
        """A fast default policy for search playouts."""
        return legal[int(rng.random() * len(legal))]

    def greedy(
        self, game: Game[Any, Any], state: Any, seat: int, legal: list[str], rng: random.Random
    ) -> str:
        """The action that looks best one step ahead (a slower, stronger playout policy)."""
        if len(legal) == 1:
            return legal[0]
        best, best_v = legal[0], -math.inf
        for a in legal:
            st = game.clone(state)
            game.apply(st, seat, a)
            v = self.evaluate(game, st, seat, rng) + 1e-7 * rng.random()
            if v > best_v:
                best, best_v = a, v
        return best


class Projection(Heuristic):
    """Knowledge that projects every seat's final score (`project`): a position is worth the seat's
    projection against the field; a finished game, its prize above all, then its score against the
    field; and the seats' chances to win are the projections' softmax at the game's `temperature`."""

    def project(self, state: Any) -> list[float]:
        """Each seat's projected final score (read from a determinized state)."""
        raise NotImplementedError

    def temperature(self, state: Any) -> float:
        """The gap in projected points that makes one seat e times likelier to win than another."""
        raise NotImplementedError

    def evaluate(self, game: Game[Any, Any], state: Any, seat: int, rng: random.Random) -> float:
        res = game.result(state)
        if res is not None:
            return 1000.0 * self.reward(game, res, seat) + margin(res.scores, seat)
        return margin(self.project(state), seat)

    def values(self, game: Game[Any, Any], state: Any, rng: random.Random) -> list[float]:
        return softmax(self.project(state), self.temperature(state))


def playout(game: Game[Any, Any], st: Any, rng: random.Random) -> Result:
    """Play `st` to the end with uniformly random actions (in place)."""
    legal, apply, each_to_act, result = game.legal, game.apply, game.each_to_act, game.result
    rand = rng.random
    while True:
        res = result(st)
        if res is not None:
            return res
        for s in each_to_act(st):
            acts = legal(st, s)
            apply(st, s, acts[int(rand() * len(acts))])


def softmax(xs: Sequence[float], temperature: float) -> list[float]:
    """Projected scores to win chances: a gap of `temperature` points is a factor e."""
    top = max(xs)
    ws = [math.exp((x - top) / temperature) for x in xs]
    total = sum(ws)
    return [w / total for w in ws]


def margin(xs: Sequence[float], seat: int) -> float:
    """`seat`'s projection against the field: half against the leader of the others, half the mean."""
    others = [x for i, x in enumerate(xs) if i != seat]
    if not others:
        return xs[seat]
    return xs[seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)
