"""Usernames: what may be one, and the key that makes two of them "the same name".

A name is shown as written (after NFKC, which folds compatibility forms such as full-width letters and
ligatures). Two names are the same if they differ only in case or in look-alike characters: the key
folds both, so "Ana", "ANA", "Ana" in full-width letters and "Ana" with a Cyrillic A have one key and only
the first to sign up gets it. Look-alikes come from Unicode's confusables table (UTS #39, through
`confusable_homoglyphs`): a letter of another script that looks like a Latin one keys as that Latin
letter; within ASCII, I/l/1 and O/0 key alike. A name mixing scripts in a way that can mislead (Latin
with a Cyrillic look-alike inside) is refused outright, as django-registration does; scripts that are
written mixed (Japanese: kanji with kana) are not Latin and pass.
"""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache
from typing import Any

from ziggurat.server.errors import Refused

MIN_LENGTH, MAX_LENGTH = 3, 24
_PUNCTUATION = "_-."
_ASCII_ALIKE = str.maketrans({"I": "l", "1": "l", "|": "l", "0": "o", "O": "o"})


def bad(message: str) -> Refused:
    return Refused("bad-username", message)


def check(name: str) -> tuple[str, str]:
    """(the name as shown, its key), or a `bad-username` refusal that says what is wrong."""
    shown = unicodedata.normalize("NFKC", name).strip()
    if not MIN_LENGTH <= len(shown) <= MAX_LENGTH:
        raise bad(f"A username has {MIN_LENGTH} to {MAX_LENGTH} characters.")
    for ch in shown:
        if not (_word(ch) or ch in _PUNCTUATION):
            raise bad(f"A username has letters, digits and {' '.join(_PUNCTUATION)} only.")
    if not _word(shown[0]):
        raise bad("A username starts with a letter or a digit.")
    if _latin(shown) and _confusables().is_dangerous(shown):
        raise bad("This username mixes alphabets with look-alike letters; write it in one alphabet.")
    return shown, key(shown)


def key(shown: str) -> str:
    """The name's uniqueness key: look-alikes folded to one letter each, then case folded."""
    return "".join(_fold(ch) for ch in shown.translate(_ASCII_ALIKE)).casefold().translate(_ASCII_ALIKE)


def _latin(name: str) -> bool:
    return any((ch.isascii() and ch.isalpha()) or unicodedata.name(ch, "").startswith("LATIN") for ch in name)


def _word(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LNM"


@lru_cache(maxsize=4096)
def _fold(ch: str) -> str:
    """A character that looks like a Latin letter or digit keys as it (the first such, for the same
    key every time); any other stays itself."""
    if ch.isascii():
        return ch
    found = _confusables().is_confusable(ch, preferred_aliases=["latin"], greedy=True) or []
    latin = sorted(
        g["c"] for hit in found for g in hit["homoglyphs"] if g["c"].isascii() and g["c"].isalnum()
    )
    return latin[0] if latin else ch


@cache
def _confusables() -> Any:
    """Unicode's confusables table, loaded at the first username (80 ms and several MB: a server that
    never sees one never pays)."""
    from confusable_homoglyphs import confusables

    return confusables
