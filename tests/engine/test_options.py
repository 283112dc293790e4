"""Variant options: copy counts (`cards.stone=2`), designer knobs marked apart, and how they are
described to lobbies."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from ziggurat.engine import InputError
from ziggurat.engine.options import assignment, copies, counts, parse, spec


@dataclass(frozen=True)
class Toy:
    size: int = field(default=3, metadata={"min": 1, "max": 9})
    bonus: int = field(default=0, metadata={"min": 0, "max": 5, "variant": True})
    cards: dict[str, int] = counts({"stone": 4, "flood": 2}, 6)


def bad(raw: object) -> str:
    with pytest.raises(InputError) as e:
        parse(Toy, raw, "Toy")  # type: ignore[arg-type]
    assert e.value.code == "bad-options"
    return e.value.message


def test_counts_come_from_dotted_names_or_an_object_and_keep_only_changes() -> None:
    line = dict(assignment(a) for a in ("cards.stone=2", "cards.flood=2", "bonus=1"))
    assert parse(Toy, line, "Toy") == Toy(bonus=1, cards={"stone": 2})
    assert parse(Toy, {"cards": {"flood": 0, "stone": 4}}, "Toy").cards == {"flood": 0}
    printed = parse(Toy, {}, "Toy")
    assert printed.cards == {} and copies(printed) == {"stone": 4, "flood": 2}
    assert copies(parse(Toy, {"cards.flood": 5}, "Toy")) == {"stone": 4, "flood": 5}
    assert hash(printed) == hash(Toy())  # still usable as a key


def test_bad_counts_are_refused_with_the_reason() -> None:
    assert "unknown 'rock'" in bad({"cards.rock": 1}) and "flood, stone" in bad({"cards.rock": 1})
    assert "from 0 to 6" in bad({"cards.stone": 7})
    assert "from 0 to 6" in bad({"cards.stone": -1})
    assert "from 0 to 6" in bad({"cards": {"stone": True}})
    assert "name: copies" in bad({"cards": [1, 2]})
    assert "cards.stone is given twice" in bad({"cards": {"stone": 1}, "cards.stone": 2})
    assert parse(Toy, {"cards": {"stone": 1}, "cards.flood": 1}, "Toy").cards == {"flood": 1, "stone": 1}
    assert "from 1 to 9" in bad({"size": 0})


def test_the_spec_marks_variants_and_describes_counts() -> None:
    s = spec(Toy)
    assert s["size"] == {"type": "int", "default": 3, "min": 1, "max": 9}
    assert s["bonus"]["variant"] is True
    assert s["cards"] == {
        "type": "counts",
        "default": {},
        "counts": {"stone": 4, "flood": 2},
        "max": 6,
        "variant": True,
    }
