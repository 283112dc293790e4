"""`ziggurat arena compare`: variants played with the same bots and seeds, their differences with
intervals, and one self-contained HTML report."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest

from ziggurat.bots.arena import ArenaConfig
from ziggurat.bots.arena.compare import mean_ci, mean_diff, proportion_diff
from ziggurat.cli import main

ARGV = ["arena", "compare", "zealous", "--players", "3", "--bots", "random", "--games", "6", "--seed", "5"]
VARIANTS = [
    "--variant",
    "printed",
    "--variant",
    "head:head_start=4,holy_city_points=3",
    "--variant",
    "few:cards.stone=0",
]


def test_newcombes_interval_for_a_difference_of_proportions() -> None:
    # Newcombe (1998), Statistics in Medicine 17, table II, example (a): 56/70 against 48/80, method 10.
    d = proportion_diff(48, 80, 56, 70)
    assert d["diff"] == pytest.approx(0.2)
    assert d["ci"] == pytest.approx([0.0524, 0.3339], abs=1e-4)
    same = proportion_diff(10, 40, 10, 40)
    assert same["diff"] == 0 and same["ci"][0] < 0 < same["ci"][1]


def test_welchs_interval_for_a_difference_of_means() -> None:
    a, b = mean_ci([1.0, 2.0, 3.0, 4.0]), mean_ci([3.0, 4.0, 5.0, 6.0])
    assert (a["mean"], b["mean"]) == (2.5, 4.5)
    d = mean_diff(a, b)
    se = (2 * (1.6666667 / 4)) ** 0.5
    assert d["diff"] == 2.0 and d["ci"] == pytest.approx([2 - 1.96 * se, 2 + 1.96 * se], abs=1e-3)


def test_compare_plays_each_variant_as_its_own_arena_run_and_reports_the_differences(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "cmp"
    assert main([*ARGV, *VARIANTS, "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "Δ vs printed" in said and "head: head_start=4, holy_city_points=3" in said
    data = json.loads((out / "compare.json").read_text())
    assert [v["name"] for v in data["variants"]] == ["printed", "head", "few"] and data[
        "baseline"
    ] == "printed"
    printed, head, few = data["variants"]
    assert printed["vs_baseline"] is None and head["options"]["head_start"] == 4
    assert few["options"]["cards"] == {"stone": 0}
    assert len(head["vs_baseline"]["seats"]) == 3 and "diff" in head["vs_baseline"]["actions"]
    # Each variant is exactly the arena run of its options: the same seeds, games and records.
    for v in data["variants"]:
        mine = json.loads((out / v["name"] / "results.json").read_text())
        alone = tmp_path / f"alone-{v['name']}"
        options = [x for k, val in v["given"].items() for x in ("--option", f"{k}={val}")]
        argv = ["arena", "zealous", "--players", "3", "--bots", "random", "--games", "6", "--seed", "5"]
        assert main([*argv, *options, "--no-plots", "--out", str(alone)]) == 0
        assert json.loads((alone / "results.json").read_text()) == mine
        assert mine["summary"]["seats"] == v["summary"]["seats"]
    # The head start shows: seat 0 starts 8 points up, so its scores are higher than in the printed game.
    assert (
        head["summary"]["bots"]["random"]["mean_score"] > printed["summary"]["bots"]["random"]["mean_score"]
    )
    assert "stone" not in (few["summary"].get("cards") or {})


def test_the_html_report_is_one_self_contained_file(tmp_path: Path) -> None:
    out = tmp_path / "cmp"
    assert main([*ARGV, *VARIANTS[:4], "--out", str(out)]) == 0
    page = (out / "report.html").read_text()
    assert page.startswith("<!doctype html>") and "</html>" in page
    assert (
        len(re.findall(r'<img alt="[^"]+" src="data:image/png;base64,', page)) >= 4
    )  # seats, 2 lengths, cards
    assert not re.search(r'(src|href)="(https?:)?//', page)  # nothing fetched from anywhere
    assert "Seat advantage" in page and "Δ vs printed" in page and "head_start=4" in page


def test_a_stopped_comparison_resumes_to_the_same_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    straight, stopped = tmp_path / "straight", tmp_path / "stopped"
    argv = [*ARGV, *VARIANTS[:4]]
    assert main([*argv, "--out", str(straight)]) == 0
    run_module = importlib.import_module("ziggurat.bots.arena.run")
    real = run_module.play_game
    played: list[int] = []

    def play(cfg: ArenaConfig, index: int) -> dict[str, object]:
        if len(played) == 8:  # all 6 of the first variant, 2 of the second
            raise KeyboardInterrupt
        played.append(index)
        return real(cfg, index)

    monkeypatch.setattr(run_module, "play_game", play)
    assert main([*argv, "--out", str(stopped)]) == 130
    assert "Stopped during head" in capsys.readouterr().out
    monkeypatch.setattr(run_module, "play_game", real)
    assert main([*argv, "--out", str(stopped), "--resume"]) == 0
    one, resumed = (json.loads((d / "compare.json").read_text()) for d in (straight, stopped))
    assert resumed == one


@pytest.mark.parametrize(
    ("variants", "words"),
    [
        (["--variant", "printed"], "two variants at least"),
        (["--variant", "a", "--variant", "a:head_start=1"], "its own name: a, a"),
        (["--variant", "a", "--variant", "b:head_start=99"], "Variant b: head_start must be from 0 to 30"),
        (["--variant", "a", "--variant", "b:cards.joker=1"], "Variant b: cards: unknown 'joker'"),
    ],
)
def test_bad_comparisons_are_refused_with_the_reason(
    variants: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*ARGV, *variants]) == 2
    assert words in capsys.readouterr().err


def test_a_comparison_on_ray_starts_ray_once_and_gives_the_pools_results(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("ray")
    # A throwaway local Ray without token authentication, as test_arena's cluster test starts its head:
    # with the mode unset, a Ray started after that test in the same process had its GCS demand a
    # token that its client did not send (seen in CI and reproduced by running tests/bots whole).
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    run_module = importlib.import_module("ziggurat.bots.arena.run")
    starts: list[int] = []
    real = run_module.start_local_ray
    monkeypatch.setattr(run_module, "start_local_ray", lambda w: starts.append(w) or real(w))
    argv = [*ARGV, *VARIANTS, "--workers", "2"]
    assert main([*argv, "--out", str(tmp_path / "pool")]) == 0
    assert main([*argv, "--out", str(tmp_path / "ray"), "--backend", "ray"]) == 0
    assert starts == [2]  # one Ray for the three variants
    pool, ray = (json.loads((tmp_path / d / "compare.json").read_text()) for d in ("pool", "ray"))
    assert pool == ray
