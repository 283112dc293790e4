"""A counts field (copies of each card, as changes from print) declared inside the test: `counts`
runs when the options class is declared, so only a class declared here checks it as it is now."""

from __future__ import annotations

from dataclasses import dataclass, field, fields

import pytest

from ziggurat.engine import InputError
from ziggurat.engine.options import assignment, copies, counts, parse, spec


def test_a_counts_field_starts_printed_stays_hashable_and_is_described_as_a_variant() -> None:
    @dataclass(frozen=True)
    class Deck:
        size: int = 3
        cards: dict[str, int] = counts({"stone": 4, "flood": 2}, 6)

    printed = Deck()
    assert printed.cards == {} and Deck().cards is not printed.cards  # a fresh dict each time
    assert copies(printed) == {"stone": 4, "flood": 2}
    changed = parse(Deck, {"cards.flood": 0}, "Deck")
    assert changed.cards == {"flood": 0} and copies(changed) == {"stone": 4, "flood": 0}
    assert hash(changed) == hash(printed)  # the counts stay out of the hash (a dict has none)
    assert changed != printed  # but not out of equality
    (f,) = (f for f in fields(Deck) if f.name == "cards")
    assert f.metadata["variant"] is True
    assert spec(Deck)["cards"] == {
        "type": "counts",
        "default": {},
        "counts": {"stone": 4, "flood": 2},
        "max": 6,
        "variant": True,
    }
    with pytest.raises(InputError, match="from 0 to 6"):
        parse(Deck, {"cards.stone": 7}, "Deck")


def test_the_spec_describes_the_fields_after_a_counts_field_too() -> None:
    @dataclass(frozen=True)
    class Late:
        cards: dict[str, int] = counts({"stone": 1}, 2)
        size: int = field(default=3, metadata={"min": 1, "max": 9})

    assert spec(Late)["size"] == {"type": "int", "default": 3, "min": 1, "max": 9}


def test_a_command_line_value_may_hold_an_equals_sign() -> None:
    assert assignment("name=a=b") == ("name", "a=b")
    assert assignment("size=4") == ("size", 4)
    with pytest.raises(ValueError, match="name=value, not 'size'"):
        assignment("size")
