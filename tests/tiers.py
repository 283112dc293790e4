"""The test tiers: each test gets its markers from where it lives and what it uses, so a new test is
tiered without anyone remembering to (tests/conftest.py applies them as the tests are collected).

- `browser`: tests/web (a real Chromium on the site);
- `cluster`: tests/cluster (several server processes on PostgreSQL and Redis);
- `postgres`: the throwaway PostgreSQL cluster (the `pg` fixture, or a "postgresql" parameter that
  asks for it);
- `subprocess`: the test, a helper it calls or a fixture it uses starts a process (`ziggurat serve`,
  the command line, a Ray head);
- `slow`: marked by hand on the other long tests (`@pytest.mark.slow`).

`make quick` runs the tests that have none of them.
"""

from __future__ import annotations

import inspect
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
