"""Arrows only point down, and everything about one game lives in its own package (README.md,
"Layout"; docs/adding-a-game.md, for a game's plug-ins).

    engine  <-  games/<g> (its rules)  <-  server, cli
       ^             ^
       |        games/<g>/heuristic.py -> bots.plugin   (plug-ins: named in the game's Info as
       |        games/<g>/value.py     -> bots.plugin     "module:attribute", imported only by that
       |        games/<g>/observe.py   -> rl.plugin       layer; the heuristic's learned value reads
       |                                                  its features)
     bots, rl  (import no game)

The engine imports no game, bot, server or adapter. A game's rules import only the engine and the
game itself. Its plug-ins may also import the one module each layer offers them (`ziggurat.bots.plugin`,
`ziggurat.rl.plugin`), and nothing in the game imports a plug-in, so playing a game never loads bots
or numpy. bots/, rl/ and the command line import no game: they reach one through the registry and its
Info. No module outside a game's package names the game at all. And no module of src/ imports itself
through others when it is loaded: each can be read after the ones it uses.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import ziggurat
from ziggurat.engine import all_games

SRC = Path(ziggurat.__file__).parent
BUILT_IN = sorted(p.name for p in (SRC / "games").iterdir() if (p / "__init__.py").exists())
PLUG_INS = {
    "heuristic": ("ziggurat.bots.plugin",),
    "value": ("ziggurat.bots.plugin",),
    "observe": ("ziggurat.rl.plugin",),
}


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


def test_a_game_imports_the_engine_and_itself_and_its_plug_ins_their_layer() -> None:
    for game in BUILT_IN:
        own = f"ziggurat.games.{game}"
        plug_ins = {f"{own}.{name}" for name in PLUG_INS}
        for path in sorted((SRC / "games" / game).rglob("*.py")):
            allowed: tuple[str, ...] = ("ziggurat.engine", own, *PLUG_INS.get(path.stem, ()))
            found = imports(path)
            bad = {m for m in found if not m.startswith(allowed)}
            assert not bad, f"{path.relative_to(SRC)} imports {sorted(bad)}"
            if path.stem not in PLUG_INS:
                assert not found & plug_ins, f"{path.relative_to(SRC)} loads a plug-in: {found & plug_ins}"


def test_bots_research_adapters_and_the_command_line_import_no_game() -> None:
    for path in [*modules("bots"), *modules("rl"), SRC / "cli.py"]:
        bad = {m for m in imports(path) if m.startswith("ziggurat.games")}
        assert not bad, f"{path.relative_to(SRC)} imports {sorted(bad)}"


def test_plug_ins_are_named_by_the_game_and_found_in_its_package() -> None:
    for game in all_games():
        package = type(game).__module__.rpartition(".")[0]
        for ref in (game.info.heuristic, game.info.observer):
            assert not ref or ref.startswith(f"{package}."), f"{game.info.id}: {ref} is not its own"


def code_words(path: Path) -> list[tuple[int, str]]:
    """Every name and string of a module's code, with its line: comments and docstrings left out
    (they may mention a game, as examples do); strings are what code acts on."""
    out = []
    tokens = list(tokenize.generate_tokens(io.StringIO(path.read_text()).readline))
    for i, tok in enumerate(tokens):
        if tok.type == tokenize.NAME:
            out.append((tok.start[0], tok.string))
        elif tok.type == tokenize.STRING:
            before = next((t for t in reversed(tokens[:i]) if t.type not in SKIP), None)
            if before is not None and before.type != tokenize.INDENT and before.string not in (":", ""):
                out.append((tok.start[0], tok.string))  # a docstring stands first in its block
    return out


SKIP = {tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT}


def test_no_module_outside_a_game_names_it() -> None:
    """Game ids and module names appear in code only inside the game's own package: elsewhere, a
    game is reached through the registry and its Info (comments and docstrings may give examples).
    (The web client is not Python, and not scanned: its per-game renderers are where games belong.)"""
    names = re.compile(r"\b(" + "|".join(BUILT_IN) + r")\b", re.IGNORECASE)
    found = set()
    lines = {}
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC)
        if rel.parts[0] == "games" and len(rel.parts) > 2:
            continue
        for line, word in code_words(path):
            if names.search(word):
                found.add((rel.as_posix(), word))
                lines[rel.as_posix(), word] = line
    assert not found, "\n".join(f"{f}:{lines[f, w]}: {w}" for f, w in sorted(found))


def test_the_look_alike_keys_import_nothing_of_ours() -> None:
    """`lookalike` is a leaf beside the engine: the server keys usernames with it, and the store's
    migrations recompute stored keys with it (the store imports no server)."""
    for path in modules("lookalike"):
        assert not imports(path), f"{path.relative_to(SRC)} imports {sorted(imports(path))}"
    for path in modules("store"):
        bad = {m for m in imports(path) if m.startswith("ziggurat.server")}
        assert not bad, f"{path.relative_to(SRC)} imports {sorted(bad)}"


def module_name(path: Path) -> str:
    rel = path.relative_to(SRC.parent).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(SRC.rglob("*.py"))}


def type_checking(test: ast.expr) -> bool:
    """`if TYPE_CHECKING:` (or `typing.TYPE_CHECKING`): imports only a type checker follows."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def executed_imports(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """The import statements Python runs when the module (or a class body in it) is first imported:
    those at module level, in `if`/`try`/`with`/loop blocks and class bodies; not those inside
    functions, which run when called, nor under `if TYPE_CHECKING:`."""
    out: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            out.append(node)
        elif isinstance(node, ast.If):
            if not type_checking(node.test):
                out += executed_imports(node.body)
            out += executed_imports(node.orelse)
        elif isinstance(node, ast.Try | ast.TryStar):
            out += executed_imports(node.body) + executed_imports(node.orelse)
            out += executed_imports(node.finalbody)
            for handler in node.handlers:
                out += executed_imports(handler.body)
        elif isinstance(node, ast.With | ast.AsyncWith | ast.For | ast.AsyncFor | ast.While):
            out += executed_imports(node.body) + executed_imports(getattr(node, "orelse", []))
        elif isinstance(node, ast.ClassDef):
            out += executed_imports(node.body)
    return out


def ancestors(name: str) -> set[str]:
    parts = name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def import_time_edges(name: str, path: Path) -> set[str]:
    """The modules of src/ that importing `name` imports at once: relative imports resolved,
    `from package import name` counted as importing the submodule when `name` is one (else the
    package), and a submodule's packages counted with it (Python runs their `__init__` first), but
    not the importer's own (already being loaded)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in executed_imports(ast.parse(path.read_text()).body):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
            continue
        base = package
        for _ in range(node.level - 1):
            base = base.rpartition(".")[0]
        source = ".".join(p for p in (base if node.level else "", node.module or "") if p)
        for alias in node.names:
            sub = f"{source}.{alias.name}"
            out.add(sub if sub in MODULES else source)
    out |= {a for m in out for a in ancestors(m)} - ancestors(name)
    return {m for m in out if m in MODULES and m != name}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm): the modules
    of each import cycle, every one of which (at import time) ends up importing itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def shortest_cycle(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """One shortest way round a component, from its first module back to it (breadth first)."""
    start, inside = component[0], set(component)
    came: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph[v] & inside):
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if w not in came:
                    came[w] = v
                    nxt.append(w)
        frontier = nxt
    raise AssertionError(f"{component} is no cycle")


def import_graph() -> dict[str, set[str]]:
    return {name: import_time_edges(name, path) for name, path in MODULES.items()}


def test_no_import_cycles() -> None:
    """No module of src/ imports itself through others when it is first imported, so each can be
    read (and loaded) after the ones it uses. Imports inside functions (loaded when called) and under
    `if TYPE_CHECKING:` (never run) don't count; a package importing its own submodules is no cycle
    unless one of them imports the package back."""
    graph = import_graph()
    found = cycles(graph)
    report = [f"{', '.join(c)}\n  e.g. {' -> '.join(shortest_cycle(graph, c))}" for c in found]
    assert not found, "import cycles:\n" + "\n".join(report)


def test_the_cycle_finder_finds_cycles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert shortest_cycle(graph, ["a", "b", "c"]) == ["a", "b", "c", "a"]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_import_scan_counts_what_runs_at_import_time() -> None:
    code = (
        "from typing import TYPE_CHECKING\n"
        "import a\n"
        "try:\n    from b import x\nexcept ImportError:\n    import c\n"
        "if TYPE_CHECKING:\n    import d\nelse:\n    import e\n"
        "def f():\n    import g\n"
        "class K:\n    import h\n"
    )
    found = executed_imports(ast.parse(code).body)
    names = [a.name for n in found if isinstance(n, ast.Import) for a in n.names]
    names += [n.module or "" for n in found if isinstance(n, ast.ImportFrom)]
    assert sorted(names) == ["a", "b", "c", "e", "h", "typing"]


def test_a_game_plug_in_reaches_bots_and_rl_only_through_their_plugin_modules() -> None:
    """A game's heuristic, value and observer see one module of each layer they plug into:
    `ziggurat.bots.plugin` and `ziggurat.rl.plugin` (docs/adding-a-game.md lists what they offer),
    so the layers can move their insides without touching a game."""
    surfaces = ("ziggurat.bots.plugin", "ziggurat.rl.plugin")
    bad = []
    for path in sorted((SRC / "games").rglob("*.py")):
        for m in sorted(imports(path)):
            layer = m.split(".")[:2]
            if layer in (["ziggurat", "bots"], ["ziggurat", "rl"]) and m not in surfaces:
                bad.append(f"{path.relative_to(SRC)} imports {m}")
    assert not bad, "\n".join(bad)


def test_relative_imports_submodules_and_their_packages_are_resolved(tmp_path: Path) -> None:
    """As if bots/hard.py read so: `from . import plans` is the submodule, `from ..engine import Game`
    the package, and importing heuristics.tuning loads heuristics too (but not bots, the importer's own
    package, already loading)."""
    path = tmp_path / "hard.py"
    path.write_text("from .heuristics import tuning\nfrom . import plans\nfrom ..engine import Game\n")
    assert import_time_edges("ziggurat.bots.hard", path) == {
        "ziggurat.bots.heuristics",
        "ziggurat.bots.heuristics.tuning",
        "ziggurat.bots.plans",
        "ziggurat.engine",
    }
