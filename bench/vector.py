"""Steps per second of the batched environment (`ziggurat.rl.vector`): random legal play in N games at
once, for N = 1, 64, 1024 (issue 21), one JSON line per (game, N), each bounded by `--seconds`.

    python bench/vector.py [--game zealous:4 --game zenith:2 ...] [--envs 1,64,1024] [--seconds 5]

A step is one decision in every game (N decisions); steps/s counts decisions. CPU seconds of this
process, not wall-clock: the machine's other jobs don't count against it. `decisions_per_s` is the
whole loop's, the benchmark's random policy included (noise over every action of every game: with
Zombology's 6,281 actions it costs more than the games); `env_decisions_per_s` counts only the CPU
spent inside `step`, what the environment itself costs.
"""

from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np

from ziggurat.rl.vector import VectorEnv


def measure(game: str, players: int, n: int, seconds: float) -> dict[str, object]:
    envs = VectorEnv(game, n, players=players, seed=1)
    _, mask, _ = envs.reset()
    rng = np.random.default_rng(0)
    decisions = steps = games = 0
    in_step = 0.0
    clock = time.process_time
    start = clock()
    while clock() - start < seconds:
        # a random legal action per game: argmax of random noise on the mask
        acts = np.argmax(rng.random(mask.shape) * mask, axis=1)
        t = clock()
        _, mask, _, dones, _ = envs.step(acts)
        in_step += clock() - t
        decisions += n
        steps += 1
        games += int(dones.sum())
    cpu = clock() - start
    return {
        "game": game, "players": players, "envs": n, "decisions_per_s": round(decisions / cpu),
        "env_decisions_per_s": round(decisions / in_step),
        "batches_per_s": round(steps / cpu, 1), "games_ended": games, "cpu_s": round(cpu, 2),
        "load": os.getloadavg()[0],
    }  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--game", action="append", help="GAME:PLAYERS (default zealous:4, zenith:2)")
    ap.add_argument("--envs", default="1,64,1024")
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    for spec in args.game or ["zealous:4", "faiths:4", "zombology:5", "zenith:2"]:
        gid, players = spec.split(":")
        for n in (int(x) for x in args.envs.split(",")):
            print(json.dumps(measure(gid, int(players), n, args.seconds)), flush=True)


if __name__ == "__main__":
    main()
