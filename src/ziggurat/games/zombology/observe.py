"""Zombology observations (docs/games/zombology.md, "View"): a card is one of the deck's unique ids
(the printed 94; a designer's variant has the cards of its own deck, so its layout has their size).
From the view (`fill`, the reference) or straight from the state (`numerators`: its card sets are bit
sets, each written out once and then looked up)."""

from __future__ import annotations

from functools import partial
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
    NOT_CHOSEN,
    OVER,
    PHASES,
    RESOLVE,
    ZombologyState,
)
from ziggurat.rl.plugin import Encoder, Memo, Writer, bit_digits, bits, index_of, multi_hot, one_hots

ROUNDS = 8
U = len(SUITS)
SUIT = index_of(list(SUITS))
ASK_KINDS = ("insight", *ASKS)
CHOSEN = (*BACKS, "none")
HAND_SCALE = 10
ROUND_HOTS, PHASE_HOTS = one_hots(ROUNDS), one_hots(len(PHASES))
EPIDEMIC_CARDS, APOCALYPSE_CARDS = BACK_MASK
# `chosen`, per seat: the back of its face-down card, "none" for an empty hand, nothing before it chose.
CHOSEN_BACKS = {c: b"\x01\x00\x00" if BACK[c] == 0 else b"\x00\x01\x00" for c in range(len(BACK))}
CHOSEN_BACKS |= {NOT_CHOSEN: b"\x00\x00\x00", NO_CARD: b"\x00\x00\x01"}


def _hand_counts(hand: int) -> bytes:
    return bytes(
        (
            min((hand & EPIDEMIC_CARDS).bit_count(), HAND_SCALE),
            min((hand & APOCALYPSE_CARDS).bit_count(), HAND_SCALE),
        )
    )


def _points(collection: int) -> bytes:
    """A collection's points per suit (a suit out of play has no card in it)."""
    return bytes(sum(VALUE[c] for c in cards_of(collection & m)) for m in SUIT_MASK)


HAND_COUNTS, POINTS = Memo(_hand_counts), Memo(_points)


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
        self.digits = bit_digits(K)
        # A bit set of cards as a card segment (the printed deck's bits are its entries: no renumbering).
        self.card_set = Memo(self._card_set if self.squeezed else partial(bits, spec=self.digits))
        self.seats_set: Memo[tuple[int, ...]] = Memo(partial(multi_hot, n))
        self.suits_set: Memo[tuple[int, ...]] = Memo(partial(multi_hot, U))
        self.gurus_hots = Memo(self._gurus)
        self.seat_sets = bytes(n * K)  # nobody's cards: the spectator's `remembered`
        self.to_act = self.seats("to_act", "seats asked now")
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
        phase, chosen, centre = st.phase, st.chosen, st.centre
        card_set = self.card_set
        sets = card_set.__getitem__
        revealed = phase in (RESOLVE, OVER)
        out += (
            self.seats_set[to_act(st)],
            ROUND_HOTS[min(st.round, ROUNDS) - 1],
            PHASE_HOTS[phase],
            self.suits_set[st.suits],
            self.gurus_hots[(*st.guru, *st.suits)],
            *map(sets, st.collection),
            *map(POINTS.__getitem__, st.collection),
            card_set[centre],
            *[card_set[m & centre] for m in st.fresh],
            card_set[st.game_box],
            bytes(map(len, st.deck)),  # (never more than the deck's cards of that back)
            *map(HAND_COUNTS.__getitem__, st.hand),
            *map(CHOSEN_BACKS.__getitem__, chosen),
            *[card_set[1 << c if revealed and c >= 0 else 0] for c in chosen],
            card_set[st.pending],
            self._ask(st) if phase == INSIGHT or (phase == RESOLVE and st.ask is not None) else self.no_ask,
        )
        if seat is None:
            out += (self.no_card, self.no_card, self.seat_sets)
        else:
            c = chosen[seat]
            out += (card_set[st.hand[seat]], card_set[1 << c if c >= 0 and phase == CHOOSE else 0])
            out += map(sets, st.memory[seat])

    def _card_set(self, cards: int) -> bytes:
        """A bit set of cards as a card segment (a variant's deck renumbers them first)."""
        if self.squeezed:
            position = self.position
            cards = sum(1 << position[c] for c in cards_in(cards))
        return bits(cards, self.digits)

    def _gurus(self, key: tuple[int, ...]) -> bytes:
        """Per suit, the Guru's owner one-hot (the last entry: the centre); nothing for a suit out of
        play. `key` is the state's `guru` (per suit) followed by its suits in play."""
        n = self.players
        row = [bytes(n + 1)] * U
        for u in key[U:]:
            g = key[u]
            row[u] = self.seat_hots[g] + b"\x00" if g >= 0 else bytes(n) + b"\x01" if g == CENTRE else row[u]
        return b"".join(row)

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
