"""`ziggurat train GAME`: fit a game's learned value (bots/learned.py) to games between normal bots.

Self-play: N games of normal bots, each seeded from (seed, i) as the arena seeds its games. At every
round's end (the positions the hard bot judges after simulating a round) the heuristic's `features`
are kept with the game's final shares. A linear softmax model (one weight per feature, shared by the
seats) is fitted by full-batch Adam with a little L2 from zero weights, so the same seed gives the
same weights. The last fifth of the games is held out and the log-loss on it reported beside the
hand-set heuristic's (`Heuristic.values` without the file). Needs numpy (`pip install ziggurat[rl]`).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ziggurat.bots.heuristics import heuristic_for
from ziggurat.bots.heuristics.base import Heuristic, Projection
from ziggurat.bots.normal import NormalBot
from ziggurat.engine import Game, get
from ziggurat.engine.rng import mix

Sample = tuple[list[list[float]], list[float], list[float]]  # features per seat, shares, heuristic's chances


@dataclass(frozen=True)
class TrainConfig:
    game: str
    players: int
    games: int
    seed: int = 1
    steps: int = 1500
    l2: float = 1e-4
    holdout: float = 0.2


def play(
    game_id: str, players: int, seed: int, index: int, options: dict[str, Any] | None = None
) -> list[Sample]:
    """One self-play game (the printed rules, or `options`): the samples at each round's end,
    labelled with the final shares."""
    game: Game[Any, Any] = get(game_id)
    h = heuristic_for(game)
    gs = mix(seed, index)
    bots = [NormalBot(mix(gs, s)) for s in range(players)]
    state = game.new(players, game.options(options or {}), gs)
    rng = random.Random(gs)
    kept: list[tuple[list[list[float]], list[float]]] = []
    last = h.round_of(state)
    while (res := game.result(state)) is None:
        for seat in game.each_to_act(state):
            game.apply(state, seat, bots[seat].choose(game, state, seat))
        now = h.round_of(state)
        if now != last and game.result(state) is None:
            last = now
            rows = h.features(state)
            if rows is not None:
                kept.append((rows, hand_set(h, game, state, rng)))
    shares = [res.reward(s) for s in range(players)]
    return [(rows, shares, base) for rows, base in kept]


def hand_set(h: Heuristic, game: Game[Any, Any], state: Any, rng: random.Random) -> list[float]:
    """The chances the heuristic gives without learned weights (what the fit is compared with)."""
    if isinstance(h, Projection):
        return Projection.values(h, game, state, rng)
    return Heuristic.values(h, game, state, rng)


def self_play(
    cfg: TrainConfig, workers: int, progress: Callable[[int], None] | None = None
) -> list[list[Sample]]:
    """Every game's samples, in game order (the same with any number of workers)."""
    out: list[list[Sample]] = []
    if workers <= 1:
        for i in range(cfg.games):
            out.append(play(cfg.game, cfg.players, cfg.seed, i))
            if progress:
                progress(i + 1)
        return out
    with ProcessPoolExecutor(workers) as pool:
        args = [(cfg.game, cfg.players, cfg.seed, i) for i in range(cfg.games)]
        for i, samples in enumerate(pool.map(play, *zip(*args, strict=True), chunksize=16)):
            out.append(samples)
            if progress:
                progress(i + 1)
    return out


def fit(cfg: TrainConfig, games: list[list[Sample]]) -> dict[str, Any]:
    """The weights and how well they predict the held-out games."""
    import numpy as np

    game: Game[Any, Any] = get(cfg.game)
    cut = len(games) - int(len(games) * cfg.holdout)
    train = [s for g in games[:cut] for s in g]
    test = [s for g in games[cut:] for s in g]
    x = np.array([s[0] for s in train])
    y = np.array([s[1] for s in train])
    flat = x.reshape(-1, x.shape[2])
    sd = flat.std(0)
    sd[sd == 0] = 1.0
    xs = x / sd  # (a feature constant over seats cancels in the softmax: no centring needed)
    w = np.zeros(x.shape[2])
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    for t in range(1, cfg.steps + 1):
        p = _softmax(xs @ w)
        g = np.einsum("bs,bsd->d", p - y, xs) / len(xs) + cfg.l2 * w
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        w -= 0.05 * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    weights = w / sd
    xt = np.array([s[0] for s in test])
    yt = np.array([s[1] for s in test])
    base = np.array([s[2] for s in test])
    return {
        "weights": [float(f"{x:.6g}") for x in weights],
        "options": game.options_json(game.options({})),  # the self-play's: the defaults
        "games": cfg.games,
        "seed": cfg.seed,
        "samples": len(train) + len(test),
        "held_out_games": len(games) - cut,
        "log_loss": round(_log_loss(_softmax(xt @ weights), yt), 4),
        "hand_set_log_loss": round(_log_loss(base, yt), 4),
        "uniform_log_loss": round(math.log(cfg.players), 4),
    }


def _softmax(z: Any) -> Any:
    import numpy as np

    z = z - z.max(1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(1, keepdims=True)


def _log_loss(p: Any, y: Any) -> float:
    import numpy as np

    return float(-(y * np.log(np.clip(p, 1e-12, 1.0))).sum(1).mean())


def write(path: Path, players: int, names: tuple[str, ...], entry: dict[str, Any]) -> None:
    """Add (or replace) one player count's weights in the game's file, keeping the others."""
    doc = json.loads(path.read_text()) if path.exists() else {}
    doc.setdefault("players", {})[str(players)] = {"features": list(names), **entry}
    doc["players"] = dict(sorted(doc["players"].items(), key=lambda kv: int(kv[0])))
    path.write_text(json.dumps(doc, indent=1) + "\n")
