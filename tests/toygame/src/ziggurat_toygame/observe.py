"""High Card observations for the research adapters (numpy: imported only by ziggurat.rl)."""

from __future__ import annotations

from typing import Any

from ziggurat.engine import Json
from ziggurat.rl.plugin import Encoder, Writer
from ziggurat_toygame.rules import CARDS


class HighCardEncoder(Encoder):
    def build(self, options: Any) -> None:
        add = self.layout.add
        self.tricks_scale = float(options.hand)
        self.to_act = self.seats("to_act", "the seat to play")
        self.hand = add("hand", CARDS, "your cards")
        self.table = add("table", CARDS, "the cards of this trick")
        self.tricks = self.seats("tricks", "tricks won / hand size")

    def fill(self, v: Json, w: Writer) -> None:
        w.many(self.to_act, v["to_act"])
        w.many(self.hand, (c - 1 for c in v.get("hand", ())))
        w.many(self.table, (c - 1 for c in v["table"]))
        w.scalars(self.tricks, v["tricks"], self.tricks_scale)
