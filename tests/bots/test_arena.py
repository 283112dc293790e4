"""The arena: reproducible whatever the number of workers, and its command line."""

from __future__ import annotations

import contextlib
import importlib
import json
import sys
from pathlib import Path

import pytest

from ziggurat.bots.arena import ArenaConfig, Entry, run
from ziggurat.bots.arena.run import start_local_ray
from ziggurat.cli import main
from ziggurat.engine import InputError


def config(game: str, players: int, bots: str, games: int) -> ArenaConfig:
    lineup = tuple(Entry.parse(b) for b in bots.split(","))
    return ArenaConfig(game, players, lineup, games, seed=7)


@pytest.mark.parametrize(
    ("game", "players", "bots"),
    [("zealous", 3, "hard:4,normal,random"), ("zombology", 3, "hard:4,normal,random")],
)
def test_same_seed_same_results_with_one_or_two_workers(game: str, players: int, bots: str) -> None:
    cfg = config(game, players, bots, games=4)
    one = run(cfg, workers=1)
    two = run(cfg, workers=2)
    assert json.dumps(one) == json.dumps(two)
    assert [r["index"] for r in one] == [0, 1, 2, 3]
    # Seats rotate: every bot sits in every seat over a full rotation.
    assert {r["seats"][0] for r in one[:players]} == {e.label for e in cfg.lineup}


def test_card_plays_come_from_the_games_play_events() -> None:
    """Every game with cards says so with one event, {"type": "play", "seat", "card"}: the arena
    counts those and parses no game's actions; a game without cards has no card statistics."""
    for game, players, cards in [
        ("zealous", 3, True),
        ("faiths", 4, True),
        ("zombology", 4, True),
        ("zenith", 2, False),
    ]:
        records = run(config(game, players, ",".join(["random"] * players), games=2), workers=1)
        for r in records:
            if not cards:
                assert r["cards"] is None
                continue
            assert r["cards"] is not None and sum(sum(row.values()) for row in r["cards"]) > 0


def test_arena_command_writes_results_and_plots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "arena"
    argv = ["arena", "zealous", "--players", "3", "--bots", "normal,random", "--games", "3"]
    assert main([*argv, "--seed", "2", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "Win share per bot" in printed and "1/k" in printed and "Cards" in printed
    data = json.loads((out / "results.json").read_text())
    assert data["config"]["bots"] == ["normal", "random", "random"]
    assert len(data["games"]) == 3
    assert data["summary"]["bots"]["normal"]["n"] == 3
    for name in ("win_share.png", "seat_advantage.png", "scores.png"):
        assert (out / name).stat().st_size > 1000


def test_arena_refuses_bad_lineups(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "zenith", "--players", "2", "--bots", "hard,normal,random"]) == 2
    assert main(["arena", "zenith", "--bots", "wizard"]) == 2
    assert "Unknown bot level" in capsys.readouterr().err
    assert main(["arena", "zenith", "--address", "127.0.0.1:6379"]) == 2
    assert "use it with --backend ray" in capsys.readouterr().err


def test_play_with_every_level(capsys: pytest.CaptureFixture[str]) -> None:
    for level in ("random", "normal", "hard"):
        argv = ["play", "zenith", "--players", "2", "--bot", level, "--seed", "1", "--think", "0.01"]
        assert main(argv) == 0
        assert "Winner" in capsys.readouterr().out


def test_a_stopped_run_resumes_to_the_results_of_one_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each game is written down as it finishes; stopped (Ctrl-C) after three, the same command with
    --resume plays only the others, and ends with exactly what one uninterrupted run gives. A resumed
    run may ask for more games; another run's games are refused."""
    run_module = importlib.import_module("ziggurat.bots.arena.run")  # (the package exports its `run`)

    argv = ["arena", "zenith", "--players", "2", "--bots", "normal,random", "--seed", "3", "--no-plots"]
    straight, stopped = tmp_path / "straight", tmp_path / "stopped"
    assert main([*argv, "--games", "5", "--out", str(straight)]) == 0
    played: list[int] = []
    real = run_module.play_game

    def play(cfg: ArenaConfig, index: int) -> dict[str, object]:
        if len(played) == 3:
            raise KeyboardInterrupt
        played.append(index)
        return real(cfg, index)

    monkeypatch.setattr(run_module, "play_game", play)
    assert main([*argv, "--games", "5", "--out", str(stopped)]) == 130
    said = capsys.readouterr().out
    assert "Stopped: 3 of 5 games" in said and "--resume" in said
    assert len((stopped / "games.jsonl").read_text().splitlines()) == 1 + 3
    assert not (stopped / "results.json").exists()
    played.clear()
    monkeypatch.setattr(run_module, "play_game", lambda cfg, i: played.append(i) or real(cfg, i))
    with (stopped / "games.jsonl").open("a") as f:
        f.write('{"index": 4, "seed"')  # (killed in the middle of writing a line: that game is played again)
    assert main([*argv, "--games", "5", "--out", str(stopped), "--resume"]) == 0
    assert played == [3, 4]
    one, resumed = (json.loads((d / "results.json").read_text()) for d in (straight, stopped))
    assert resumed == one
    # Extended: two more games, the first five kept.
    played.clear()
    assert main([*argv, "--games", "7", "--out", str(stopped), "--resume"]) == 0
    assert played == [5, 6]
    assert json.loads((stopped / "results.json").read_text())["games"][:5] == one["games"]
    # Another run's games (another seed) are not mixed in.
    capsys.readouterr()
    other = [*argv[:-3], "--seed", "4", "--no-plots", "--games", "7"]
    assert main([*other, "--out", str(stopped), "--resume"]) == 2
    assert "holds the games of another run" in capsys.readouterr().err


def test_ray_tasks_give_the_results_of_the_process_pool(tmp_path: Path) -> None:
    """`--backend ray` on a local Ray instance: the same seed, the same records as one process or a
    pool of two; and through the command line, the same results.json. Both runs use the instance
    already running in this process (as a notebook's would be) and leave it running: one start-up of
    Ray, which is most of this test's time. (Starting one's own: the compare and --address tests.)"""
    ray = pytest.importorskip("ray")
    cfg = config("zealous", 3, "hard:4,normal,random", games=5)
    pooled = run(cfg, workers=2)
    start_local_ray(2)
    try:
        assert run(cfg, workers=2, backend="ray") == pooled == run(cfg, workers=1)
        argv = ["arena", "zenith", "--players", "2", "--bots", "normal,random", "--games", "4", "--no-plots"]
        assert main([*argv, "--out", str(tmp_path / "p"), "--workers", "2"]) == 0
        assert main([*argv, "--out", str(tmp_path / "r"), "--workers", "2", "--backend", "ray"]) == 0
        assert ray.is_initialized(), "a Ray the arena did not start is left running"
    finally:
        ray.shutdown()
    p, r = (json.loads((tmp_path / d / "results.json").read_text()) for d in ("p", "r"))
    assert p == r


def test_the_ray_backend_without_ray_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # (as if not installed: importing it fails)
    with pytest.raises(InputError, match=r"pip install 'ziggurat\[ray\]'"):
        run(config("zenith", 2, "random", games=2), backend="ray")
    with pytest.raises(InputError, match="Unknown backend"):
        run(config("zenith", 2, "random", games=2), backend="dask")


def test_ray_tasks_on_an_existing_cluster_given_by_its_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--address`: a Ray head started apart (as a cluster's would be, here on this machine) runs the
    games; the arena joins it and leaves it running."""
    pytest.importorskip("ray")
    import shutil
    import socket
    import subprocess
    import time

    ray_cli = shutil.which("ray", path=str(Path(sys.executable).parent))
    assert ray_cli is not None
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")  # (a throwaway head: no token to hand around)
    start = ["start", "--head", "--block", "--node-ip-address", "127.0.0.1", "--port", str(port)]
    head = subprocess.Popen(
        [ray_cli, *start, "--num-cpus", "2", "--include-dashboard", "false", "--disable-usage-stats"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:  # (its GCS port answers once it is up)
            with socket.socket() as s, contextlib.suppress(OSError):
                s.connect(("127.0.0.1", port))
                break
            assert time.monotonic() < deadline and head.poll() is None, "the Ray head did not start"
            time.sleep(0.2)
        argv = ["arena", "zenith", "--players", "2", "--bots", "normal,random", "--games", "4", "--no-plots"]
        assert main([*argv, "--out", str(tmp_path / "p")]) == 0
        address = ["--backend", "ray", "--address", f"127.0.0.1:{port}"]
        assert main([*argv, "--out", str(tmp_path / "r"), *address]) == 0
        p, r = (json.loads((tmp_path / d / "results.json").read_text()) for d in ("p", "r"))
        assert p == r
        assert head.poll() is None, "the cluster is left running"
    finally:
        head.terminate()
        try:
            head.wait(30)
        except subprocess.TimeoutExpired:
            head.kill()
