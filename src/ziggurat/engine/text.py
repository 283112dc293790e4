"""Events in words, table-driven: each game maps an event type to a template or a small function.

A template is formatted with the event's fields plus `me`, the name of the event's seat:
"{me}'s prophet stays on {tile}." A function gets the event as a `Told`, which also names any seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

Json = dict[str, Any]


def who(seat: Any, names: Sequence[str]) -> str:
    """A seat's name. Seats come as numbers, or as digits where JSON made them object keys; anything
    else (no seat, a seat out of range) is shown as it is."""
    if isinstance(seat, str) and seat.isdigit():
        seat = int(seat)
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    return str(seat)


def plural(k: int, one: str, many: str | None = None) -> str:
    """ "1 card", "2 cards" (or the irregular form given)."""
    return f"{k} {one if k == 1 else many or one + 's'}"


def secret_cards(e: Told, card_name: Callable[[Any], str], form: str = ": {}") -> str:
    """The event's secret cards in words (`form` around them), for those who may see them; "" for
    everyone else (their copy of the event has no `secret`)."""
    secret = e.get("secret")
    return form.format(", ".join(card_name(c) for c in secret["cards"])) if secret else ""


def draws(e: Told, card: str, card_name: Callable[[Any], str]) -> str:
    """A draw from a deck: `card` says what ("a Miracle card"); the card itself only to those who may
    see it (the event's `secret`), and an empty deck as such."""
    if e.get("empty"):
        return f"{e.me} would draw {card}, but none are left."
    secret = e.get("secret")
    what = f": {card_name(secret['card'])}" if secret else ""
    return f"{e.me} draws {card}{what}."


class Told:
    """One event being put into words: its fields (`told["tile"]`) and the seats' names."""

    __slots__ = ("event", "names")

    def __init__(self, event: Json, names: Sequence[str]) -> None:
        self.event = event
        self.names = names

    def __getitem__(self, key: str) -> Any:
        if key == "me":
            return self.me
        return self.event[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.event.get(key, default)

    def who(self, seat: Any) -> str:
        return who(seat, self.names)

    @property
    def me(self) -> str:
        return who(self.event.get("seat"), self.names)


Wording = str | Callable[[Told], str]


# Events the engine itself makes, the same in every game.
COMMON: dict[str, Wording] = {"undo": "{me} takes back a move."}


def describe(table: Mapping[str, Wording], event: Json, names: Sequence[str]) -> str:
    """The event in words by the game's table; an event the table doesn't know, as its JSON."""
    kind = event.get("type", "")
    wording = table[kind] if kind in table else COMMON.get(kind)
    if wording is None:
        return str(event)
    told = Told(event, names)
    return wording.format_map(told) if isinstance(wording, str) else wording(told)
