"""The generated clone: every slot copied by its kind, nothing shared that may change in place."""

from typing import Any

from ziggurat.engine.cloning import cloner, slots_of
from ziggurat.engine.state import State as EngineState


class Rec:
    __slots__ = ("v",)

    def __init__(self, v: int) -> None:
        self.v = v

    def copy(self) -> "Rec":
        return Rec(self.v)


class Base:
    __slots__ = ("n",)


class State(Base):
    __slots__ = ("events", "flat", "grid", "maybe", "recs", "table", "word")
    n: int
    events: Any
    flat: list[int]
    grid: list[list[int]]
    maybe: Rec | None
    recs: list[Rec]
    table: dict[int, list[int]]
    word: str


# One field of each kind cloner knows (test_mutants_cloning.py declares its class with the same).
KINDS: dict[str, tuple[str, ...]] = {
    "lists": ("flat",),
    "nested": ("grid",),
    "records": ("recs",),
    "copied": ("maybe",),
    "tables": ("table",),
    "dropped": ("events",),
}
_clone = cloner(State, **KINDS)


def test_every_slot_is_copied_by_its_kind() -> None:
    assert slots_of(State) == ["n", "events", "flat", "grid", "maybe", "recs", "table", "word"]
    st = State()
    st.n, st.events, st.flat, st.grid, st.maybe = 3, [{"type": "x"}], [1, 2], [[1], [2]], Rec(5)
    st.recs, st.table, st.word = [Rec(1)], {0: [7]}, "w"
    c = _clone(st)
    assert (c.n, c.word, c.events) == (3, "w", None)
    assert c.flat == [1, 2] and c.flat is not st.flat
    assert c.grid == [[1], [2]] and all(a is not b for a, b in zip(c.grid, st.grid, strict=True))
    assert c.maybe is not None and c.maybe.v == 5 and c.maybe is not st.maybe
    assert c.recs[0].v == 1 and c.recs[0] is not st.recs[0]
    assert c.table == {0: [7]} and c.table[0] is not st.table[0]
    st.maybe = None
    assert _clone(st).maybe is None


class Tiny(EngineState, lists=("row",)):
    __slots__ = ("row", "word")
    row: list[int]
    word: str


def test_a_state_clones_its_own_and_the_engines_fields() -> None:
    st = Tiny()
    st.n, st.events, st.cache, st.result, st.row, st.word = 2, [], (0, ["a"]), None, [1], "w"
    c = st.clone()
    assert type(c) is Tiny and (c.n, c.events, c.cache, c.result, c.word) == (2, None, (0, ["a"]), None, "w")
    assert c.row == [1] and c.row is not st.row
