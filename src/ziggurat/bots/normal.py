"""The `normal` level: one decision ahead, judged with the game's heuristic.

A decision is often only part of a move (play a card, then choose its tile), so each candidate is
followed by the bot's own next decisions, taken greedily, up to the heuristic's horizon (the end of
its turn in Zealous), before the position is judged. Everything happens on one determinization: a
state sampled from what this seat has seen.

`Planner` reuses that look-ahead as a model of a player inside the hard bot's search: the plan made
for the first decision of a turn is replayed for the rest of it.
"""

from __future__ import annotations

import random
from typing import Any

from ziggurat.bots.base import Bot
from ziggurat.bots.heuristics import Heuristic, heuristic_for
from ziggurat.engine import Game

TIE = 1e-7  # ties are broken by a seeded jitter of this size, so equal moves vary between games


class NormalBot(Bot):
    level = "normal"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game[Any, Any], state: Any, seat: int) -> str:
        legal = game.legal(state, seat)
        if len(legal) == 1:
            return legal[0]
        rng = random.Random(self.rng.getrandbits(64))
        det = game.determinize(state, seat, rng)
        return plan(game, heuristic_for(game), det, seat, legal, rng)[0]


def plan(
    game: Game[Any, Any], h: Heuristic, st: Any, seat: int, legal: list[str], rng: random.Random
) -> list[str]:
    """The best of `legal` with the greedy decisions that follow it (state untouched)."""
    best: list[str] = legal[:1]
    best_v = -float("inf")
    for a in legal:
        nxt = game.clone(st)
        game.apply(nxt, seat, a)
        then: list[str] = []
        v = follow(game, h, nxt, seat, rng, h.horizon - 1, then) + TIE * rng.random()
        if v > best_v:
            best, best_v = [a, *then], v
    return best


def follow(
    game: Game[Any, Any], h: Heuristic, st: Any, seat: int, rng: random.Random, depth: int, taken: list[str]
) -> float:
    """Take `seat`'s next `depth` decisions greedily (in place, appended to `taken`), then judge."""
    while depth > 0 and game.result(st) is None and seat in game.to_act(st):
        legal = game.legal(st, seat)
        best = h.greedy(game, st, seat, legal, rng)
        game.apply(st, seat, best)
        taken.append(best)
        depth -= 1
    return h.evaluate(game, st, seat, rng)


class Planner:
    """Plays seats like the normal bot inside one simulated world. A plan holds only while its seat
    keeps deciding through the planner; any other action (`forget`) drops it."""

    def __init__(self, game: Game[Any, Any], h: Heuristic, rng: random.Random) -> None:
        self.game = game
        self.h = h
        self.rng = rng
        self.seat = -1
        self.todo: list[str] = []

    def forget(self) -> None:
        self.seat = -1
        self.todo = []

    def act(self, st: Any, seat: int) -> str:
        legal = self.game.legal(st, seat)
        if seat == self.seat and self.todo and self.todo[0] in legal:
            return self.todo.pop(0)
        if len(legal) == 1:
            self.forget()
            return legal[0]
        todo = plan(self.game, self.h, st, seat, legal, self.rng)
        self.seat, self.todo = seat, todo[1:]
        return todo[0]
