from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests import tiers
from tests.store.pg import Cluster, pg_bin, pg_cluster
from tests.toygame.install import install

# A fifth game from another package, found through its entry point alone: every test that goes over
# all_games() checks it too (conformance, bot levels, fairness, research adapters, the server), and
# tests/test_toygame.py shows it in the command line, the arena, PettingZoo and a server table.
install()

SCENARIOS = Path(__file__).parent / "scenarios"


# Hypothesis tests that leave the count to Hypothesis try fewer examples in `make quick` too.
settings.register_profile("quick", max_examples=tiers.examples(100))
if tiers.QUICK:
    settings.load_profile("quick")


@pytest.hookimpl(tryfirst=True)  # (before `-m` deselects by the markers given here)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    tiers.apply(items)


@pytest.fixture(scope="session")
def pg() -> Iterator[Cluster]:
    """One private PostgreSQL cluster for the whole run (store, server and cluster tests each take
    databases of their own from it)."""
    if pg_bin() is None:
        pytest.skip("PostgreSQL binaries are absent (.ci/run installs them)")
    with pg_cluster() as cluster:
        yield cluster


@pytest.fixture
def scenarios_dir() -> Path:
    return SCENARIOS
