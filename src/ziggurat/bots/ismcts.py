"""Information-set Monte Carlo tree search (single observer), for any game and any number of seats.

Every iteration samples a world the searching seat cannot tell from the real one
(`game.determinize`), walks the tree in it, expands one node, plays on with a fast policy, and backs
the outcome up. Nodes stand for the sequence of actions taken from the root; a node's statistics are
kept per (seat, action), with an availability count, because in one world an action may be legal and
in another not (an opponent's hand differs). Each seat maximises its own reward (max-n), so the search
works for any number of players.

Simultaneous choices (several seats in `to_act`) are decoupled: at such a node every asked seat picks
from its own statistics, none seeing the others' choice, and the joint choice leads to the child.
Actions forced (one legal action for every asked seat) pass through without a node.

With `model_opponents`, the other seats are not searched but played by the normal bot's planner (a
model of a sensible player), so the tree holds only the searcher's own decisions and reaches several
turns deep; each new leaf is then played on until the searcher's next turn before it is judged.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from ziggurat.bots.heuristics import Heuristic
from ziggurat.bots.heuristics.tuning import Settings
from ziggurat.bots.normal import Planner
from ziggurat.engine import Game

Edge = list[float]  # [visits, total reward, availability]
DEFAULTS = Settings()


class Node:
    __slots__ = ("children", "edges")

    def __init__(self) -> None:
        self.edges: dict[tuple[int, str], Edge] = {}
        self.children: dict[Any, Node] = {}


@dataclass(frozen=True)
class Budget:
    """Stop after `iterations`, or after `seconds` of wall-clock time, whichever comes first.
    Iterations alone make a search reproducible (the arena and the tests use only those)."""

    iterations: int | None = 1000
    seconds: float | None = None


@dataclass(frozen=True)
class Decision:
    """One decision to search: the position, the seat deciding, what the bot knows of the game, its
    random numbers and its budget (what every search takes)."""

    game: Game[Any, Any]
    state: Any
    seat: int
    rng: random.Random
    h: Heuristic
    budget: Budget


@dataclass
class Report:
    iterations: int
    seconds: float
    visits: dict[str, int]


def search(d: Decision, settings: Settings = DEFAULTS) -> tuple[str, Report]:
    game, state, seat, rng, h, budget = d.game, d.state, d.seat, d.rng, d.h, d.budget
    legal = game.legal(state, seat)
    root = Node()
    start = time.perf_counter()
    deadline = start + budget.seconds if budget.seconds is not None else None
    cap = budget.iterations
    done = 0
    while (cap is None or done < cap) and (deadline is None or done & 7 or time.perf_counter() < deadline):
        world = game.determinize(state, seat, random.Random(rng.getrandbits(64)))
        _iterate(game, world, seat, root, rng, h, settings)
        done += 1
    visits = {a: int(root.edges[(seat, a)][0]) if (seat, a) in root.edges else 0 for a in legal}
    best = max(legal, key=lambda a: (visits[a], _mean(root, seat, a)))
    return best, Report(done, time.perf_counter() - start, visits)


def _mean(node: Node, seat: int, action: str) -> float:
    e = node.edges.get((seat, action))
    return e[1] / e[0] if e and e[0] else 0.0


def _select(node: Node, s: int, legal: list[str], c: float, rand: Any) -> tuple[str, bool]:
    """UCB over the available actions (availability counts, not parent visits); an untried action
    first. Returns (action, whether it was untried)."""
    edges = node.edges
    untried = []
    best_a = legal[0]
    best_v = -1.0
    for a in legal:
        e = edges.get((s, a))
        if e is None:
            untried.append(a)
            continue
        e[2] += 1
        v = e[1] / e[0] + c * math.sqrt(math.log(e[2]) / e[0])
        if v > best_v:
            best_v, best_a = v, a
    if untried:
        a = untried[int(rand() * len(untried))]
        edges[(s, a)] = [0.0, 0.0, 1.0]
        return a, True
    return best_a, False


def _iterate(
    game: Game[Any, Any], st: Any, me: int, root: Node, rng: random.Random, h: Heuristic, cfg: Settings
) -> None:
    legal_of, apply, to_act, result = game.legal, game.apply, game.to_act, game.result
    rand = rng.random
    model = Planner(game, h, rng) if cfg.model_opponents else None
    node = root
    path: list[tuple[Node, list[tuple[int, str]]]] = []
    res = result(st)
    while res is None:
        seats = to_act(st)
        if model is not None and me not in seats:
            for s in seats:
                apply(st, s, model.act(st, s))
            res = result(st)
            continue
        if len(seats) > 1 and me in seats:  # decoupled: the order of the answers changes nothing
            seats = (me, *(s for s in seats if s != me))
        joint: list[tuple[int, str]] = []
        searched = False
        expanded = False
        for s in seats:
            legal = legal_of(st, s)
            if len(legal) == 1:
                joint.append((s, legal[0]))
            elif model is not None and s != me:
                joint.append((s, model.act(st, s)))
            else:
                a, new = _select(node, s, legal, cfg.exploration, rand)
                joint.append((s, a))
                searched = True
                expanded |= new
        if model is not None:
            model.forget()
        for s, a in joint:
            apply(st, s, a)
        res = result(st)
        if not searched:
            continue
        path.append((node, joint))
        key: Any = joint[0] if len(joint) == 1 else tuple(joint)
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = Node()
            expanded = True
        node = child
        if expanded:
            break
    if res is not None:
        rewards = [h.reward(game, res, s) for s in range(len(res.ranks))]
    elif model is not None:
        rewards = _until_my_turn(game, st, me, h, model, rng, cfg)
    else:
        rewards = _playout(game, st, rng, h, cfg)
    for nd, joint in path:  # each seat's edge learns that seat's reward
        for s, a in joint:
            e = nd.edges.get((s, a))
            if e is not None:
                e[0] += 1
                e[1] += rewards[s]


def _playout(game: Game[Any, Any], st: Any, rng: random.Random, h: Heuristic, cfg: Settings) -> list[float]:
    """The heuristic's fast policy for every seat, to the end or for `rollout_steps` decisions."""
    legal_of, apply, each_to_act, result = game.legal, game.apply, game.each_to_act, game.result
    policy = h.rollout
    left = cfg.rollout_steps if cfg.rollout_steps is not None else 1 << 30
    start = h.round_of(st)
    stop = start + cfg.rollout_rounds if start is not None and cfg.rollout_rounds is not None else None
    while left > 0:
        res = result(st)
        if res is not None:
            return [h.reward(game, res, s) for s in range(len(res.ranks))]
        for s in each_to_act(st):
            apply(st, s, policy(game, st, s, legal_of(st, s), rng))
        left -= 1
        if stop is not None and h.round_of(st) == stop:  # judged between rounds, after the tally
            break
    res = result(st)
    if res is not None:
        return [h.reward(game, res, s) for s in range(len(res.ranks))]
    return h.values(game, st, rng)


def _until_my_turn(
    game: Game[Any, Any], st: Any, me: int, h: Heuristic, model: Planner, rng: random.Random, cfg: Settings
) -> list[float]:
    """Everyone plays the model's plans until the searcher is asked again after the others have
    answered (at most `rollout_steps` decisions), then the heuristic judges."""
    apply, to_act, result = game.apply, game.to_act, game.result
    others = False
    left = cfg.rollout_steps if cfg.rollout_steps is not None else 1 << 30
    while left > 0:
        res = result(st)
        if res is not None:
            return [h.reward(game, res, s) for s in range(len(res.ranks))]
        seats = to_act(st)
        if me in seats and others:
            break
        others |= me not in seats
        for s in game.each_to_act(st):
            apply(st, s, model.act(st, s))
        left -= 1
    res = result(st)
    if res is not None:
        return [h.reward(game, res, s) for s in range(len(res.ranks))]
    return h.values(game, st, rng)
