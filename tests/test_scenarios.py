"""Every scenario file under tests/scenarios runs through the same code as `ziggurat scenario`."""

from pathlib import Path

import pytest

from ziggurat.scenario_files import run_file

FILES = sorted((Path(__file__).parent / "scenarios").rglob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(p.parents[1])) for p in FILES])
def test_scenario(path: Path) -> None:
    run = run_file(path)
    assert run.checks > 0, "a scenario must check something"
