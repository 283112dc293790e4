"""Arrows only point down (docs/DESIGN), and everything about one game lives in its own package.

    engine  <-  games/<g> (its rules)  <-  server, cli
       ^             ^
       |        games/<g>/heuristic.py -> bots      (plug-ins: named in the game's Info as
       |        games/<g>/observe.py   -> rl          "module:attribute", imported only by that layer;
       |        games/<g>/value.py     -> bots        the heuristic's learned value reads its features)
     bots, rl  (import no game)

The engine imports no game, bot, server or adapter. A game's rules import only the engine and the
game itself. Its plug-ins may also import the layer they plug into (a heuristic the bots' base, an
observer rl's layout), and nothing in the game imports a plug-in, so playing a game never loads
bots or numpy. bots/, rl/ and the command line import no game: they reach one through the registry
and its Info. And no module outside a game's package names the game at all.
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
    "heuristic": ("ziggurat.bots",),
    "value": ("ziggurat.bots",),
    "observe": ("ziggurat.rl.layout", "ziggurat.rl.observe"),
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
