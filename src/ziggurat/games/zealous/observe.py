"""Zealous observations (docs/protocol.md, "Views"), from the view (`fill`, the reference) or straight
from the state (`numerators`: the same entries, from the fields the view is made of)."""

from __future__ import annotations

from typing import Any

from ziggurat.engine import Json
from ziggurat.games.zealous.board import TILES
from ziggurat.games.zealous.cards import CARDS, DECK_OF, DECKS
from ziggurat.games.zealous.rules import to_act
from ziggurat.games.zealous.state import FOLLOWERS_PER_PLAYER, MOVE, PHASES, ZealousState
from ziggurat.rl.plugin import BYTE_BITS, Encoder, Memo, Writer, bits16, index_of, one_hots

STEPS = ("card", "move", "place", "resolve", "setup", "rebirth", "proliferation", "over")
PENDING_FRAMES = 2  # the decision being made and the card it sits in (Vision, Salvation)
PENDING_STEPS = 4  # the longest card sequence (Pilgrimage) has four steps
MAX_DRAWN = 3
ROUND_SCALE = 20  # rounds seen before the encoding saturates (target games last ~5-10 rounds)
SCORE_SCALE = 200
HAND_SCALE = 10

T = len(TILES)
assert T == 16  # a tile mask is 16 bits (numerators.bits16)
C = len(CARDS)
TILE = index_of(TILES)
CARD = index_of([c.id for c in CARDS])
COPIES = [float(c.copies) for c in CARDS]
DECK_SIZE = {d: float(sum(c.copies for c in CARDS if DECKS[c.deck] == d)) for d in DECKS}
FRAME = C + PENDING_STEPS + 1 + C  # one frame of `pending`

# For the state path: each deck's cards are a run of card numbers (its hand counts are slice sums).
DECK_SLICES = tuple((DECK_OF.index(d), len(DECK_OF) - DECK_OF[::-1].index(d)) for d in range(len(DECKS)))
assert all(DECK_OF[a:b] == (d,) * (b - a) for d, (a, b) in enumerate(DECK_SLICES))
DECK_CARDS = tuple(range(a, b) for a, b in DECK_SLICES)
STEP_OF_PHASE = tuple(STEPS.index(p) for p in PHASES)  # the step of a phase when it is not "card"
CARD_STEP, RESOLVE_STEP = STEPS.index("card"), STEPS.index("resolve")
PHASE_HOTS, STEP_HOTS = one_hots(len(PHASES)), one_hots(len(STEPS))
PROPHET_HOTS = one_hots(T + 1)[: T + 1]  # by tile; [-1] (a dead prophet's tile) is [T]: "dead"
CARD_HOTS, FRAME_STEP_HOTS = one_hots(C), one_hots(PENDING_STEPS)
NO_CARDS, NO_FRAME = bytes(C), bytes(FRAME)
NO, YES = b"\x00", b"\x01"


def _hand_counts(hand: bytes) -> bytes:
    """A hand's cards per deck (over HAND_SCALE, clipped), from its count per card."""
    return bytes(min(sum(hand[a:b]), HAND_SCALE) for a, b in DECK_SLICES)


def _discards(deck: int) -> Memo[bytes]:
    """Discarded copies of each card of one deck (a run of card numbers), by its discard pile's cards."""
    cards = DECK_CARDS[deck]
    return Memo(lambda pile: bytes(map(pile.count, cards)))


def _sanctuaries(masks: tuple[int, ...]) -> bytes:
    return b"".join(map(bits16, masks))


HAND_COUNTS, SANCTUARIES = Memo(_hand_counts), Memo(_sanctuaries)
DISCARDS = tuple(_discards(d) for d in range(len(DECKS)))  # the segment is theirs end to end


class ZealousEncoder(Encoder):
    def build(self, options: Any) -> None:
        n = self.players
        add = self.layout.add
        target, max_rounds = options.end()
        self.target, self.max_rounds = target, max_rounds
        # The printed scales below bound every count of the printed game; a variant's may pass them
        # (more followers, more copies), and its target need not fit a byte: saturate, or read views.
        self.saturate = bool(options.variant)
        self.reads_state = self.reads_state and (target or 0) <= 255
        self.turn = self.seats("turn", "whose turn, one-hot")
        self.to_act = self.seats("to_act", "seats asked now")
        self.phase = add("phase", len(PHASES), f"one-hot over {', '.join(PHASES)}")
        self.step = add("step", len(STEPS), f"one-hot over {', '.join(STEPS)}")
        self.card_played = add("card_played", 1, "a card was played this turn")
        self.round = add(
            "round",
            2,
            f"round / {ROUND_SCALE}; round / max_rounds (advanced only)",
            (ROUND_SCALE, max_rounds or 1),
        )
        self.followers = add(
            "followers", T * n, "followers per tile (tile-major, then seat) / 20", FOLLOWERS_PER_PLAYER
        )
        self.prophets = add("prophets", n * (T + 1), "per seat: the prophet's tile one-hot, or last = dead")
        self.scores = self.seats("scores", f"score / {SCORE_SCALE}", SCORE_SCALE)
        self.progress = self.seats("progress", "score / target (beginner, intermediate)", target or 1)
        self.supply = self.seats("supply", "followers in supply / 20", FOLLOWERS_PER_PLAYER)
        self.hand_counts = add(
            "hand_counts", n * 3, f"per seat, cards held per deck / {HAND_SCALE}", HAND_SCALE
        )
        self.decks = add("decks", 3, "deck sizes / cards in that deck", [DECK_SIZE[d] for d in DECKS])
        self.discards = add("discards", C, "discarded copies per card / copies", COPIES)
        self.sanctuaries = add("sanctuaries", n * T, "per seat, its Sanctuary tiles")
        self.famine = add("famine", T, "tiles under Famine")
        frame_scale = [1.0] * (C + PENDING_STEPS) + [MAX_DRAWN] * (1 + C)
        self.pending = add(
            "pending",
            1 + PENDING_FRAMES * FRAME,
            "stack depth / 3; then the top two frames (top first): card one-hot, step one-hot, "
            "drawn count / 3, your drawn Miracles per card / 3",
            [3.0, *frame_scale * PENDING_FRAMES],
        )
        self.short = add(
            "short",
            n * (1 + T),
            "per seat owing proliferation: count / 20, tiles",
            [FOLLOWERS_PER_PLAYER, *[1.0] * T] * n,
        )
        self.hand = add("hand", C, "your hand: copies per card / copies", COPIES)
        self.no_progress = bytes(n)
        self.no_pending = bytes(1 + PENDING_FRAMES * FRAME)
        self.no_short = bytes(1 + T)

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
        for k, fr in enumerate(reversed(pending[-PENDING_FRAMES:])):
            base = 1 + k * FRAME
            w.one(self.pending, base + CARD[fr["card"]])
            w.one(self.pending, base + C + min(fr["step"], PENDING_STEPS - 1))
            w.scalar(self.pending, fr.get("drawn_count", 0), MAX_DRAWN, base + C + PENDING_STEPS)
            w.counts(self.pending, fr.get("drawn", ()), CARD, float(MAX_DRAWN), base + C + PENDING_STEPS + 1)

    # --- the state path: what view.py puts in the view, read where it reads it -------------------
    def numerators(self, st: ZealousState, seat: int | None, out: list[bytes]) -> None:
        hots = self.seat_hots
        turn, phase, rnd, hand, score = st.turn, st.phase, st.round, st.hand, st.score
        asked = to_act(st)
        if st.stack:
            step = RESOLVE_STEP
        elif phase == MOVE and not st.card_played and any(hand[turn]):
            step = CARD_STEP
        else:
            step = STEP_OF_PHASE[phase]
        target, max_rounds = self.target, self.max_rounds
        top = max(score)
        out += (
            hots[turn],
            hots[asked[0]] if asked else hots[-1],
            PHASE_HOTS[phase],
            STEP_HOTS[step],
            YES if st.card_played else NO,
            bytes((min(rnd, ROUND_SCALE), min(rnd, max_rounds) if max_rounds else 0)),
            bytes(st.followers),  # (the printed game's counts stay under their scales: see build)
            b"".join(map(PROPHET_HOTS.__getitem__, st.prophet)),
            bytes(score) if top < SCORE_SCALE else bytes([min(x, SCORE_SCALE) for x in score]),
            (bytes(score) if top < target else bytes([min(x, target) for x in score]))
            if target
            else self.no_progress,
            bytes(st.supply),
            b"".join(map(HAND_COUNTS.__getitem__, map(bytes, hand))),
            bytes(map(len, st.deck)),
            b"".join([counts[bytes(pile)] for counts, pile in zip(DISCARDS, st.discard, strict=True)]),
            SANCTUARIES[tuple(st.sanctuary)],
            BYTE_BITS[st.famine & 255] + BYTE_BITS[st.famine >> 8],  # (bits16, inlined: 16 tiles)
            self._pending_numerators(st, seat) if st.stack else self.no_pending,
            self._short_numerators(st) if st.short_supply else self.no_short * self.players,
            bytes(hand[seat]) if seat is not None else NO_CARDS,
        )

    def _pending_numerators(self, st: ZealousState, seat: int | None) -> bytes:
        stack = st.stack
        parts = [bytes((min(len(stack), 3),))]
        for fr in reversed(stack[-PENDING_FRAMES:]):
            drawn = fr.drawn
            parts += (
                CARD_HOTS[fr.card],
                FRAME_STEP_HOTS[min(fr.step, PENDING_STEPS - 1)],
                bytes((min(len(drawn), MAX_DRAWN) if drawn is not None else 0,)),
                bytes([min(drawn.count(c), MAX_DRAWN) for c in range(C)])
                if drawn is not None and seat == st.turn
                else NO_CARDS,
            )
        parts.append(NO_FRAME * (PENDING_FRAMES - min(len(stack), PENDING_FRAMES)))
        return b"".join(parts)

    def _short_numerators(self, st: ZealousState) -> bytes:
        per_seat = [self.no_short] * self.players
        for s, mask, count in st.short_supply:
            per_seat[s] = bytes((min(count, FOLLOWERS_PER_PLAYER),)) + bits16(mask)
        return b"".join(per_seat)
