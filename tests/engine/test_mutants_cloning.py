"""The generated clone, with the classes made inside each test: `cloner` and a state class's
`__init_subclass__` run when a class is declared, so a test whose classes are declared at import
checks a copy function made before the test began (mutation testing switches code after import)."""

from __future__ import annotations

from typing import Any

import pytest

from ziggurat.engine.cloning import cloner, slots_of
from ziggurat.engine.state import State

from .test_cloning import KINDS


class Rec:
    __slots__ = ("v",)

    def __init__(self, v: int) -> None:
        self.v = v

    def copy(self) -> Rec:
        return Rec(self.v)


def test_each_kind_of_field_is_copied_apart_and_the_rest_shared() -> None:
    class Base:
        __slots__ = "n"  # (one slot may be a plain string)

    class Kinds(Base):
        __slots__ = ("events", "flat", "grid", "maybe", "recs", "table", "word")

    assert slots_of(Kinds) == ["n", "events", "flat", "grid", "maybe", "recs", "table", "word"]
    clone = cloner(Kinds, **KINDS)
    assert clone.__qualname__ == "Kinds.clone"
    st: Any = Kinds()
    st.n, st.events, st.flat, st.grid, st.maybe = 3, [{"type": "x"}], [1, 2], [[1], [2]], Rec(5)
    st.recs, st.table, st.word = [Rec(1)], {0: [7]}, ("shared",)
    c = clone(st)
    assert type(c) is Kinds and c.n == 3 and c.events is None and c.word is st.word
    c.flat.append(3)
    c.grid[0].append(9)
    c.maybe.v = 6
    c.recs[0].v = 2
    c.table[0].append(8)
    assert (st.flat, st.grid, st.maybe.v, st.recs[0].v, st.table) == ([1, 2], [[1], [2]], 5, 1, {0: [7]})
    assert (c.flat, c.grid, c.maybe.v, c.recs[0].v, c.table) == ([1, 2, 3], [[1, 9], [2]], 6, 2, {0: [7, 8]})
    st.maybe = None
    assert clone(st).maybe is None


def test_a_field_named_twice_or_not_a_slot_is_a_mistake_found_at_once() -> None:
    class Two:
        __slots__ = ("a", "b")

    with pytest.raises(AssertionError, match=r"Two\.c"):
        cloner(Two, lists=("c",))
    with pytest.raises(AssertionError, match=r"Two\.a"):
        cloner(Two, lists=("a",), nested=("a",))


def test_a_state_class_declared_now_clones_by_the_kinds_it_names() -> None:
    class Fresh(State, lists=("row",), nested=("hands",)):
        __slots__ = ("hands", "row", "word")

    st: Any = Fresh()
    st.n, st.events, st.cache, st.result = 2, [{"type": "x"}], (0, ["a"]), None
    st.row, st.hands, st.word = [1], [[2], [3]], "w"
    c = st.clone()
    assert type(c) is Fresh and (c.n, c.events, c.cache, c.word) == (2, None, (0, ["a"]), "w")
    c.row.append(4)
    c.hands[1].append(5)
    assert st.row == [1] and st.hands == [[2], [3]] and st.events == [{"type": "x"}]
