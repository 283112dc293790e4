"""The command line: `ziggurat play | scenario | replay` (names and flags are a contract)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from ziggurat.cli import _ask, main
from ziggurat.games.zealous import GAME

from .games.zealous.helpers import position

WALKTHROUGH = Path(__file__).parent / "scenarios" / "zealous" / "walkthrough.json"


def test_bots_play_to_the_end_and_print_scores_and_winner(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "zealous", "--players", "5", "--option", "length=beginner", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Final scores:" in out and "Winner" in out
    assert main(["play", "zealous", "--players", "5", "--option", "length=beginner", "--seed", "3"]) == 0
    assert capsys.readouterr().out == out, "same seed, same game"


def test_a_human_plays_from_numbered_actions(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 3000))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    code = main(["play", "zealous", "--players", "3", "--human", "0", "--seed", "5", "--save", str(log)])
    assert code == 0
    text = out.getvalue()
    assert "Ada (you), choose:" in text and " 1. Stand on " in text and "Final scores:" in text
    match = json.loads(log.read_text())
    assert match["game"] == "zealous" and match["names"][0] == "Ada (you)"
    # The log replays to the same end.
    out2 = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out2)
    assert main(["replay", str(log), "--board"]) == 0
    assert "The game is over." in out2.getvalue()


def test_quitting_a_human_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["play", "zealous", "--human", "0", "--seed", "1"]) == 0
    assert "Bye." in out.getvalue()


def test_typing_an_unplayable_card_gets_the_rule_message() -> None:
    st = position(3, prophets=["m1", "be2", "bm3"], hands={0: ["stone"]})
    out = io.StringIO()
    action = _ask(GAME, st, 0, ["Ada", "Bo", "Cy"], out, io.StringIO("play:stone\nstay\n"))
    assert "This card isn't valid this turn." in out.getvalue()
    assert action == "stay"


def test_bad_arguments_are_refused_clearly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "zealous", "--players", "9"]) == 2
    assert "3 to 6 players" in capsys.readouterr().err
    assert main(["play", "nosuchgame"]) == 2
    assert "Unknown game" in capsys.readouterr().err
    assert main(["play", "zealous", "--option", "speed=3"]) == 2
    assert "Unknown option" in capsys.readouterr().err


def test_options_are_given_alike_for_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    """No game has flags of its own: its options are `--option NAME=VALUE`, checked by the game."""
    with pytest.raises(SystemExit):
        main(["play", "zealous", "--length", "beginner"])
    with pytest.raises(SystemExit):
        main(["play", "zealous", "--option", "length"])
    assert "--option wants name=value" in capsys.readouterr().err
    assert main(["play", "zealous", "--option", "length=forever"]) == 2
    assert "length" in capsys.readouterr().err


def test_scenario_command_passes_the_walkthrough(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", str(WALKTHROUGH)]) == 0
    assert capsys.readouterr().out.startswith("ok")


def test_scenario_command_names_the_first_failing_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(WALKTHROUGH.read_text())
    data["steps"][9]["expect"]["scores"] = [1, 2, 1]
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data))
    assert main(["scenario", str(broken)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "step 10" in out and "scores" in out


def test_scenario_command_rejects_malformed_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["scenario", str(bad)]) == 1
    assert "not valid JSON" in capsys.readouterr().out


def test_the_installed_entry_point_runs() -> None:
    exe = Path(sys.executable).parent / "ziggurat"
    proc = subprocess.run(
        [str(exe), "scenario", str(WALKTHROUGH)], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stderr
