"""Every error code raised anywhere (engine, games, command line, server) means one thing, and the web
client has a sentence for it: a client switches on the code alone, whoever raised it."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

import ziggurat
from ziggurat.web import STATIC_DIR

SRC = Path(ziggurat.__file__).parent
# Who raises what: the rules, input that describes no game, and the server's own refusals.
FAMILIES = {
    "IllegalAction": "rules",
    "InputError": "input",
    "Refused": "server",
    "forbidden": "server",
    "conflict": "server",
    "Bad": "server",
    "_error": "server",
}
# Raised by more than one family, with the same meaning for the person wherever it comes from.
SAME_EVERYWHERE = {
    "bad-level",
    "bad-players",
    "bad-seat",
    "game-over",
    "illegal-action",
    "malformed",
    "not-your-turn",
}


def raised() -> dict[str, set[str]]:
    """code -> the families that raise it, from every call with a literal code in the source."""
    out: dict[str, set[str]] = defaultdict(set)
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            first = node.args[0]
            if name in FAMILIES and isinstance(first, ast.Constant) and isinstance(first.value, str):
                out[first.value].add(FAMILIES[name])
    return out


def friendly_codes() -> set[str]:
    """The codes errors.js words, and each game's own (its renderer's ERRORS, which errors.js learns)."""
    tables = [(STATIC_DIR / "js/errors.js").read_text().split("export const FRIENDLY = {")[1]]
    tables += [
        js.split("const ERRORS = {")[1]
        for f in (STATIC_DIR / "js/games").glob("*.js")
        if "const ERRORS = {" in (js := f.read_text())
    ]
    return {code for t in tables for code in re.findall(r'^\s+"?([a-z-]+)"?: "', t.split("\n};")[0], re.M)}


def test_the_scan_finds_every_family() -> None:
    codes = raised()
    assert {"card-not-valid", "unknown-game", "not-host", "space-not-open"} <= set(codes)
    assert set().union(*codes.values()) == {"rules", "input", "server"}


def test_a_code_means_one_thing() -> None:
    shared = {code: sorted(f) for code, f in raised().items() if len(f) > 1 and code not in SAME_EVERYWHERE}
    assert not shared, f"codes raised with different meanings: {shared}"


def test_every_code_raised_has_a_sentence_in_the_web_client() -> None:
    missing = sorted(set(raised()) - friendly_codes())
    assert not missing, f"errors.js has no sentence for {missing}"


def test_the_web_client_needs_no_context_to_word_a_code() -> None:
    text = (STATIC_DIR / "js/errors.js").read_text()
    assert "IN_PLAY" not in text and "IN_LOBBY" not in text
