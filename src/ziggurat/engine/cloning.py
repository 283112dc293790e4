"""A state's `clone`, written once: the copy function is generated from what each field holds (as
dataclasses generate `__init__`), so it runs as fast as one written out field by field, and a field
added to `__slots__` is copied without anyone remembering to.

Fields not named are shared: ints, strings, tuples, frozen values and the legal-action cache, which
is replaced, never changed in place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

T = TypeVar("T")

# How a field is copied, by kind.
_COPY = {
    "lists": "self.{0}[:]",  # a flat list
    "nested": "[x[:] for x in self.{0}]",  # a list of lists
    "records": "[x.copy() for x in self.{0}]",  # a list of records with a copy()
    "copied": "self.{0}.copy() if self.{0} is not None else None",  # a record (or None)
    "tables": "{{k: v[:] for k, v in self.{0}.items()}}",  # a dict of lists
    "dropped": "None",  # not carried over (a clone records no events)
}


def slots_of(cls: type) -> list[str]:
    """Every slot of a class, its bases' too."""
    out: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        out += [slots] if isinstance(slots, str) else list(slots)
    return out


def cloner(cls: type[T], **kinds: Iterable[str]) -> Callable[[T], T]:
    """The copy function of a slotted class: `kinds` names the fields of each kind of `_COPY`."""
    slots = slots_of(cls)
    how: dict[str, str] = {}
    for kind, names in kinds.items():
        for name in names:
            assert name in slots and name not in how, f"{cls.__name__}.{name}"
            how[name] = _COPY[kind]
    lines = ["def clone(self):", "    c = new(cls)"]
    lines += [f"    c.{name} = {how.get(name, 'self.{0}').format(name)}" for name in slots]
    lines.append("    return c")
    namespace: dict[str, Any] = {"new": cls.__new__, "cls": cls}
    exec("\n".join(lines), namespace)
    clone: Callable[[T], T] = namespace["clone"]
    clone.__qualname__ = f"{cls.__name__}.clone"
    return clone
