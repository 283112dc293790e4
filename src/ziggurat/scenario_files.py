"""Scenario files on disk: read and run them (the engine's runner itself does no I/O)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ziggurat.engine.errors import ScenarioError
from ziggurat.engine.scenario import ScenarioRun, run


def load(path: str | Path) -> Mapping[str, Any]:
    try:
        data = json.loads(Path(path).read_text())
    except OSError as e:
        raise ScenarioError(f"{path}: cannot read: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise ScenarioError(f"{path}: not valid JSON: {e}") from None
    if not isinstance(data, Mapping):
        raise ScenarioError(f"{path}: a scenario is a JSON object")
    return data


def run_file(path: str | Path) -> ScenarioRun:
    return run(load(path), name=str(path))
