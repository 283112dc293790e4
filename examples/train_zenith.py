"""Train a small policy for Zenith (2 players) against the `normal` bot, and measure it before and after.

    pip install 'ziggurat[train]'          # stable-baselines3's contrib (MaskablePPO) and PyTorch
    python examples/train_zenith.py --steps 200000 --eval 400 --out zenith-ppo
    python examples/train_zenith.py --smoke   # a minute's check that it all runs (CI, when installed)

The policy is a small MLP trained by PPO with invalid-action masking (Huang & Ontañón 2022, as
sb3-contrib's MaskablePPO implements it) on `ziggurat.rl.vector`'s observations, the same vectors the
PettingZoo environment gives. Each training game seats the learner at seat 0 or 1 in turn (Zenith's
first player has an edge that depends on the board), the other seat is the `normal` bot, and the reward
is 1 for a win (Zenith always has one winner). Win shares are measured before training (the untrained
policy) and after, over the same seeded games, with Wilson 95% intervals; the policy plays its most
likely legal action.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np

from ziggurat.rl.vector import VectorEnv

GAME, PLAYERS = "zenith", 2


class VersusBot(gym.Env[np.ndarray, np.int64]):
    """One game at a time against the bot, as gymnasium wants it: the learner's seat alternates."""

    metadata: dict[str, Any] = {}

    def __init__(self, seed: int, opponent: str = "normal") -> None:
        self.seed_ = seed
        self.opponent = opponent
        self.games = 0
        self.envs: VectorEnv | None = None
        probe = VectorEnv(GAME, 1, players=PLAYERS)
        self.observation_space = gym.spaces.Box(0.0, 1.0, (probe.observation_size,), np.float32)
        self.action_space = gym.spaces.Discrete(probe.num_actions)
        self._mask = np.ones(probe.num_actions, np.int8)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        seat = self.games % PLAYERS
        # a fresh one-game VectorEnv per game: its seed fixes the deal and the bot's choices
        self.envs = VectorEnv(
            GAME,
            1,
            players=PLAYERS,
            learners=[seat],
            opponent=self.opponent,
            seed=self.seed_ * 100_003 + self.games,
        )
        self.games += 1
        obs, mask, _ = self.envs.reset()
        self.seat = seat
        self._mask = mask[0].copy()
        return obs[0].copy(), {}

    def step(self, action: np.int64) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        assert self.envs is not None
        obs, mask, rewards, dones, _ = self.envs.step(np.array([int(action)]))
        self._mask = mask[0].copy()
        if dones[0]:
            return obs[0].copy(), float(rewards[0, self.seat]), True, False, {}
        return obs[0].copy(), 0.0, False, False, {}

    def action_masks(self) -> np.ndarray:
        return self._mask.astype(bool)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (c - h) / d, (c + h) / d


def evaluate(model: Any, games: int, seed: int, opponent: str = "normal") -> dict[str, Any]:
    """The policy's win share against the bot over `games` seeded games (half at each seat)."""
    env = VersusBot(seed, opponent)
    wins = 0.0
    for _ in range(games):
        obs, _ = env.reset()
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, done, _, _ = env.step(action)
        wins += reward
    lo, hi = wilson(wins, games)
    return {"games": games, "win_share": round(wins / games, 3), "wilson95": [round(lo, 3), round(hi, 3)]}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--steps", type=int, default=200_000, help="training decisions")
    ap.add_argument("--eval", type=int, default=400, help="games per evaluation (before and after)")
    ap.add_argument("--envs", type=int, default=8, help="games played at once while training")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, help="save the trained policy here")
    ap.add_argument("--smoke", action="store_true", help="a tiny run that checks everything works")
    args = ap.parse_args(argv)
    if args.smoke:
        args.steps, args.eval, args.envs = 512, 4, 2

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    vec = DummyVecEnv([lambda k=k: VersusBot(args.seed * 1000 + k) for k in range(args.envs)])
    model = MaskablePPO(
        "MlpPolicy", vec, n_steps=256, batch_size=256, n_epochs=4, learning_rate=3e-4, gamma=1.0,
        ent_coef=0.01, policy_kwargs={"net_arch": [128, 128]}, seed=args.seed, verbose=0,
    )  # fmt: skip
    before = evaluate(model, args.eval, seed=10**6 + args.seed)
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    took = time.perf_counter() - start
    after = evaluate(model, args.eval, seed=10**6 + args.seed)
    report = {
        "game": GAME, "players": PLAYERS, "opponent": "normal", "steps": args.steps,
        "train_seconds": round(took, 1), "before": before, "after": after,
        "after_vs_random": evaluate(model, args.eval, seed=2 * 10**6 + args.seed, opponent="random"),
    }  # fmt: skip
    print(json.dumps(report), flush=True)
    if args.out:
        model.save(args.out)


if __name__ == "__main__":
    main()
