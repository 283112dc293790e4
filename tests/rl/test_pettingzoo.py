"""The PettingZoo AEC environment: PettingZoo's own API test for every game, and what it promises."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test

from tests.rl.play import CONFIGS
from ziggurat.engine import get
from ziggurat.rl.pettingzoo import ZigguratEnv, env


def play_out(e: ZigguratEnv, seed: int) -> dict[str, float]:
    """A random game to the end through the AEC loop; the reward each agent collected."""
    got = dict.fromkeys(e.possible_agents, 0.0)
    rng = np.random.default_rng(seed)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        got[agent] += reward
        if term or trunc:
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return got


@pytest.mark.parametrize(("gid", "players", "options"), CONFIGS)
def test_pettingzoo_api_test(gid: str, players: int, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        # Dict observations with an action mask are PettingZoo's own convention; it still warns.
        warnings.simplefilter("ignore")
        api_test(env(gid, players, **options), num_cycles=3000)


@pytest.mark.parametrize("gid", ["zealous", "zenith", "zombology", "faiths"])
def test_rewards_at_the_end_are_the_result(gid: str) -> None:
    e = env(gid, 4)
    e.reset(seed=2)
    game = e.game
    final = None
    rng = np.random.default_rng(0)
    for agent in e.agent_iter():
        obs, reward, term, _, _ = e.last()
        if term:
            final = final or game.result(e.game_state)
            assert reward == final.reward(int(agent.split("_")[1]))
            assert not obs["action_mask"].any()
            e.step(None)
            continue
        assert reward == 0.0
        seat = int(agent.split("_")[1])
        assert seat == game.to_act(e.game_state)[0]
        legal = np.flatnonzero(obs["action_mask"])
        assert sorted(e.binding.space.actions[i] for i in legal) == sorted(game.legal(e.game_state, seat))
        for other in e.agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        e.step(int(rng.choice(legal)))
    assert final is not None and not e.agents


def test_a_seed_fixes_the_game() -> None:
    a, b = env("zealous", 4), env("zealous", 4)
    a.reset(seed=9)
    b.reset(seed=9)
    assert play_out(a, 1) == play_out(b, 1)
    a.reset(seed=9)
    b.reset(seed=9)
    assert np.array_equal(a.observe("player_0")["observation"], b.observe("player_0")["observation"])


def test_illegal_actions_are_refused() -> None:
    e = env("zenith", 2)
    e.reset(seed=0)
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal"):
        e.step(len(mask))
    e.step(int(np.flatnonzero(mask)[0]))
    occupied = e.binding.space.index["place:" + next(iter(e.game.view(e.game_state, 0)["pieces"]))]
    with pytest.raises(ValueError, match="not legal"):
        e.step(occupied)
    with pytest.raises(ValueError, match="must act"):
        e.step(None)


def test_options_and_default_players() -> None:
    e = env("zealous", length="advanced")
    assert e.binding.players == 3 and e.binding.options.length == "advanced"
    assert e.metadata["name"] == "ziggurat_zealous_v0"
    with pytest.raises(ValueError, match="render_mode"):
        env("zenith", render_mode="rgb_array")


def test_render_is_the_spectators_board(capsys: pytest.CaptureFixture[str]) -> None:
    e = env("zealous", 4, render_mode="ansi")
    e.reset(seed=4)
    assert e.render() == e.game.text(e.game_state, None, e.possible_agents)
    h = env("zealous", 4, render_mode="human")
    h.reset(seed=4)
    assert h.render() is None
    assert capsys.readouterr().out.strip() == e.render().strip()
    assert env("zealous", 4).render() is None


def test_zombology_choices_are_secret_in_turn() -> None:
    """In the secret choice agents act one after another; nobody's observation tells which card an
    earlier agent chose (only its back, which lies face up on the table)."""
    game = get("zombology")
    seen = []
    for pick in range(2):
        e = env("zombology", 4)
        e.reset(seed=1)
        first = e.agent_selection
        assert game.view(e.game_state, None)["phase"] == "choose"
        hand = game.view(e.game_state, 0)["hand"]
        epidemic = [
            c for c in hand if int(c.split("-")[1]) <= 2 and c.split("-")[0] not in ("army", "overrun")
        ]
        e.step(e.binding.space.index["choose:" + epidemic[pick]])
        assert e.agent_selection != first
        seen.append({a: e.observe(a)["observation"] for a in e.possible_agents if a != first})
    for agent, obs in seen[0].items():
        assert np.array_equal(obs, seen[1][agent])
