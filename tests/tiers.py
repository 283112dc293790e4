"""The test tiers: each test gets its markers from where it lives and what it uses, so a new test is
tiered without anyone remembering to (tests/conftest.py applies them as the tests are collected).

- `browser`: tests/web (a real Chromium on the site);
- `cluster`: tests/cluster (several server processes on PostgreSQL and Redis);
- `postgres`: the throwaway PostgreSQL cluster (the `pg` fixture, or a "postgresql" parameter that
  asks for it);
- `subprocess`: the test, a helper it calls or a fixture it uses starts a process (`ziggurat serve`,
  the command line, a Ray head);
- `slow`: the other long tests, named in SLOW below (measured with `pytest --durations`).

`make quick` runs the tests that have none of them, and sets ZIGGURAT_TESTS=quick: Hypothesis tests
then try a fifth of their examples (`examples`), while `make test` tries them all.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from types import CodeType
from typing import Any

import pytest

TIERS = ("browser", "cluster", "postgres", "subprocess", "slow")
BY_FOLDER = {"web": "browser", "cluster": "cluster"}
# What a test's code names when it starts a process.
STARTS_PROCESSES = frozenset({"subprocess", "Popen", "create_subprocess_exec", "ProcessServer"})
HERE = Path(__file__).parent
QUICK = os.environ.get("ZIGGURAT_TESTS") == "quick"

# The other long tests, by file and name: a name alone is every parameter of the test, a name with an
# opening bracket those whose parameters start so. Bot tournaments and training, Ray instances, the
# largest Faiths tables; what stays in `make quick` covers the same code on smaller cases.
SLOW = {
    "bots/test_arena.py": [
        "test_ray_tasks_give_the_results_of_the_process_pool",
        "test_same_seed_same_results_with_one_or_two_workers[zealous",
        "test_arena_command_writes_results_and_plots",
        "test_play_with_every_level",
    ],
    "bots/test_compare.py": [
        "test_a_comparison_on_ray_starts_ray_once_and_gives_the_pools_results",
        "test_a_stopped_comparison_resumes_to_the_same_results",
        "test_compare_plays_each_variant_as_its_own_arena_run_and_reports_the_differences",
    ],
    "bots/test_fairness.py": ["test_resampled_hidden_information[faiths]"],
    "bots/test_learned.py": [
        "test_the_weights_fitted_at_the_default_length_judge_the_other_lengths_better_too",
        "test_train_gives_the_same_weights_from_the_same_seed_with_any_workers",
    ],
    "bots/test_levels.py": [
        "test_sequential_halving_keeps_the_better_half_of_the_candidates_each_phase",
        "test_hard_tables_finish[zealous]",
        "test_hard_tables_finish[faiths]",
        "test_every_level_finishes_every_game[faiths]",
    ],
    "engine/test_conformance.py": ["test_random_games_keep_the_contract[faiths-11-"],
    "games/faiths/test_conformance.py": ["test_random_games_keep_invariants[11]"],
    "games/zombology/test_variants.py": ["test_games_under_extreme_variants_end_with_a_result[0]"],
    "rl/test_encoding.py": ["test_space_covers_every_legal_action_and_observations_stay_in_bounds[faiths-7"],
    "rl/test_state_encoding.py": [
        "test_the_state_encoder_gives_the_view_encoders_tensor[faiths",
        "test_the_state_encoder_gives_the_view_encoders_tensor[zealous-6",
        "test_the_state_encoder_gives_the_view_encoders_tensor[zombology-8",
    ],
    "rl/test_vector.py": ["test_random_play_in_lockstep[faiths-4-options11]"],
    "server/test_play.py": ["test_a_complete_game_with_people_bots_and_a_spectator[faiths]"],
    "server/test_replays.py": ["test_every_version_shows_everything_or_one_seat_exactly[faiths]"],
    "server/test_restart.py": ["test_running_tables_come_back_in_the_background_and_their_bots_play_on"],
    "server/test_secrets.py": ["test_no_small_seed_reproduces_a_tables_first_deal"],
    "server/test_snapshots.py": [
        "test_a_table_from_its_snapshot_is_the_table_its_whole_log_gives[faiths]",
        "test_a_table_from_its_snapshot_is_the_table_its_whole_log_gives[zealous]",
        "test_a_table_from_its_snapshot_is_the_table_its_whole_log_gives[zombology]",
    ],
}


def examples(n: int) -> int:
    """How many examples a Hypothesis test that asks for `n` tries in this run."""
    return max(5, n // 5) if QUICK else n


def slow_entry(item: pytest.Item, entry: str) -> bool:
    name = item.name
    return (
        name == entry
        or getattr(item, "originalname", name) == entry
        or ("[" in entry and name.startswith(entry))
    )


def _names(code: CodeType) -> Iterator[str]:
    """The global and attribute names a function's code uses, nested functions included."""
    yield from code.co_names
    for const in code.co_consts:
        if isinstance(const, CodeType):
            yield from _names(const)


def _ours(obj: Any) -> bool:
    """A function or class of the tests (not of ziggurat or a library)."""
    if not (inspect.isfunction(obj) or inspect.isclass(obj)):
        return False
    return str(getattr(obj, "__module__", "")).startswith("tests.")


def _functions(obj: Any) -> list[Callable[..., Any]]:
    """The plain functions behind a function, a Hypothesis test or a class of the tests."""
    if inspect.isclass(obj):
        return [f for f in vars(obj).values() if inspect.isfunction(f)]
    inner = getattr(getattr(obj, "hypothesis", None), "inner_test", None)
    obj = inspect.unwrap(inner or obj)
    return [obj] if inspect.isfunction(obj) else []


def reaches(obj: Any, names: frozenset[str], seen: set[CodeType] | None = None) -> bool:
    """Whether `obj`'s code, or that of a function or class of the tests it names, uses any of `names`."""
    seen = set() if seen is None else seen
    for func in _functions(obj):
        code = func.__code__
        if code in seen:
            continue
        seen.add(code)
        for name in _names(code):
            if name in names:
                return True
            found = func.__globals__.get(name)
            if _ours(found) and reaches(found, names, seen):
                return True
    return False


def _fixtures(item: pytest.Function) -> Iterator[Any]:
    """The functions of the tests' own fixtures that this test uses."""
    for defs in item._fixtureinfo.name2fixturedefs.values():
        for d in defs:
            if _ours(d.func):
                yield d.func


def _on_postgres(item: pytest.Item) -> bool:
    callspec = getattr(item, "callspec", None)
    params = [p for p in callspec.params.values() if isinstance(p, str)] if callspec is not None else []
    return "pg" in getattr(item, "fixturenames", ()) or "postgresql" in params


def tiers_of(item: pytest.Item) -> set[str]:
    found: set[str] = set()
    rel = Path(item.path).relative_to(HERE).parts
    if len(rel) > 1 and rel[0] in BY_FOLDER:
        found.add(BY_FOLDER[rel[0]])
    if any(slow_entry(item, e) for e in SLOW.get("/".join(rel), [])):
        found.add("slow")
    if _on_postgres(item):
        found.add("postgres")
    if isinstance(item, pytest.Function) and any(
        reaches(f, STARTS_PROCESSES) for f in [item.obj, *_fixtures(item)]
    ):
        found.add("subprocess")
    return found


def apply(items: list[pytest.Item]) -> None:
    for item in items:
        for tier in sorted(tiers_of(item)):
            item.add_marker(tier)
