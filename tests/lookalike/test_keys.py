# ruff: noqa: RUF001, RUF003  (look-alike letters are what this tests)
"""Look-alike keys: Unicode's confusable skeleton (UTS #39) blind to case, with every look-alike kind
the usernames must treat as one name, and what must stay apart."""

from __future__ import annotations

import unicodedata

import pytest

from ziggurat import lookalike
from ziggurat.lookalike import keys


def alike(a: str, b: str) -> bool:
    return bool(set(keys(a)) & set(keys(b)))


@pytest.mark.parametrize(
    ("name", "other"),
    [
        ("admin", "ADMIN"),  # case: capital I is i
        ("admin", "Admin"),
        ("admin", "ɑdmin"),  # Latin alpha
        ("admin", "admın"),  # dotless i
        ("admin", "ᴀdmin"),  # small capital A (Unicode maps Cherokee ꭺ to it)
        ("admin", "adrnin"),  # rn for m
        ("admin", "ADRNIN"),
        ("admin", "admiṇ"),  # a dot below (precomposed)
        ("admin", "admin\u0323"),  # ...or combining
        ("admin", "ａｄｍｉｎ"),
        ("admin", "𝐚𝐝𝐦𝐢𝐧"),  # mathematical bold
        ("admin", "аdmin"),
        ("admin", "αdmin"),
        ("admin", "ɑᴅмıṇ"),
        ("walter", "vvalter"),  # vv for w
        ("walter", "VVALTER"),
        ("dave", "clave"),  # cl for d
        ("dcl", "cld"),  # (a letter expands: the order of the pair doesn't matter)
        ("bill", "BiII"),  # capital I for l
        ("bill", "bIll"),
        ("Ian", "lan"),
        ("Ian", "ian"),
        ("will", "wi11"),  # 1 for l
        ("will", "wi||"),  # | for l (not a username character, a look-alike all the same)
        ("logan", "l0gan"),  # 0 for O
        ("logan", "LOGAN"),
        ("bob", "ВОВ"),
        ("bob", "вов"),
        ("HN", "ΗΝ"),
        ("paypal", "раураl"),
        ("jose", "José"),  # accents
        ("Lukasz", "Łukasz"),  # a stroke (Unicode: L with a solidus over it)
        ("nguyen", "Nguyễn"),
        ("strasse", "Straße"),  # sharp s (case folding)
        ("oe", "Œ"),
    ],
)
def test_names_that_look_alike_share_a_key(name: str, other: str) -> None:
    assert alike(name, other), (keys(name), keys(other))


@pytest.mark.parametrize(
    ("name", "other"),
    [
        ("ian", "lan"),  # each looks like Ian, not like the other
        ("hn", "nv"),  # Greek ΗΝ is both, Latin hn and nv are two
        ("bob", "bab"),
        ("ana", "anna"),
        ("カナ", "ガナ"),  # kana's voicing mark makes another letter
        ("क", "कु"),  # so does a Devanagari vowel sign
        ("日本", "日木"),
    ],
)
def test_names_that_do_not_look_alike_share_no_key(name: str, other: str) -> None:
    assert not alike(name, other), (keys(name), keys(other))


def test_ascii_keys_as_itself_but_for_the_look_alikes_named() -> None:
    changed = {
        c: keys(c)
        for c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-."
        if keys(c) != (c.lower(),)
    }
    assert changed == {
        "d": ("cl",), "D": ("cl",), "m": ("rn",), "M": ("rn",), "w": ("vv",), "W": ("vv",),
        "I": ("i", "l"), "0": ("o",), "1": ("l",),
    }  # fmt: skip


def _letters() -> list[str]:
    """Every character of Unicode's table, and the Latin, Greek and Cyrillic blocks, that may be in a
    name (a letter, digit or mark)."""
    table = lookalike.prototypes()
    chars = set(table) | set("".join(table.values()))
    chars |= {
        chr(c) for r in ((0, 0x530), (0x1D00, 0x2000), (0x2C60, 0x2C80), (0xA640, 0xA800)) for c in range(*r)
    }
    return sorted(c for c in chars if unicodedata.category(c)[0] in "LNM")


def test_every_key_is_its_own_key() -> None:
    """A key is a fixed point: folding settles, and a key read again gives itself."""
    for ch in _letters():
        for k in keys(ch):
            assert keys(k) == (k,), (ch, k, keys(k))


def test_the_table_is_unicodes_whole_file() -> None:
    text = lookalike.DATA.read_text(encoding="utf-8-sig")
    assert "# Version: 15.0.0" in text and "© 2022 Unicode®, Inc." in text
    total = int(text.rsplit("# total: ", 1)[1])
    assert len(lookalike.prototypes()) == total == 6311
