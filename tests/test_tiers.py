"""Tests find their tier by themselves (tests/tiers.py): a process started in a helper, however deep,
still puts the test in `subprocess`, so that `make quick` never starts one."""

from __future__ import annotations

import importlib
import inspect
import subprocess

import pytest

from tests.tiers import SLOW, STARTS_PROCESSES, reaches


def _starts_a_process() -> None:
    subprocess.run(["true"], check=True)


def _through_a_helper() -> None:
    _starts_a_process()


class _Starter:
    def run(self) -> None:
        _through_a_helper()


def _through_a_class() -> None:
    _Starter().run()


def _in_this_process() -> None:
    sorted(range(3))


@pytest.mark.parametrize("test", [_starts_a_process, _through_a_helper, _through_a_class])
def test_a_process_started_anywhere_below_a_test_is_seen(test: object) -> None:
    assert reaches(test, STARTS_PROCESSES)


def test_a_test_in_this_process_stays_quick() -> None:
    assert not reaches(_in_this_process, STARTS_PROCESSES)


def test_this_module_is_in_no_tier(request: pytest.FixtureRequest) -> None:
    names = {m.name for m in request.node.iter_markers()}
    assert not names & {"browser", "cluster", "postgres", "subprocess", "slow"}


@pytest.mark.parametrize("path", sorted(SLOW))
def test_every_slow_entry_names_a_test(path: str) -> None:
    """A renamed test would silently leave `slow` (and slow `make quick` down)."""
    module = importlib.import_module("tests." + path.removesuffix(".py").replace("/", "."))
    for entry in SLOW[path]:
        assert inspect.isfunction(getattr(module, entry.split("[")[0], None)), f"{path}: no test {entry}"
