"""The training example runs end to end (a tiny run), where its libraries are installed (the `train`
extra: CI doesn't install it, so there this test is skipped)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("torch")

EXAMPLE = Path(__file__).parents[2] / "examples" / "train_zenith.py"


def test_the_training_example_runs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("train_zenith", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(["--smoke", "--out", str(tmp_path / "policy")])
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["steps"] > 0 and 0.0 <= report["after"]["win_share"] <= 1.0
    assert (tmp_path / "policy.zip").exists()
