"""Arrows only point down (docs/DESIGN): the engine imports no game, bot, server or adapter, and a
game imports only the engine and itself."""

from __future__ import annotations

import ast
from pathlib import Path

import ziggurat

SRC = Path(ziggurat.__file__).parent


def imports(path: Path) -> set[str]:
    """The ziggurat modules a file imports (at any depth of its code)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
    return {m for m in out if m.split(".")[0] == "ziggurat"}


def modules(package: str) -> list[Path]:
    return sorted((SRC / package).rglob("*.py"))


def test_the_engine_imports_only_itself() -> None:
    for path in modules("engine"):
        bad = {m for m in imports(path) if not m.startswith("ziggurat.engine")}
        assert not bad, f"{path.relative_to(SRC)} imports {sorted(bad)}"


def test_a_game_imports_only_the_engine_and_itself() -> None:
    for game in sorted(p for p in (SRC / "games").iterdir() if p.is_dir() and p.name != "__pycache__"):
        own = f"ziggurat.games.{game.name}"
        for path in sorted(game.rglob("*.py")):
            bad = {m for m in imports(path) if not (m.startswith("ziggurat.engine") or m.startswith(own))}
            assert not bad, f"{path.relative_to(SRC)} imports {sorted(bad)}"
