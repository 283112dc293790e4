from pathlib import Path

import pytest

from tests.toygame.install import install

# A fifth game from another package, found through its entry point alone: every test that goes over
# all_games() checks it too (conformance, bot levels, fairness, research adapters, the server), and
# tests/test_toygame.py shows it in the command line, the arena, PettingZoo and a server table.
install()

SCENARIOS = Path(__file__).parent / "scenarios"


@pytest.fixture
def scenarios_dir() -> Path:
    return SCENARIOS
