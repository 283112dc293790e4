"""Game options: a frozen dataclass per game, validated from JSON or `name=value` text, and described
for lobbies (types, defaults, declared ranges and choices).

Two kinds of field beyond plain values, both declared in the field's metadata:
- `variant=True`: a designer's knob (a rule changed from the printed game, for the arena); its default
  is the printed rule. Lobbies group these apart from the options players usually choose.
- `counts(printed, most)`: how many copies of each card (or piece) the game has, given as the changes
  from the printed counts: `{"stone": 2}`, or `cards.stone=2` on a command line. Stored with only the
  changed entries, so the printed game records as `{}`.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import field
from typing import Any

from ziggurat.engine.errors import InputError

Json = dict[str, Any]


def short(value: Any, limit: int = 24) -> str:
    """A value for an error message, cut short (a 4,000-digit number must not fill a reply)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def assignment(text: str) -> tuple[str, Any]:
    """`name=value` from a command line: the value as JSON (numbers, booleans), else the plain text."""
    if "=" not in text:
        raise ValueError(f"an option is name=value, not {text!r}")
    name, value = text.split("=", 1)
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def counts(printed: Mapping[str, int], most: int) -> Any:
    """A field holding changed copy counts (name -> copies, 0 to `most`), printed counts by default.
    Left out of the dataclass's hash (a dict has none); equality still compares it."""
    return field(
        default_factory=dict,
        hash=False,
        metadata={"counts": dict(printed), "most": most, "variant": True},
    )


def copies(options: Any, name: str = "cards") -> dict[str, int]:
    """Every entry's count under these options: the printed counts with the changes applied."""
    f = next(f for f in dataclasses.fields(options) if f.name == name)
    return {**f.metadata["counts"], **getattr(options, name)}


def _fold(raw: Mapping[str, Any], fields: Mapping[str, dataclasses.Field[Any]]) -> dict[str, Any]:
    """`cards.stone=2` (a command line) into `cards: {stone: 2}`, for every counts field."""
    out: dict[str, Any] = {}
    for key, value in raw.items():
        name, dot, entry = str(key).partition(".")
        if dot and name in fields and "counts" in fields[name].metadata:
            key, value = name, {entry: value}
        if isinstance(value, Mapping) and isinstance(out.get(key, {}), dict):
            group = out.setdefault(key, {})
            for entry in value:
                if entry in group:
                    raise InputError("bad-options", f"{key}.{entry} is given twice.")
                group[entry] = value[entry]
        elif key in out:
            raise InputError("bad-options", f"{key} is given twice.")
        else:
            out[key] = value
    return out


def _changes(f: dataclasses.Field[Any], given: Any) -> dict[str, int]:
    """A counts field's value checked (ValueError) and kept to the entries that differ from print."""
    printed: dict[str, int] = f.metadata["counts"]
    most: int = f.metadata["most"]
    if not isinstance(given, Mapping):
        raise ValueError(f"{f.name} must be an object of name: copies, not {short(given)}.")
    out = {}
    for name, value in given.items():
        if name not in printed:
            raise ValueError(f"{f.name}: unknown {short(name)}; known: {', '.join(sorted(printed))}.")
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
            raise ValueError(f"{f.name}.{name} must be from 0 to {most}, not {short(value)}.")
        if value != printed[name]:
            out[name] = value
    return dict(sorted(out.items()))


def check_counts(options: Any, name: str = "cards") -> None:
    """For an options dataclass's `__post_init__`: its counts field checked as `parse` checks it
    (options built in code, a state read back) and kept to its changes. Quick for the printed `{}`."""
    given = getattr(options, name)
    if isinstance(given, dict) and not given:
        return
    f = next(f for f in dataclasses.fields(options) if f.name == name)
    object.__setattr__(options, name, _changes(f, given))


def parse(cls: type[Any], raw: Mapping[str, Any], game: str) -> Any:
    """An options mapping (JSON, the command line) validated into the game's dataclass."""
    if not isinstance(raw, Mapping):
        raise InputError("bad-options", "Options must be an object of name: value.")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    raw = _fold(raw, fields)
    for name, f in fields.items():
        if "counts" in f.metadata and name in raw:
            try:
                raw[name] = _changes(f, raw[name])
            except ValueError as e:
                raise InputError("bad-options", str(e)) from None
    unknown = sorted(set(raw) - set(fields))
    if unknown:
        raise InputError("bad-options", f"Unknown option {unknown[0]!r} for {game}; known: {sorted(fields)}.")
    try:
        opts = cls(**raw)
    except (TypeError, ValueError) as e:
        raise InputError("bad-options", str(e)) from None
    for f in fields.values():  # declared ranges hold whatever the game checks
        value, lo, hi = getattr(opts, f.name), f.metadata.get("min"), f.metadata.get("max")
        if lo is None and hi is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError("bad-options", f"{f.name} must be a whole number, not {short(value)}.")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            if lo is None:
                bounds = f"at most {hi}"
            elif hi is None:
                bounds = f"at least {lo}"
            else:
                bounds = f"from {lo} to {hi}"
            raise InputError("bad-options", f"{f.name} must be {bounds}, not {short(value)}.")
    return opts


def spec(cls: type[Any]) -> dict[str, Json]:
    """Each option's type, default and, where the game declares them in the field's metadata, its
    range (`min`, `max`) or `choices`: what a lobby needs to offer exactly what `parse` accepts."""
    out: dict[str, Json] = {}
    defaults = cls()
    for f in dataclasses.fields(cls):
        if "counts" in f.metadata:
            out[f.name] = {
                "type": "counts",
                "default": {},
                "counts": dict(f.metadata["counts"]),
                "max": f.metadata["most"],
                "variant": True,
            }
            continue
        entry: Json = {"type": getattr(f.type, "__name__", str(f.type)), "default": getattr(defaults, f.name)}
        for key in ("min", "max", "choices", "variant"):
            if key in f.metadata:
                value = f.metadata[key]
                entry[key] = list(value) if key == "choices" else value
        out[f.name] = entry
    return out


def check_choices(options: Any) -> None:
    """For an options dataclass's `__post_init__`: a field with declared `choices` holds one of them."""
    for f in dataclasses.fields(options):
        choices = f.metadata.get("choices")
        value = getattr(options, f.name)
        if choices is not None and value not in choices:
            raise ValueError(f"{f.name} must be one of {', '.join(choices)}, not {value!r}")
