"""Game options: a frozen dataclass per game, validated from JSON or `name=value` text, and described
for lobbies (types, defaults, declared ranges and choices)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
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


def parse(cls: type[Any], raw: Mapping[str, Any], game: str) -> Any:
    """An options mapping (JSON, the command line) validated into the game's dataclass."""
    if not isinstance(raw, Mapping):
        raise InputError("bad-options", "Options must be an object of name: value.")
    fields = {f.name: f for f in dataclasses.fields(cls)}
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
            raise InputError("bad-options", f"{f.name} must be from {lo} to {hi}, not {short(value)}.")
    return opts


def spec(cls: type[Any]) -> dict[str, Json]:
    """Each option's type, default and, where the game declares them in the field's metadata, its
    range (`min`, `max`) or `choices`: what a lobby needs to offer exactly what `parse` accepts."""
    out: dict[str, Json] = {}
    defaults = cls()
    for f in dataclasses.fields(cls):
        entry: Json = {"type": getattr(f.type, "__name__", str(f.type)), "default": getattr(defaults, f.name)}
        for key in ("min", "max", "choices"):
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
