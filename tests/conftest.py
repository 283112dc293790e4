from pathlib import Path

import pytest

SCENARIOS = Path(__file__).parent / "scenarios"


@pytest.fixture
def scenarios_dir() -> Path:
    return SCENARIOS
