"""Faiths observations (docs/games/faiths.md, "View"), from the view (`fill`, the reference) or straight
from the state (`numerators`: the same entries, from the fields the view is made of)."""

from __future__ import annotations

from typing import Any

from ziggurat.engine import Json
from ziggurat.games.faiths.board import CAPACITY, N_TERRITORIES, RELIGIONS, TERRITORIES
from ziggurat.games.faiths.cards import CARDS, MAGNITUDES
from ziggurat.games.faiths.state import HAND_LIMIT, PHASES, REACT, FaithsState, Pending
from ziggurat.rl.plugin import Encoder, Memo, Writer, bit_digits, bits, index_of, multi_hot, one_hots

T = N_TERRITORIES
C = len(CARDS)
M = len(MAGNITUDES)
R = len(RELIGIONS)
TERR = index_of(TERRITORIES)
CARD = index_of([c.id for c in CARDS])
RELIGION = index_of(RELIGIONS)
MAX_X = 6  # Faith & Belief (5) with the homeland bonus
MAX_BARS = 3  # Reformation bars ceil(X / 2) turns
MAX_GROWTH = 5
HAND_SCALE = 3 * HAND_LIMIT
PHASE_HOTS, RELIGION_HOTS, CARD_HOTS = one_hots(len(PHASES)), one_hots(R), one_hots(C)
TERRITORY_HOTS = one_hots(T)  # [-1]: no territory
TERRITORY_DIGITS = bit_digits(T)
NO_CARDS = bytes(C)


def _copies(cards: bytes) -> bytes:
    """Copies per card, from the cards of a pile (the discard, the top of the deck)."""
    return bytes(map(cards.count, range(C)))


COPIES = Memo(_copies)
# Per seat, its religion one-hot (-1 until chosen: none), by the religions of the table.
RELIGION_ROWS: Memo[tuple[int, ...]] = Memo(
    lambda religions: b"".join(map(RELIGION_HOTS.__getitem__, religions))
)


class FaithsEncoder(Encoder):
    def build(self, options: Any) -> None:
        n = self.players
        # A variant's deck: a card with no copies still divides by 1 (it never shows up anyway).
        deck = options.deck_copies
        self.copies = [float(max(1, k)) for k in deck]
        self.deck_size = float(max(1, sum(deck)))
        self.max_rounds = options.max_rounds
        add = self.layout.add
        self.turn = self.seats("turn", "whose turn, one-hot")
        self.to_act = self.seats("to_act", "the seat asked now")
        self.options = add("options", 2, "homeland bonus on; Zealots & Fanatics copies / 4", (1, 4))
        self.religions = add("religions", n * R, f"per seat, its religion one-hot ({', '.join(RELIGIONS)})")
        self.round = add("round", 1, "round / max_rounds", self.max_rounds)
        self.phase = add("phase", len(PHASES), f"one-hot over {', '.join(PHASES)}")
        self.chits = add(
            "chits", T * n, f"PC per territory (territory-major, then seat) / {CAPACITY}", CAPACITY
        )
        self.territories = self.seats("territories", f"territories occupied / {T}", T)
        self.pcs = self.seats("pcs", f"PC on the board / {T * CAPACITY}", T * CAPACITY)
        self.hand_counts = self.seats("hand_counts", f"cards in hand / {HAND_SCALE}", HAND_SCALE)
        self.deck = add("deck", 1, "deck size / cards in the game", self.deck_size)
        self.discard = add("discard", C, "discarded copies per card / copies", self.copies)
        self.bars = self.seats("bars", f"Reformation turns left / {MAX_BARS}", MAX_BARS)
        self.flags = add("flags", 2, "this turn barred; homeland bonus spent this turn")
        self.growth = add(
            "growth",
            1 + T,
            f"PC left to place / {MAX_GROWTH}, then the Growth targets",
            [MAX_GROWTH] + [1] * T,
        )
        self.pending = add(
            "pending",
            C + M + 1 + n + 2 + 1 + 4 * T,
            f"the pair in play: event one-hot, magnitude one-hot, X / {MAX_X}, opponent one-hot, bonus, "
            f"home_due, units left / {MAX_X}, targets, from, into, removed",
            [1] * (C + M) + [MAX_X] + [1] * (n + 2) + [MAX_X] + [1] * (4 * T),
        )
        self.reaction = add(
            "reaction",
            2 * n + 1,
            "reaction window: by one-hot, asked one-hot, negations / 4",
            [1] * 2 * n + [4],
        )
        self.hand = add("hand", C, "your hand: copies per card / copies", self.copies)
        self.deck_top = add(
            "deck_top", C, "cards you saw on top of the deck (Mysticism), per card / copies", self.copies
        )
        self.known = add(
            "known",
            n * (1 + C),
            "per seat: you know cards in its hand; those cards / copies",
            [1, *self.copies] * n,
        )
        # The state path: a seat's PC on the board stay under `win` territories of CAPACITY (the game
        # ends when a seat reaches `win`), which must fit a byte; a variant's may not: then read views.
        self.reads_state = self.reads_state and options.territories_to_win * CAPACITY <= 255
        self.deck_total = int(self.deck_size)
        self.no_growth, self.no_pending, self.no_reaction = (
            bytes(1 + T),
            bytes(self.pending.size),
            bytes(2 * n + 1),
        )
        self.no_known = bytes(C + n * (1 + C))  # a spectator's `deck_top` and `known`
        self.unknown_hand = bytes(1 + C)
        self.seats_of = [slice(s, None, n) for s in range(n)]  # a seat's entries in `chits`

    def fill(self, v: Json, w: Writer) -> None:
        n = self.players
        w.one(self.turn, v["turn"])
        w.many(self.to_act, v["to_act"])
        opts = v["options"]
        w.scalars(self.options, [float(opts["homeland_bonus"]), opts["zealots_copies"] / 4], 1.0)
        for s, r in enumerate(v["religions"]):
            if r is not None:
                w.one(self.religions, s * R + RELIGION[r])
        w.scalar(self.round, v["round"], self.max_rounds)
        w.one(self.phase, PHASES.index(v["phase"]))
        for t, row in v["chits"].items():
            w.scalars(self.chits, row, CAPACITY, TERR[t] * n)
        w.scalars(self.territories, v["territories"], T)
        w.scalars(self.pcs, v["pcs"], T * CAPACITY)
        w.scalars(self.hand_counts, v["hand_counts"], HAND_SCALE)
        w.scalar(self.deck, v["deck"], self.deck_size)
        w.counts(self.discard, v["discard"], CARD, self.copies)
        w.scalars(self.bars, v["bars"], MAX_BARS)
        w.scalars(self.flags, [float(v["barred"]), float(v["bonus_used"])], 1.0)
        if v["growth"]:
            w.scalar(self.growth, v["growth"]["left"], MAX_GROWTH)
            w.many(self.growth, (1 + TERR[t] for t in v["growth"]["targets"]))
        if v["pending"]:
            self._pending(v["pending"], w)
        rx = v["reaction"]
        if rx:
            w.one(self.reaction, rx["by"])
            w.one(self.reaction, n + rx["asked"])
            w.scalar(self.reaction, rx["negations"], 4, 2 * n)
        w.counts(self.hand, v.get("hand", ()), CARD, self.copies)
        known = v.get("known")
        if known:
            w.counts(self.deck_top, known["deck_top"], CARD, self.copies)
            for s, cards in enumerate(known["hands"]):
                if cards is not None:
                    w.one(self.known, s * (1 + C))
                    w.counts(self.known, cards, CARD, self.copies, s * (1 + C) + 1)

    def _pending(self, p: Json, w: Writer) -> None:
        n = self.players
        seg = self.pending
        w.one(seg, CARD[p["event"]])
        w.one(seg, C + CARD[p["magnitude"]])
        base = C + M
        w.scalar(seg, p["x"], MAX_X, base)
        if p["opponent"] is not None:
            w.one(seg, base + 1 + p["opponent"])
        base += 1 + n
        w.scalars(seg, [float(p["bonus"]), float(p["home_due"])], 1.0, base)
        w.scalar(seg, p["left"], MAX_X, base + 2)
        base += 3
        w.many(seg, (base + TERR[t] for t in p["targets"]))
        if p["from"] is not None:
            w.one(seg, base + T + TERR[p["from"]])
        if p["into"] is not None:
            w.one(seg, base + 2 * T + TERR[p["into"]])
        w.many(seg, (base + 3 * T + TERR[t] for t in p["removed"]))

    # --- the state path: what view.py puts in the view, read where it reads it -------------------
    def numerators(self, st: FaithsState, seat: int | None, out: list[bytes]) -> None:
        hots = self.seat_hots
        chits = bytes(st.chits)  # (CAPACITY at most)
        held = [*map(sum, st.hand)]
        out += (
            hots[st.turn],
            hots[st.actor],  # to_act: the actor (-1 once over: nobody)
            bytes((1 if st.homeland_bonus else 0, st.zealots_copies)),
            RELIGION_ROWS[tuple(st.religion)],
            bytes((min(st.round, self.max_rounds),)),
            PHASE_HOTS[st.phase],
            chits,
            bytes(map(int.bit_count, st.occupied)),
            bytes([sum(chits[at]) for at in self.seats_of]),
            bytes(held) if max(held) < HAND_SCALE else bytes(min(k, HAND_SCALE) for k in held),
            bytes((min(len(st.deck), self.deck_total),)),
            COPIES[bytes(st.discard)],
            bytes(st.bars),  # (Reformation bars ceil(X / 2) turns, X at most MAX_X)
            bytes((1 if st.barred else 0, 1 if st.bonus_used else 0)),
            bytes((min(st.grow_left, MAX_GROWTH),)) + multi_hot(T, st.grow_targets)
            if st.grow_left
            else self.no_growth,
            self._pending_numerators(st.pending) if st.pending is not None else self.no_pending,
            hots[st.react_by] + hots[st.actor] + bytes((min(st.negations, 4),))
            if st.phase == REACT
            else self.no_reaction,
        )
        if seat is None:
            out += (NO_CARDS, self.no_known)
            return
        deck, k = st.deck, st.peek[seat]
        out += (bytes(st.hand[seat]), COPIES[bytes(deck[len(deck) - k :])] if k else NO_CARDS)
        n = self.players
        known = [self.unknown_hand] * n
        if st.known:
            for o in range(n):
                cards = st.known.get(seat * n + o)
                if cards is not None:
                    known[o] = b"\x01" + bytes(cards)
        out.append(b"".join(known))

    def _pending_numerators(self, p: Pending) -> bytes:
        return b"".join(
            (
                CARD_HOTS[p.event],
                CARD_HOTS[p.mag][:M],
                bytes((min(p.x, MAX_X),)),
                self.seat_hots[p.opp],  # -1: no opponent named
                bytes((1 if p.bonus else 0, 1 if p.home_due else 0, min(p.left, MAX_X))),
                multi_hot(T, p.targets),
                TERRITORY_HOTS[p.src],
                TERRITORY_HOTS[p.into],
                bits(p.removed, TERRITORY_DIGITS),
            )
        )
