"""The batched environment: shapes, masks, observations as the AEC environment's, rewards and
auto-reset, bots for the seats that don't learn, reproducibility, and refusals that change nothing."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("numpy")

from tests.rl.play import CONFIGS
from ziggurat.engine import get
from ziggurat.rl.spec import bind
from ziggurat.rl.vector import VectorEnv


def random_actions(mask: np.ndarray[Any, Any], rng: np.random.Generator) -> np.ndarray[Any, Any]:
    return np.array([rng.choice(np.flatnonzero(row)) for row in mask])


# Beyond CONFIGS: a variant whose counts may pass their scales (the batch clips them, as one game's
# encoding does) and one whose counts may pass a byte (its games encode views, row by row).
VARIANTS: list[tuple[str, int, dict[str, Any]]] = [
    ("zealous", 3, {"followers": 30, "cards": {"stone": 8, "vision": 6}, "last_round": 4}),
    ("faiths", 4, {"territories_to_win": 26}),
]


@pytest.mark.parametrize(("gid", "players", "options"), CONFIGS + VARIANTS)
def test_random_play_in_lockstep(gid: str, players: int, options: dict[str, Any]) -> None:
    envs = VectorEnv(gid, 4, players=players, seed=3, **options)
    obs, mask, seat = envs.reset()
    b = bind(get(gid), players, options or None)
    assert (gid, players, options) not in VARIANTS or b.encoder.saturate or not b.encoder.reads_state
    assert obs.shape == (4, b.encoder.size) and obs.dtype == np.float32
    assert mask.shape == (4, len(b.space)) and mask.dtype == np.int8
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(3000):
        for i in range(4):  # what the arrays say is what the game says
            state, s = envs.states[i], int(seat[i])
            assert s in envs.game.to_act(state)
            assert np.array_equal(obs[i], b.observe(envs.game.view(state, s)))
            assert sorted(np.flatnonzero(mask[i])) == b.space.ids(envs.game.legal(state, s))
        obs, mask, rewards, dones, seat = envs.step(random_actions(mask, rng))
        assert rewards.shape == (4, players)
        for i in np.flatnonzero(dones):
            result = envs.results[i]
            assert result is not None
            assert list(rewards[i]) == pytest.approx([result.reward(s) for s in range(players)])
            finished += 1
        assert not rewards[~dones].any()  # rewards only at the end
        if finished >= 4:
            break
    assert finished >= 4  # games end, and the envs carry on with the next ones


def test_the_same_seed_gives_the_same_run_with_any_number_of_games() -> None:
    def run(n: int) -> list[np.ndarray[Any, Any]]:
        envs = VectorEnv("zenith", n, players=2, seed=7)
        obs, mask, _ = envs.reset()
        out = [obs[0].copy()]
        for _ in range(60):
            acts = np.array([np.flatnonzero(m)[len(np.flatnonzero(m)) // 2] for m in mask])
            obs, mask, rewards, dones, _ = envs.step(acts)
            out += [obs[0].copy(), rewards[0].copy(), dones[:1].copy()]
        return out

    one, again, more = run(1), run(1), run(8)
    assert all(np.array_equal(a, b) for a, b in zip(one, again, strict=True))
    assert all(np.array_equal(a, b) for a, b in zip(one, more, strict=True))  # game 0 is game 0


def test_deals_differ_between_games_and_seeds() -> None:
    envs = VectorEnv("zealous", 3, players=4, seed=1)
    envs.reset()
    deals = [envs.game.to_json(s) for s in envs.states]
    assert deals[0] != deals[1] != deals[2]
    other = VectorEnv("zealous", 3, players=4, seed=2)
    other.reset()
    assert other.game.to_json(other.states[0]) != deals[0]


def test_bots_play_the_other_seats() -> None:
    envs = VectorEnv("zenith", 6, players=2, learners=[1], opponent="random", seed=5)
    _, mask, seat = envs.reset()
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(400):
        assert (seat == 1).all()  # only the learner is asked
        _, mask, rewards, dones, seat = envs.step(random_actions(mask, rng))
        ended += int(dones.sum())
        assert ((rewards.sum(axis=1) == 1.0) | ~dones).all()  # Zenith always has a winner
    assert ended > 6


def test_an_illegal_action_is_refused_and_nothing_moves() -> None:
    envs = VectorEnv("zenith", 3, players=2, seed=2)
    _, mask, _ = envs.reset()
    before = [envs.game.to_json(s) for s in envs.states]
    illegal = int(np.flatnonzero(mask[1] == 0)[0]) if (mask[1] == 0).any() else envs.num_actions
    good = [int(np.flatnonzero(m)[0]) for m in mask]
    for bad in ([good[0], illegal, good[2]], [good[0], -1, good[2]], [good[0], good[1]]):
        with pytest.raises(ValueError, match=r"game 1|one per game"):
            envs.step(np.array(bad))
    assert [envs.game.to_json(s) for s in envs.states] == before  # game 0 didn't move either
    with pytest.raises(ValueError):
        VectorEnv("zenith", 2, players=2, learners=[5])
    with pytest.raises(RuntimeError):
        VectorEnv("zenith", 2, players=2).step([0, 0])
