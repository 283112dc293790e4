"""Zealous observations (docs/protocol.md, "Views")."""

from __future__ import annotations

from typing import Any

from ziggurat.engine import Json
from ziggurat.games.zealous.board import TILES
from ziggurat.games.zealous.cards import CARDS, DECKS
from ziggurat.games.zealous.state import FOLLOWERS_PER_PLAYER, PHASES
from ziggurat.rl.layout import Writer
from ziggurat.rl.observe.base import Encoder, index_of

STEPS = ("card", "move", "place", "resolve", "setup", "rebirth", "proliferation", "over")
PENDING_FRAMES = 2  # the decision being made and the card it sits in (Vision, Salvation)
PENDING_STEPS = 4  # the longest card sequence (Pilgrimage) has four steps
MAX_DRAWN = 3
ROUND_SCALE = 20  # rounds seen before the encoding saturates (target games last ~5-10 rounds)
SCORE_SCALE = 200
HAND_SCALE = 10

T = len(TILES)
C = len(CARDS)
TILE = index_of(TILES)
CARD = index_of([c.id for c in CARDS])
COPIES = [float(c.copies) for c in CARDS]
DECK_SIZE = {d: float(sum(c.copies for c in CARDS if DECKS[c.deck] == d)) for d in DECKS}


class ZealousEncoder(Encoder):
    def build(self, options: Any) -> None:
        n = self.players
        add = self.layout.add
        self.turn = self.seats("turn", "whose turn, one-hot")
        self.to_act = self.seats("to_act", "seats asked now")
        self.phase = add("phase", len(PHASES), f"one-hot over {', '.join(PHASES)}")
        self.step = add("step", len(STEPS), f"one-hot over {', '.join(STEPS)}")
        self.card_played = add("card_played", 1, "a card was played this turn")
        self.round = add("round", 2, f"round / {ROUND_SCALE}; round / max_rounds (advanced only)")
        self.followers = add("followers", T * n, "followers per tile (tile-major, then seat) / 20")
        self.prophets = add("prophets", n * (T + 1), "per seat: the prophet's tile one-hot, or last = dead")
        self.scores = self.seats("scores", f"score / {SCORE_SCALE}")
        self.progress = self.seats("progress", "score / target (beginner, intermediate)")
        self.supply = self.seats("supply", "followers in supply / 20")
        self.hand_counts = add("hand_counts", n * 3, f"per seat, cards held per deck / {HAND_SCALE}")
        self.decks = add("decks", 3, "deck sizes / cards in that deck")
        self.discards = add("discards", C, "discarded copies per card / copies")
        self.sanctuaries = add("sanctuaries", n * T, "per seat, its Sanctuary tiles")
        self.famine = add("famine", T, "tiles under Famine")
        frame = C + PENDING_STEPS + 1 + C
        self.pending = add(
            "pending",
            1 + PENDING_FRAMES * frame,
            "stack depth / 3; then the top two frames (top first): card one-hot, step one-hot, "
            "drawn count / 3, your drawn Miracles per card / 3",
        )
        self.short = add("short", n * (1 + T), "per seat owing proliferation: count / 20, tiles")
        self.hand = add("hand", C, "your hand: copies per card / copies")

    def fill(self, v: Json, w: Writer) -> None:
        n = self.players
        w.one(self.turn, v["turn"])
        w.many(self.to_act, v["to_act"])
        w.one(self.phase, PHASES.index(v["phase"]))
        w.one(self.step, STEPS.index(v["step"]))
        w.scalar(self.card_played, float(v["card_played"]), 1.0)
        w.scalar(self.round, v["round"], ROUND_SCALE)
        if v["max_rounds"]:
            w.scalar(self.round, v["round"], v["max_rounds"], 1)
        for t, row in v["followers"].items():
            w.scalars(self.followers, row, FOLLOWERS_PER_PLAYER, TILE[t] * n)
        for s, tile in enumerate(v["prophets"]):
            w.one(self.prophets, s * (T + 1) + (TILE[tile] if tile is not None else T))
        w.scalars(self.scores, v["scores"], SCORE_SCALE)
        if v["target"]:
            w.scalars(self.progress, v["scores"], v["target"])
        w.scalars(self.supply, v["supply"], FOLLOWERS_PER_PLAYER)
        for s, hc in enumerate(v["hand_counts"]):
            w.scalars(self.hand_counts, [hc[d] for d in DECKS], HAND_SCALE, 3 * s)
        w.scalars(self.decks, [v["decks"][d] / DECK_SIZE[d] for d in DECKS], 1.0)
        for d in DECKS:
            w.counts(self.discards, v["discards"][d], CARD, COPIES)
        for s, tiles in enumerate(v["sanctuaries"]):
            w.many(self.sanctuaries, (s * T + TILE[t] for t in tiles))
        w.many(self.famine, (TILE[t] for t in v["famine"]))
        self._pending(v["pending"], w)
        for entry in v["short"]:
            base = entry["seat"] * (1 + T)
            w.scalar(self.short, entry["count"], FOLLOWERS_PER_PLAYER, base)
            w.many(self.short, (base + 1 + TILE[t] for t in entry["tiles"]))
        w.counts(self.hand, v.get("hand", ()), CARD, COPIES)

    def _pending(self, pending: list[Json], w: Writer) -> None:
        w.scalar(self.pending, len(pending), 3)
        frame = C + PENDING_STEPS + 1 + C
        for k, fr in enumerate(reversed(pending[-PENDING_FRAMES:])):
            base = 1 + k * frame
            w.one(self.pending, base + CARD[fr["card"]])
            w.one(self.pending, base + C + min(fr["step"], PENDING_STEPS - 1))
            w.scalar(self.pending, fr.get("drawn_count", 0), MAX_DRAWN, base + C + PENDING_STEPS)
            w.counts(self.pending, fr.get("drawn", ()), CARD, float(MAX_DRAWN), base + C + PENDING_STEPS + 1)
