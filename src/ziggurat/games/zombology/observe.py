"""Zombology observations (docs/games/zombology.md, "View"): a card is one of the deck's unique ids
(the printed 94; a designer's variant has the cards of its own deck, so its layout has their size).
From the view (`fill`, the reference) or straight from the state (`numerators`: its card sets are bit
sets, and a run of card segments is one big bit set written out at once)."""

from __future__ import annotations

from typing import Any

from ziggurat.engine import Json
from ziggurat.engine.bits import bits as cards_in
from ziggurat.games.zombology.cards import BACK, BACK_MASK, BACKS, ID, SUIT_MASK, SUITS, VALUE, cards_of
from ziggurat.games.zombology.rules import to_act
from ziggurat.games.zombology.setup import PRINTED, deck_of
from ziggurat.games.zombology.state import (
    ASKS,
    CENTRE,
    CHOOSE,
    INSIGHT,
    NO_CARD,
    OVER,
    PHASES,
    RESOLVE,
    ZombologyState,
)
from ziggurat.rl.layout import Writer
from ziggurat.rl.observe.base import Encoder, index_of
from ziggurat.rl.observe.numerators import bit_digits, bits, multi_hot, one_hots

ROUNDS = 8
U = len(SUITS)
SUIT = index_of(list(SUITS))
ASK_KINDS = ("insight", *ASKS)
CHOSEN = (*BACKS, "none")
HAND_SCALE = 10
ROUND_HOTS, PHASE_HOTS = one_hots(ROUNDS), one_hots(len(PHASES))
EPIDEMIC_CARDS, APOCALYPSE_CARDS = BACK_MASK


class ZombologyEncoder(Encoder):
    def build(self, options: Any) -> None:
        n = self.players
        add = self.layout.add
        deck = deck_of(options if options is not None else PRINTED)
        cards = cards_of(deck)
        self.k = K = max(1, len(cards))  # (a segment is never empty, even for a deck of no card)
        self.card = index_of([ID[c] for c in cards])
        # Normalisations: every card of the richest suit collected; every card of a back in a deck.
        self.max_points = max(1, *(sum(VALUE[c] for c in cards_of(deck & m)) for m in SUIT_MASK))
        self.deck_size = {
            b: float(max(1, sum(1 for c in cards if BACK[c] == i))) for i, b in enumerate(BACKS)
        }
        # The state path: a card's entry is its bit in the printed deck (cards 0 to 93, in order); a
        # variant's deck has its cards renumbered first (`_squeeze`).
        self.position = [self.card.get(ID[c], -1) for c in range(max(cards, default=0) + 1)]
        self.squeezed = deck != (1 << len(cards)) - 1
        self.digits = [bit_digits(k * K) for k in range(n + 3)]  # for a run of k card segments
        self.seat_sets = bytes(n * K)  # nobody's cards: the spectator's `hand`, `choice`, `remembered`
        self.guru_hots = one_hots(n + 1)  # by owner; [n]: the centre; [n + 1]: not in play
        self.card_hots = one_hots(K)
        self.to_act = self.seats("to_act", "seats asked now")
        self.points_memo: dict[int, bytes] = {}
        self.round = add("round", ROUNDS, "round 1-8, one-hot")
        self.phase = add("phase", len(PHASES), f"one-hot over {', '.join(PHASES)}")
        self.suits = add("suits", U, f"suits in play ({', '.join(SUITS)})")
        self.gurus = add("gurus", U * (n + 1), "per suit, the Guru's owner one-hot, or last = the centre")
        self.collections = add("collections", n * K, "per seat, its collected cards")
        self.points = add("points", n * U, f"per seat and suit, points / {self.max_points}", self.max_points)
        self.centre = add("centre", K, "failed cards in the centre")
        self.fresh = add("fresh", n * K, "per seat, the cards it swapped into the centre this round")
        self.box = add("box", K, "discarded cards")
        self.decks = add(
            "decks",
            2,
            "Epidemic, Apocalypse deck sizes / cards of that back",
            [self.deck_size[b] for b in BACKS],
        )
        self.hand_counts = add(
            "hand_counts", n * 2, f"per seat, cards held per back / {HAND_SCALE}", HAND_SCALE
        )
        self.chosen = add(
            "chosen", n * 3, "per seat, its face-down card's back one-hot (epidemic, apocalypse, none)"
        )
        self.played = add("played", n * K, "per seat, its revealed card this round")
        self.pending = add("pending", K, "revealed cards not resolved yet")
        self.ask = add(
            "ask",
            len(ASK_KINDS) + n + U + 2 * K,
            f"the decision waited for: kind ({', '.join(ASK_KINDS)}), seat, guru, card, target (one-hots)",
        )
        self.hand = add("hand", K, "your hand")
        self.choice = add("choice", K, "your face-down card")
        self.remembered = add("remembered", n * K, "per seat, the cards you know are in its hand")
        self.no_ask, self.no_card = bytes(self.ask.size), bytes(K)

    def fill(self, v: Json, w: Writer) -> None:
        n = self.players
        K, CARD = self.k, self.card
        w.many(self.to_act, v["to_act"])
        w.one(self.round, min(v["round"], ROUNDS) - 1)
        w.one(self.phase, PHASES.index(v["phase"]))
        w.many(self.suits, (SUIT[u] for u in v["suits"]))
        for u, owner in v["gurus"].items():
            w.one(self.gurus, SUIT[u] * (n + 1) + (n if owner is None else owner))
        for s in range(n):
            w.many(self.collections, (s * K + CARD[c] for c in v["collections"][s]))
            for u, p in v["points"][s].items():
                w.scalar(self.points, p, self.max_points, s * U + SUIT[u])
            w.many(self.fresh, (s * K + CARD[c] for c in v["fresh"][s]))
            hc = v["hand_counts"][s]
            w.scalars(self.hand_counts, [hc[b] for b in BACKS], HAND_SCALE, 2 * s)
            chosen = v["chosen"][s]
            if chosen is not None:
                w.one(self.chosen, 3 * s + CHOSEN.index(chosen))
            played = v["played"][s]
            if played is not None:
                w.one(self.played, s * K + CARD[played])
        w.many(self.centre, (CARD[c] for c in v["centre"]))
        w.many(self.box, (CARD[c] for c in v["box"]))
        w.scalars(self.decks, [v["decks"][b] / self.deck_size[b] for b in BACKS], 1.0)
        w.many(self.pending, (CARD[c] for c in v["pending"]))
        ask = v["ask"]
        if ask is not None:
            base = len(ASK_KINDS)
            w.one(self.ask, ASK_KINDS.index(ask["kind"]))
            w.one(self.ask, base + ask["seat"])
            if "guru" in ask:
                w.one(self.ask, base + n + SUIT[ask["guru"]])
            if ask.get("card") is not None:
                w.one(self.ask, base + n + U + CARD[ask["card"]])
            if ask.get("target") is not None:
                w.one(self.ask, base + n + U + K + CARD[ask["target"]])
        w.many(self.hand, (CARD[c] for c in v.get("hand", ())))
        if v.get("choice") is not None:
            w.one(self.choice, CARD[v["choice"]])
        for s, cards in enumerate(v.get("remembered", ())):
            w.many(self.remembered, (s * K + CARD[c] for c in cards))

    # --- the state path: what view.py puts in the view, read where it reads it -------------------
    def numerators(self, st: ZombologyState, seat: int | None, out: list[bytes]) -> None:
        n, phase, chosen, centre = self.players, st.phase, st.chosen, st.centre
        run = self._run
        revealed = phase in (RESOLVE, OVER)
        suits = st.suits
        gurus = [self.guru_hots[n + 1]] * U
        for u in suits:
            g = st.guru[u]
            gurus[u] = self.guru_hots[g if g >= 0 else n if g == CENTRE else n + 1]
        hand_counts: list[int] = []
        for h in st.hand:
            hand_counts += (
                min((h & EPIDEMIC_CARDS).bit_count(), HAND_SCALE),
                min((h & APOCALYPSE_CARDS).bit_count(), HAND_SCALE),
            )
        chosen_backs = [b"\x00\x00\x00"] * n
        for s, c in enumerate(chosen):
            if c >= 0:
                chosen_backs[s] = b"\x01\x00\x00" if BACK[c] == 0 else b"\x00\x01\x00"
            elif c == NO_CARD:
                chosen_backs[s] = b"\x00\x00\x01"
        points = self.points_memo
        if len(points) > 1 << 16:  # (bounded: collections are few, but a process may play for days)
            points.clear()
        out += (
            multi_hot(n, to_act(st)),
            ROUND_HOTS[min(st.round, ROUNDS) - 1],
            PHASE_HOTS[phase],
            multi_hot(U, suits),
            b"".join(gurus),
            run(st.collection),
            b"".join([points.get(m) or self._points(m) for m in st.collection]),
            run([centre, *[m & centre for m in st.fresh], st.game_box]),
            bytes([min(len(d), int(self.deck_size[b])) for d, b in zip(st.deck, BACKS, strict=True)]),
            bytes(hand_counts),
            b"".join(chosen_backs),
            run([*[1 << c if revealed and c >= 0 else 0 for c in chosen], st.pending]),
            self._ask(st) if phase == INSIGHT or (phase == RESOLVE and st.ask is not None) else self.no_ask,
        )
        if seat is None:
            out += (self.no_card, self.no_card, self.seat_sets)
        else:
            c = chosen[seat]
            out.append(run([st.hand[seat], 1 << c if c >= 0 and phase == CHOOSE else 0, *st.memory[seat]]))

    def _run(self, masks: list[int]) -> bytes:
        """Card segments that follow each other, one bit set each, as one run of entries."""
        K, big = self.k, 0
        if self.squeezed:
            masks = [self._squeeze(m) for m in masks]
        for m in reversed(masks):
            big = big << K | m
        return bits(big, self.digits[len(masks)])

    def _squeeze(self, mask: int) -> int:
        """A printed-numbered card set renumbered as the variant's deck numbers its entries."""
        position = self.position
        return sum(1 << position[c] for c in cards_in(mask))

    def _points(self, collection: int) -> bytes:
        """A collection's points per suit (a suit out of play has no card in it), remembered."""
        row = bytes(sum(VALUE[c] for c in cards_of(collection & m)) for m in SUIT_MASK)
        self.points_memo[collection] = row
        return row

    def _ask(self, st: ZombologyState) -> bytes:
        n, K = self.players, self.k
        out = bytearray(len(ASK_KINDS) + n + U + 2 * K)
        base = len(ASK_KINDS)
        if st.phase == INSIGHT:
            out[0] = 1
            out[base + st.insight // U] = 1
            out[base + n + st.insight % U] = 1
        else:
            assert st.ask is not None
            kind, who, card, target = st.ask
            out[1 + kind] = 1
            out[base + who] = 1
            out[base + n + U + self.position[card]] = 1
            if target >= 0:
                out[base + n + U + K + self.position[target]] = 1
        return bytes(out)
