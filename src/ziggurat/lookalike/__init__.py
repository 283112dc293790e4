# ruff: noqa: RUF002  (the docstring shows look-alike letters)
"""Which strings look alike: Unicode's confusable skeleton (UTS #39) made blind to case.

`keys(text)` gives the keys of a text; two texts that share a key look alike. A key folds:
- compatibility forms (NFKC: full-width letters, ligatures, mathematical alphabets) and case;
- look-alike characters to their prototype in Unicode's confusables table (`confusables.txt`, shipped
  here unchanged: Unicode 15.0.0, from ICU 72): Cyrillic and Greek letters that look Latin, dotless i,
  Latin alpha, digits that look like letters (0 as O; 1, I and | as l), and sequences (m as rn);
- the accents of the combining diacritics blocks (a dot below, an acute: `admiṇ` keys as `admin`;
  marks that are letters of their script, such as kana's voicing marks or Indic vowel signs, stay);
- the Latin small capitals as their letter (`ᴀ` as `a`; also what Unicode gives as their look-alike:
  `ᴍ` and Cyrillic `м` both map to `ʍ`, which keys as `m`), and two sequences that Unicode leaves
  out: w as vv, d as cl.

Unicode's skeleton is case-sensitive, and case and look-alikes pull apart: `I` looks like `l` but its
lower case is `i`; Greek `Η` looks like `H` but its lower case `η` looks like `n`. No single key can
follow both without folding unrelated letters together (i with l, h with n), so a text has two keys:
its look-alikes read after folding case (`ADMIN` as `admin`), and read as written, then folded
(`BiII` as `Bill`). Each key is a fixed point (a key's keys are itself).

The keys depend on this file's data and Unicode's normalization and case folding, which Unicode keeps
stable for assigned characters: stored keys must be recomputed (a migration) if the data changes.
"""

from __future__ import annotations

import string
import unicodedata
from functools import cache
from pathlib import Path

DATA = Path(__file__).with_name("confusables.txt")

# Sequences that look like one letter and that Unicode's table does not map (it maps m to rn already).
# The letter expands to the sequence, as Unicode does for m: `cld` and `dcl` then key alike.
EXTRA = {"w": "vv", "d": "cl"}

# Accents: the combining diacritical marks blocks, shared by the alphabets. Marks of other blocks
# belong to their script's letters and are kept.
_ACCENT_BLOCKS = ((0x0300, 0x036F), (0x1AB0, 0x1AFF), (0x1DC0, 0x1DFF), (0x20D0, 0x20FF), (0xFE20, 0xFE2F))
_ROUNDS = 8  # (every character's folding settles within 5 rounds)


def keys(text: str) -> tuple[str, ...]:
    """The text's keys, the case-blind reading first; one key when both readings agree."""
    shown = unicodedata.normalize("NFKC", text)
    first, second = _fold(shown.casefold()), _fold(shown)
    return (first,) if first == second else (first, second)


def key(text: str) -> str:
    """The case-blind key alone (what the two readings share for text in lower case)."""
    return keys(text)[0]


def _fold(text: str) -> str:
    for _ in range(_ROUNDS):
        folded = "".join(_char(ch) for ch in unicodedata.normalize("NFD", text) if not _accent(ch))
        folded = unicodedata.normalize("NFD", folded.casefold())
        folded = "".join(ch for ch in folded if not _accent(ch))
        if folded == text:
            return folded
        text = folded
    return text


def _accent(ch: str) -> bool:
    o = ord(ch)
    return any(lo <= o <= hi for lo, hi in _ACCENT_BLOCKS) and unicodedata.category(ch) in ("Mn", "Me")


def _char(ch: str) -> str:
    return _mapping().get(ch, ch)


@cache
def _mapping() -> dict[str, str]:
    """Unicode's table, with the Latin small capitals as their letters and the sequences of `EXTRA`."""
    mapping = dict(prototypes())
    for letter in string.ascii_lowercase:
        try:
            capital = unicodedata.lookup(f"LATIN LETTER SMALL CAPITAL {letter}")
        except KeyError:  # (no small capital X)
            continue
        prototype = mapping.get(capital, "")
        if len(prototype) == 1 and not prototype.isascii():  # ᴍ's is ʍ, which Cyrillic м maps to
            mapping[prototype] = letter
        mapping[capital] = letter
    mapping.update(EXTRA)
    return mapping


@cache
def prototypes() -> dict[str, str]:
    """Unicode's table: each confusable character's prototype (read once, at the first key)."""
    table = {}
    with DATA.open(encoding="utf-8-sig") as f:
        for line in f:
            fields = line.split("#", 1)[0].split(";")
            if len(fields) >= 2:
                source, target = fields[0].strip(), fields[1].split()
                table[chr(int(source, 16))] = "".join(chr(int(cp, 16)) for cp in target)
    return table
