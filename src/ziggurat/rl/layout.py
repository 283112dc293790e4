"""Named segments of one flat float32 vector, and the writers the observation encoders fill it with.

Every value written is scaled into [0, 1] (and clipped there), so a PettingZoo `Box(0, 1)` always
contains the observation and OpenSpiel tensors need no further normalisation.

Each entry is a whole number over its scale (a count over its bound, a one-hot's 1 over 1). A segment
declares the scale of its entries once (`add(..., scale=)`): the encoders that read the state
(observe/base.py, `Encoder.numerators`) write only the numerators, one byte each, and one division
by `Layout.scales()` turns them all into floats, exactly as the view encoders' `Writer` does entry by
entry.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Segment:
    name: str
    start: int
    size: int
    doc: str
    scale: tuple[float, ...]  # what each entry's numerator is divided by (1 for one-hots and sets)

    @property
    def stop(self) -> int:
        return self.start + self.size


class Layout:
    """Declared once per (game, players, options): the segments, in order, and the total size."""

    def __init__(self) -> None:
        self.segments: list[Segment] = []
        self.size = 0

    def add(self, name: str, size: int, doc: str, scale: float | Sequence[float] = 1.0) -> Segment:
        """A segment of `size` entries; `scale` is each entry's (one number for all, or one per entry)."""
        if size <= 0:
            raise ValueError(f"segment {name!r} must have a positive size")
        scales = (float(scale),) * size if isinstance(scale, float | int) else tuple(map(float, scale))
        if len(scales) != size or min(scales) <= 0:
            raise ValueError(f"segment {name!r} needs {size} positive scales")
        seg = Segment(name, self.size, size, doc, scales)
        self.segments.append(seg)
        self.size += size
        return seg

    def zeros(self) -> Vector:
        return np.zeros(self.size, dtype=np.float32)

    def scales(self) -> Vector:
        """Every entry's scale, in order: numerators divided by these are the observation."""
        return np.array([x for s in self.segments for x in s.scale], dtype=np.float32)

    def table(self) -> str:
        """The layout as a Markdown table (docs/research.md is built from these)."""
        rows = ["| segment | size | meaning |", "|---|---|---|"]
        rows += [f"| `{s.name}` | {s.size} | {s.doc} |" for s in self.segments]
        return "\n".join(rows)


def scaled(value: float, scale: float) -> float:
    return min(max(value / scale, 0.0), 1.0)


class Writer:
    """Fills one vector segment by segment. Indices outside a segment are a bug, so they raise."""

    def __init__(self, out: Vector) -> None:
        self.out = out
        out.fill(0.0)

    def _at(self, seg: Segment, i: int) -> int:
        if not 0 <= i < seg.size:
            raise IndexError(f"{seg.name}: index {i} outside 0..{seg.size - 1}")
        return seg.start + i

    def one(self, seg: Segment, i: int | None, value: float = 1.0) -> None:
        """A one-hot entry (nothing for None)."""
        if i is not None:
            self.out[self._at(seg, i)] = value

    def many(self, seg: Segment, indices: Iterable[int]) -> None:
        """A multi-hot set."""
        for i in indices:
            self.out[self._at(seg, i)] = 1.0

    def scalar(self, seg: Segment, value: float, scale: float, i: int = 0) -> None:
        self.out[self._at(seg, i)] = scaled(value, scale)

    def scalars(self, seg: Segment, values: Sequence[float], scale: float, offset: int = 0) -> None:
        for i, v in enumerate(values):
            self.scalar(seg, v, scale, offset + i)

    def counts(
        self,
        seg: Segment,
        ids: Iterable[str],
        index: Mapping[str, int],
        scale: Sequence[float] | float,
        offset: int = 0,
    ) -> None:
        """How many times each id occurs (a hand, a discard pile), each count over its own scale."""
        for i, count in Counter(index[cid] for cid in ids).items():
            s = scale if isinstance(scale, float | int) else scale[i]
            self.scalar(seg, count, s, offset + i)
