# ruff: noqa: RUF002  (the docstring shows look-alike letters)
"""Usernames: what may be one, and the keys that make two of them "the same name".

A name is shown as written (after NFKC, which folds compatibility forms such as full-width letters and
ligatures). Two names are the same if they look alike: `ziggurat.lookalike` gives each name its keys
(Unicode's confusable skeleton, UTS #39, blind to case, accents and a few letter sequences), and no two
accounts share a key, so "Ana", "ANA", "Ana" in full-width letters, "Ana" with a Cyrillic A, `admin`,
`ɑdmin` and `adrnin` can each be signed up once, by whoever is first. Sign-in and every lookup of a
player by name (friends, invitations, profiles) find the account through the same keys.

A name mixing scripts in a way that can mislead (Latin with a Cyrillic look-alike inside) is refused
outright, as django-registration does (through `confusable_homoglyphs`' script data); scripts that are
written mixed (Japanese: kanji with kana) are not Latin and pass.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Any

from ziggurat import lookalike
from ziggurat.server.errors import Refused

MIN_LENGTH, MAX_LENGTH = 3, 24
_PUNCTUATION = "_-."


def bad(message: str) -> Refused:
    return Refused("bad-username", message)


def shown(name: str) -> str:
    """The name as it is shown and stored."""
    return unicodedata.normalize("NFKC", name).strip()


def check(name: str) -> tuple[str, tuple[str, ...]]:
    """(the name as shown, its keys), or a `bad-username` refusal that says what is wrong."""
    name = shown(name)
    if not MIN_LENGTH <= len(name) <= MAX_LENGTH:
        raise bad(f"A username has {MIN_LENGTH} to {MAX_LENGTH} characters.")
    if not _characters_ok(name):
        raise bad(f"A username has letters, digits and {' '.join(_PUNCTUATION)} only.")
    if not _word(name[0]):
        raise bad("A username starts with a letter or a digit.")
    if _latin(name) and _confusables().is_dangerous(name):
        raise bad("This username mixes alphabets with look-alike letters; write it in one alphabet.")
    return name, lookalike.keys(name)


def lookup(name: str) -> tuple[str, tuple[str, ...]] | None:
    """(the name as shown, its keys) to find an account by, or None where no account's name could be
    this one. Only the shape is checked, not the rules of `check`: a rule added later must not lock
    out an account made before it."""
    name = shown(name)
    if not 0 < len(name) <= 64 or not _characters_ok(name):  # (64: the store's column)
        return None
    return name, lookalike.keys(name)


def _characters_ok(name: str) -> bool:
    return all(_word(ch) or ch in _PUNCTUATION for ch in name)


def _latin(name: str) -> bool:
    return any((ch.isascii() and ch.isalpha()) or unicodedata.name(ch, "").startswith("LATIN") for ch in name)


def _word(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LNM"


@cache
def _confusables() -> Any:
    """The scripts of Unicode's confusables (`is_dangerous`), loaded at the first username (tens of
    milliseconds and several MB: a server that never sees one never pays)."""
    from confusable_homoglyphs import confusables

    return confusables
