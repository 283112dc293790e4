"""Reading a game's set-up or stored state: names looked up in the game's tables and seats checked,
every mistake an InputError("bad-setup") that says what was expected."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ziggurat.engine.errors import InputError


def bad_setup(message: str) -> InputError:
    return InputError("bad-setup", message)


def named(index: Mapping[str, int], name: Any, kind: str, kinds: str) -> int:
    """The number of `name` in `index` (a card, tile, territory... by id)."""
    if name not in index:
        raise bad_setup(f"Unknown {kind} {name!r}; {kinds}: {', '.join(index)}.")
    return index[name]


def seat_number(ref: Any, n: int) -> int:
    """A seat given as a whole number or as digits (JSON object keys); 1.5 or true is no seat (int()
    would read them as 1)."""
    if isinstance(ref, bool) or not isinstance(ref, int | str):
        raise bad_setup(f"Bad seat {ref!r}.")
    try:
        s = int(ref)
    except ValueError:
        raise bad_setup(f"Bad seat {ref!r}.") from None
    if not 0 <= s < n:
        raise bad_setup(f"There is no seat {s}.")
    return s


def mapping(setup: Mapping[str, Any], key: str, shape: str) -> Mapping[str, Any]:
    """`setup[key]`, which must map `shape` ("a seat to a list of cards"); empty when not given."""
    value = setup.get(key) or {}
    if not isinstance(value, Mapping):
        raise bad_setup(f"setup.{key} must map {shape}.")
    return value
