"""A game from another package plugs into every layer through its entry point alone (issue 16).

High Card (tests/toygame/: its own pyproject.toml, its own package) is registered for the test session
by tests/conftest.py, so the whole engine conformance suite, every bot level, the fairness checks, the
research adapters and the server's complete-game test run on it as on the built-in games. Here it is
shown where players and researchers meet it: installed for real with pip, in the command line and
the arena; in PettingZoo and OpenSpiel; at a server table over HTTP and websockets, played to the end.
Nothing in src/ names it.
"""

from __future__ import annotations

import io
import json
import os
import random
import shutil
import subprocess
import sys
import warnings
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from tests.server.harness import Client, ThreadServer, bearer, fast_settings, http, new_table, play_until
from tests.toygame.install import HERE
from ziggurat.bots.arena import ArenaConfig, Entry, run, summarize
from ziggurat.cli import main
from ziggurat.engine import get, registry

TOY = "highcard"


def test_it_is_found_through_its_own_entry_point() -> None:
    import ziggurat_toygame

    (ep,) = [ep for ep in entry_points(group=registry.GROUP) if ep.name == TOY]
    assert ep.dist is not None and ep.dist.name == "ziggurat-toygame"
    assert get(TOY) is ziggurat_toygame.GAME and TOY in registry.ids()


def test_installed_with_pip_it_plays_in_the_command_line_and_the_arena(tmp_path: Path) -> None:
    """A real `pip install` of the package (into a folder of its own), then `ziggurat play` and
    `ziggurat arena` in a fresh process that knows nothing but that folder."""
    source = shutil.copytree(HERE, tmp_path / "toygame", ignore=shutil.ignore_patterns("build", "*.egg-info"))
    site = tmp_path / "site"
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site), str(source)]
    built = subprocess.run(pip, capture_output=True, text=True, check=False)
    if built.returncode and "No matching distribution found for setuptools" in built.stdout + built.stderr:
        pytest.skip("no package index to fetch the build backend from")
    assert built.returncode == 0, built.stdout + built.stderr
    env = {**os.environ, "PYTHONPATH": str(site)}  # not the session's own stand-in
    exe = str(Path(sys.executable).parent / "ziggurat")

    def ziggurat(*args: str) -> str:
        proc = subprocess.run([exe, *args], capture_output=True, text=True, env=env, check=False)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout

    out = ziggurat("play", TOY, "--players", "3", "--seed", "4", "--bot", "hard", "--think", "0.01", "-v")
    assert "High Card, 3 players, seed 4" in out and "wins the trick with" in out and "Winner" in out
    ziggurat("arena", TOY, "--players", "2", "--bots", "hard:20,random", "--games", "4", "--no-plots",
             "--out", str(tmp_path / "arena"))  # fmt: skip
    summary = json.loads((tmp_path / "arena" / "results.json").read_text())["summary"]
    assert summary["games"] == 4 and sum(c["plays"] for c in summary["cards"].values()) == 4 * 2 * 3


def test_a_person_plays_it_in_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 10))
    assert main(["play", TOY, "--players", "2", "--human", "0", "--seed", "1", "--option", "hand=2"]) == 0
    out = capsys.readouterr().out
    assert "Your hand:" in out and " 1. Play " in out and "Final scores:" in out


def test_the_arena_counts_its_cards_from_its_play_events() -> None:
    cfg = ArenaConfig(TOY, 3, tuple(Entry.parse(b) for b in ("hard:10", "normal", "random")), games=3, seed=1)
    records = run(cfg, workers=1)
    summary = summarize(records, 3)
    assert sum(c["plays"] for c in summary["cards"].values()) == 3 * 3 * 3  # every card of every hand
    assert summary["bots"].keys() == {"hard:10", "normal", "random"}


def test_it_is_a_pettingzoo_and_an_openspiel_game() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from ziggurat.rl.pettingzoo import env

    e = env(TOY, players=3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo warns about the action-mask convention it defines
        api_test(e, num_cycles=20)
    e.reset(seed=3)
    rewards = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, done, truncated, _ = e.last()
        rewards[agent] += reward
        e.step(
            None if done or truncated else int(random.Random(agent).choice(obs["action_mask"].nonzero()[0]))
        )
    assert sum(rewards.values()) == pytest.approx(1.0)

    pyspiel = pytest.importorskip("pyspiel")
    import ziggurat.rl.openspiel  # noqa: F401  (registers every game that declares the adapters' facts)

    game = pyspiel.load_game(f"python_ziggurat_{TOY}", {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert sum(state.returns()) == pytest.approx(1.0)


async def test_a_server_table_plays_to_the_end(tmp_path: Path) -> None:
    """Over the real HTTP API and websockets: two people and a bot; the web client draws it with its
    generic renderer (js/games/registry.js has none of its own)."""
    with ThreadServer(fast_settings(f"sqlite+aiosqlite:///{tmp_path / 'z.db'}")) as server:
        async with http(server.url) as api:
            listed = {g["id"]: g for g in (await api.get("/api/games")).json()}
            assert listed[TOY]["name"] == "High Card" and "hand" in listed[TOY]["options"]
            tid, tokens = await new_table(api, TOY, ["Ada", "Bo"], bots=1, options={"hand": 3})
            people = [await Client(server.url, tid, t).connect() for t in tokens]
            r = await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
            assert r.status_code == 200, r.text
            await play_until(people, lambda st: False, random.Random(7))
            final = (await api.get(f"/api/tables/{tid}")).json()
            for c in people:
                await c.close()
    assert final["status"] == "finished" and final["version"] == 9  # three tricks of three cards
    assert sum(final["result"]["scores"]) == 3
