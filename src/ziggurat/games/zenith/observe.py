"""Zenith observations (docs/games/zenith.md, "View"): the whole board is public. From the view
(`fill`, the reference) or straight from the state (`numerators`)."""

from __future__ import annotations

from typing import Any

from ziggurat.engine import Json
from ziggurat.games.zenith.board import BOARDS
from ziggurat.games.zenith.state import ZenithState
from ziggurat.rl.plugin import Encoder, Writer, bit_digits, bits, index_of, multi_hot


class ZenithEncoder(Encoder):
    def build(self, options: Any) -> None:
        n = self.players
        ids = BOARDS[options.board].ids
        self.space = index_of(list(ids))
        self.n_spaces = len(ids)
        self.pieces_each = options.pieces_each(n)  # the variant's count, if any
        add = self.layout.add
        self.turn = self.seats("turn", "the seat to place, one-hot")
        self.pieces = add("pieces", len(ids) * n, "per space (in `level.q.r` order), its owner one-hot")
        self.open = add("open", len(ids), "open spaces")
        self.hands = self.seats("hands", "pieces in hand / pieces per player", self.pieces_each)
        self.on_board = self.seats("on_board", "pieces on the board / pieces per player", self.pieces_each)
        self.eliminated = self.seats("eliminated", "seats out of the game")
        self.moves = add("moves", 1, "placements so far / spaces", self.n_spaces)
        # The state path: spaces are bits in `level.q.r` order, the layout's order of spaces.
        assert list(ids) == sorted(ids, key=self.space.__getitem__)
        self.digits = bit_digits(self.n_spaces)
        self.no_eliminated = bytes(n)

    def fill(self, v: Json, w: Writer) -> None:
        n = self.players
        w.one(self.turn, v["turn"])
        for sid, s in v["pieces"].items():
            w.one(self.pieces, self.space[sid] * n + s)
        w.many(self.open, (self.space[sid] for sid in v["open"]))
        w.scalars(self.hands, v["hands"], self.pieces_each)
        w.scalars(self.on_board, v["on_board"], self.pieces_each)
        w.many(self.eliminated, (e["seat"] for e in v["eliminated"]))
        w.scalar(self.moves, v["moves"], self.n_spaces)

    def numerators(self, st: ZenithState, seat: int | None, out: list[bytes]) -> None:
        n, digits = self.players, self.digits
        pieces = bytearray(self.n_spaces * n)  # space-major: seat s's spaces every n-th entry from s
        for s, mask in enumerate(st.own):
            pieces[s::n] = bits(mask, digits)
        out += (
            self.seat_hots[st.turn],  # -1 once over: nobody's
            bytes(pieces),
            bits(st.open, digits),
            bytes(st.hand),
            bytes([m.bit_count() for m in st.own]),
            multi_hot(n, [s for s, _, _ in st.out]) if st.out else self.no_eliminated,
            bytes((st.moves,)),
        )
