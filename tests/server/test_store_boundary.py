"""The server reaches the database only through the store's operations: no module of server/ imports
SQLAlchemy (a table or route that needs a new kind of write asks the store for it, store/store.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import ziggurat.server

SERVER = Path(ziggurat.server.__file__).parent


def imported(path: Path) -> set[str]:
    """Every module a file imports, at any depth of its code (TYPE_CHECKING blocks too)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
    return out


def test_no_server_module_imports_sqlalchemy() -> None:
    modules = sorted(SERVER.rglob("*.py"))
    assert len(modules) > 40 and (SERVER / "table" / "table.py") in modules
    offenders = {
        str(p.relative_to(SERVER)): sorted(m for m in imported(p) if m.split(".")[0] == "sqlalchemy")
        for p in modules
    }
    assert {p: m for p, m in offenders.items() if m} == {}
