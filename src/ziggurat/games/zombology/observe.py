"""Zombology observations (docs/games/zombology.md, "View"): a card is one of the deck's unique ids
(the printed 94; a designer's variant has the cards of its own deck, so its layout has their size)."""

from __future__ import annotations

from typing import Any

from ziggurat.engine import Json
from ziggurat.games.zombology.cards import BACK, BACKS, ID, SUIT_MASK, SUITS, VALUE, cards_of
from ziggurat.games.zombology.setup import PRINTED, deck_of
from ziggurat.games.zombology.state import ASKS, PHASES
from ziggurat.rl.layout import Writer
from ziggurat.rl.observe.base import Encoder, index_of

ROUNDS = 8
U = len(SUITS)
SUIT = index_of(list(SUITS))
ASK_KINDS = ("insight", *ASKS)
CHOSEN = (*BACKS, "none")
HAND_SCALE = 10


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
        self.to_act = self.seats("to_act", "seats asked now")
        self.round = add("round", ROUNDS, "round 1-8, one-hot")
        self.phase = add("phase", len(PHASES), f"one-hot over {', '.join(PHASES)}")
        self.suits = add("suits", U, f"suits in play ({', '.join(SUITS)})")
        self.gurus = add("gurus", U * (n + 1), "per suit, the Guru's owner one-hot, or last = the centre")
        self.collections = add("collections", n * K, "per seat, its collected cards")
        self.points = add("points", n * U, f"per seat and suit, points / {self.max_points}")
        self.centre = add("centre", K, "failed cards in the centre")
        self.fresh = add("fresh", n * K, "per seat, the cards it swapped into the centre this round")
        self.box = add("box", K, "discarded cards")
        self.decks = add("decks", 2, "Epidemic, Apocalypse deck sizes / cards of that back")
        self.hand_counts = add("hand_counts", n * 2, f"per seat, cards held per back / {HAND_SCALE}")
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
