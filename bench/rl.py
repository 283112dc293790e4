"""Research adapters' throughput: random legal play through our PettingZoo AEC environments, the engine
itself and PettingZoo's classic environments, side by side in one process on one core.

    python bench/rl.py [--seconds S] [--rounds R] [--game ID:PLAYERS ...] [--no-classic] [--mask-only]
                       [--floor] [--vector N ...] [--quiet]

Every measurement plays whole random games for `--seconds` of wall-clock time in all (split over
`--rounds`, which interleave: round 1 measures every subject, then round 2 again, and so on, so that a
change in the machine's load touches them all alike). Rates are per second of this process's CPU time
(`time.process_time`): one core's throughput, which a shared machine's other jobs disturb far less
than they do the wall clock (both are printed). Prints one JSON line per subject and round (unless
`--quiet`), then one summary line per table:

- `engine`: decisions/s of random legal play through `game.legal` / `game.apply` (as bench/engine.py).
- `aec`: steps/s of our AEC env, the canonical loop: `agent_iter`, `last()`, a uniformly random action
  among those the mask allows, `step`. A step is one action taken (the dead steps that walk agents
  out at the end, and `reset`, are in the time but not in the count). The policy reads the int8 mask
  as booleans (`mask.view(bool).nonzero()`): numpy finds the ones of a boolean array some ten times
  faster than of an int8 one, and the policy's cost is not the environment's (Zombology's mask has
  6,281 entries).
- `classic`: the same loop over PettingZoo's Connect Four and Tic-Tac-Toe (`pettingzoo[classic]`).
- `mask_only` (with `--mask-only`): our env with a constant observation (the mask is still made): what
  the loop, the mask and the policy cost without the observation.
- `floor` (with `--floor`): the least any AEC environment of the game can do in this loop, whatever its
  author: PettingZoo's `AECEnv` with seat numbers as agents, the engine calls a step needs (`legal` for
  the mask, `apply`, `result`, `to_act`), the mask made as ours is, a constant observation, and no
  checks or names. Its ratio to the engine bounds what any observation could leave.
- `floor_float32` (with `--floor`): the same, with a fresh float32 observation every step made from
  constant numerators (`encode_state`'s numpy calls, as if reading the state cost nothing).
- `vector_N` (with `--vector N`): decisions/s of `ziggurat.rl.vector.VectorEnv` stepping N games of
  self-play, counting only the CPU spent inside `step` (the random policy, noise over the masks, is
  outside it: with Zombology's 6,281 actions it would cost more than the games).

The summary gives the ratio `aec / engine` per game (issue 21's target: at least 0.5).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ziggurat.engine import Game, get

# (game, players, options): the tables (Zealous as bench/engine.py measures it: advanced).
GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("zealous", 4, {"length": "advanced"}),
    ("faiths", 4, {}),
    ("zombology", 5, {}),
    ("zenith", 2, {}),
]

Measure = Callable[[float], tuple[int, int, float, float]]  # seconds -> (steps, games, cpu, wall)


def engine(game: Game[Any, Any], players: int, options: dict[str, Any], seed: int) -> Measure:
    opts = game.options(options)
    rng = random.Random(seed)
    state = {"games": 0}

    def run(seconds: float) -> tuple[int, int, float, float]:
        choice = rng.choice
        legal, apply, to_act, result = game.legal, game.apply, game.to_act, game.result
        steps = games = 0
        cpu, start = time.process_time(), time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            st = game.new(players, opts, seed + state["games"])
            state["games"] += 1
            while result(st) is None:
                seat = to_act(st)[0]
                apply(st, seat, choice(legal(st, seat)))
                steps += 1
            games += 1
        return steps, games, time.process_time() - cpu, time.perf_counter() - start

    return run


def aec(env: Any, seed: int) -> Measure:
    """The canonical AEC loop over `env`, reset with `seed` once (later resets follow from it)."""
    rng = random.Random(seed)
    env.reset(seed=seed)

    def run(seconds: float) -> tuple[int, int, float, float]:
        randrange = rng.randrange
        steps = games = 0
        cpu, start = time.process_time(), time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            env.reset()
            for _agent in env.agent_iter():
                obs, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = obs["action_mask"].view(np.bool_).nonzero()[0]
                env.step(int(legal[randrange(len(legal))]))
                steps += 1
            games += 1
        return steps, games, time.process_time() - cpu, time.perf_counter() - start

    return run


def ours(gid: str, players: int, options: dict[str, Any], seed: int) -> Measure:
    from ziggurat.rl.pettingzoo import env

    return aec(env(gid, players, **options), seed)


def mask_only(gid: str, players: int, options: dict[str, Any], seed: int) -> Measure:
    from ziggurat.rl.pettingzoo import ZigguratEnv

    class MaskOnly(ZigguratEnv):
        def observe(self, agent: str) -> dict[str, Any]:
            seat, b = int(agent.rpartition("_")[2]), self.binding
            if agent == self.agent_selection and not self.terminations[agent]:
                mask = b.space.mask(self.game.legal(self.game_state, seat))
            else:
                mask = np.zeros(len(b.space), np.int8)
            return {"observation": constant, "action_mask": mask}

    env = MaskOnly(gid, players, **options)
    constant = np.zeros(env.binding.encoder.size, np.float32)
    return aec(env, seed)


def floor(gid: str, players: int, options: dict[str, Any], seed: int, float32: bool = False) -> Measure:
    from pettingzoo import AECEnv

    from ziggurat.rl.spec import bind

    game = get(gid)
    b = bind(game, players, options or None)
    legal, apply, result, to_act, mask = game.legal, game.apply, game.result, game.to_act, b.space.mask
    actions, constant = b.space.actions, np.zeros(b.encoder.size, np.float32)
    numerators, scale, unit = bytes(b.encoder.size), b.encoder.scale, b.encoder.unit
    deals = random.Random(seed)

    class Floor(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
        possible_agents = list(range(players))

        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
            self.st = game.new(players, b.options, seed=deals.getrandbits(63))
            self.agents = self.possible_agents[:]
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos: dict[int, dict[str, Any]] = {a: {} for a in self.agents}
            self.agent_selection = to_act(self.st)[0]

        def observe(self, agent: int) -> dict[str, Any]:
            obs = constant
            if float32:  # (encode_state's tail: a new array, divided by the scales unless all are 1)
                obs = np.frombuffer(numerators, np.uint8).astype(np.float32)
                if not unit:
                    obs /= scale
            return {"observation": obs, "action_mask": mask(legal(self.st, agent))}

        def step(self, action: int | None) -> None:
            agent = self.agent_selection
            if self.terminations[agent]:
                self._was_dead_step(action)
                return
            apply(self.st, agent, actions[action])  # type: ignore[index]
            r = result(self.st)
            if r is None:
                self.agent_selection = to_act(self.st)[0]
                return
            for a in self.agents:
                self.rewards[a] = r.reward(a)
                self.terminations[a] = True
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]

    return aec(Floor(), seed)


def vector(gid: str, players: int, options: dict[str, Any], seed: int, n: int) -> Measure:
    from ziggurat.rl.vector import VectorEnv

    envs = VectorEnv(gid, n, players=players, seed=seed, **options)
    mask = envs.reset()[1]
    rng = np.random.default_rng(seed)

    def run(seconds: float) -> tuple[int, int, float, float]:
        nonlocal mask
        clock = time.process_time
        steps = games = 0
        cpu, start = 0.0, time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            acts = np.argmax(rng.random(mask.shape) * mask, axis=1)
            t = clock()
            _, mask, _, dones, _ = envs.step(acts)
            cpu += clock() - t
            steps += n
            games += int(dones.sum())
        return steps, games, cpu, time.perf_counter() - start

    return run


def classic(name: str, seed: int) -> Measure | None:
    try:
        from pettingzoo.classic import connect_four_v3, tictactoe_v3
    except ImportError:  # pettingzoo[classic] (pygame) is not installed
        return None
    module = {"connect_four": connect_four_v3, "tictactoe": tictactoe_v3}[name]
    return aec(module.env(), seed)


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=3.0, help="per measurement, over all rounds")
    p.add_argument("--rounds", type=int, default=10, help="interleaved rounds")
    p.add_argument("--game", action="append", metavar="ID:PLAYERS", help="default: the issue's four tables")
    p.add_argument("--no-classic", action="store_true", help="leave PettingZoo's classic envs out")
    p.add_argument("--mask-only", action="store_true", help="also our env with a constant observation")
    p.add_argument("--floor", action="store_true", help="also the least any env can do in this loop")
    p.add_argument("--vector", type=int, action="append", metavar="N", help="also VectorEnv with N games")
    p.add_argument("--quiet", action="store_true", help="the summary lines only")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    tables = GAMES
    if args.game:
        defaults = {gid: opts for gid, _, opts in GAMES}
        tables = [(g, int(n), defaults.get(g, {})) for g, n in (x.split(":") for x in args.game)]

    subjects: list[tuple[str, str, Measure]] = []  # (table, subject, measure)
    for gid, n, options in tables:
        table = f"{gid}:{n}"
        subjects.append((table, "engine", engine(get(gid), n, options, args.seed)))
        subjects.append((table, "aec", ours(gid, n, options, args.seed)))
        if args.mask_only:
            subjects.append((table, "mask_only", mask_only(gid, n, options, args.seed)))
        if args.floor:
            subjects.append((table, "floor", floor(gid, n, options, args.seed)))
            subjects.append((table, "floor_float32", floor(gid, n, options, args.seed, float32=True)))
        for k in args.vector or ():
            subjects.append((table, f"vector_{k}", vector(gid, n, options, args.seed, k)))
    if not args.no_classic:
        for name in ("connect_four", "tictactoe"):
            m = classic(name, args.seed)
            if m is None:
                print(json.dumps({"classic": name, "skipped": "pip install 'pettingzoo[classic]'"}))
            else:
                subjects.append((name, "classic", m))

    totals: dict[tuple[str, str], list[float]] = {}  # steps, games, cpu seconds, wall seconds
    share = args.seconds / args.rounds
    for r in range(args.rounds):
        for table, subject, measure in subjects:
            steps, games, cpu, wall = measure(share)
            t = totals.setdefault((table, subject), [0, 0, 0.0, 0.0])
            for i, x in enumerate((steps, games, cpu, wall)):
                t[i] += x
            if not args.quiet:
                line = {"round": r + 1, "table": table, "subject": subject, "steps_per_s": round(steps / cpu)}
                print(json.dumps({**line, "games": games, "load": load()}), flush=True)

    rate = {key: t[0] / t[2] for key, t in totals.items()}
    for table, subject, _ in subjects:
        if subject == "engine":
            continue
        done, played, _, elapsed = totals[table, subject]
        out: dict[str, Any] = {"table": table, "subject": subject, "steps_per_s": round(rate[table, subject])}
        if subject != "classic":
            eng = rate[table, "engine"]
            out |= {"engine_per_s": round(eng), "ratio": round(rate[table, subject] / eng, 3)}
        out |= {"wall_steps_per_s": round(done / elapsed), "games": int(played)}
        print(json.dumps({"summary": True, **out, "load": load()}), flush=True)


if __name__ == "__main__":
    main()
