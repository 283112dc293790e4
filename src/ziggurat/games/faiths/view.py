"""What a seat may see. Public: the board, religions, every discard, deck size, hand sizes, Reformation
bars and the pair being played. Private: the cards in a hand, the deck order, and what the seat's own
Mysticism showed it (the top of the deck and an opponent's hand, kept up to date as cards move)."""

from __future__ import annotations

from ziggurat.engine import Json
from ziggurat.games.faiths.board import HOMELAND, N_TERRITORIES, RELIGIONS, TERRITORIES
from ziggurat.games.faiths.cards import CARDS, N_CARDS
from ziggurat.games.faiths.outcome import pcs
from ziggurat.games.faiths.rules import legal, to_act
from ziggurat.games.faiths.setup import pending_to_json
from ziggurat.games.faiths.state import PHASES, REACT, FaithsState

PROMPTS = {
    "choose": "Choose your religion",
    "growth": "Place a PC gained in Growth (in or next to your territories)",
    "events": "Play a pair (a Magnitude card and an Event card), or end your Event phase",
    "opponent": "Name the opponent of this event",
    "bonus": "Use the homeland bonus (+1) on this event?",
    "react": "Negate this card with Zealots & Fanatics and a Magnitude card, or pass",
    "effect": "Choose where the event acts (one PC at a time), or done",
    "to": "Choose where this PC moves",
    "into": "Choose the territory to move your PC into",
    "gather": "Choose a PC of yours to move in, or done",
    "heresy": "Choose a card to discard",
    "end": "Discard down to 7 cards",
    "over": "",
}


def _hand(h: list[int]) -> list[str]:
    return [CARDS[c].id for c in range(N_CARDS) for _ in range(h[c])]


def view(st: FaithsState, seat: int | None) -> Json:
    n = st.n
    phase = PHASES[st.phase]
    out: Json = {
        "game": "faiths",
        "players": n,
        "options": {
            "homeland_bonus": st.homeland_bonus,
            "max_rounds": st.max_rounds,
            "zealots_copies": st.zealots_copies,
            "religions": "choose" if st.choose_religions else "random",
        },
        "religions": [RELIGIONS[r] if r >= 0 else None for r in st.religion],
        "homelands": [TERRITORIES[HOMELAND[r]] if r >= 0 else None for r in st.religion],
        "round": st.round,
        "max_rounds": st.max_rounds,
        "turn": st.turn,
        "phase": phase,
        "prompt": PROMPTS[phase],
        "to_act": list(to_act(st)),
        "chits": {TERRITORIES[t]: st.pc[t * n : t * n + n] for t in range(N_TERRITORIES)},
        "territories": [m.bit_count() for m in st.occ],
        "pcs": pcs(st),
        "hand_counts": [sum(h) for h in st.hand],
        "deck": len(st.deck),
        "discard": [CARDS[c].id for c in st.discard],
        "bars": st.bars[:],
        "barred": st.barred,
        "bonus_used": st.bonus_used,
        "growth": (
            {"left": st.grow_left, "targets": [TERRITORIES[t] for t in st.grow_targets]}
            if st.grow_left
            else None
        ),
        "pending": pending_to_json(st.pending) if st.pending is not None else None,
        "reaction": (
            {"by": st.react_by, "negations": st.negations, "asked": st.actor} if st.phase == REACT else None
        ),
        "result": st.result.to_json() if st.result is not None else None,
    }
    if seat is not None and 0 <= seat < n:
        out["seat"] = seat
        out["hand"] = _hand(st.hand[seat])
        out["legal"] = legal(st, seat)
        k = st.peek[seat]
        hands: list[list[str] | None] = [None] * n
        for o in range(n):
            kn = st.known.get(seat * n + o)
            if kn is not None:
                hands[o] = _hand(kn)
        out["known"] = {
            "deck_top": [CARDS[c].id for c in st.deck[len(st.deck) - k :][::-1]] if k else [],
            "hands": hands,
        }
    return out
