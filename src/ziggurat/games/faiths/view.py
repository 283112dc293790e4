"""What a seat may see. Public: the board, religions, every discard, deck size, hand sizes, Reformation
bars and the pair being played. Private: the cards in a hand, the deck order, and what the seat's own
Mysticism showed it (the top of the deck and an opponent's hand, kept up to date as cards move)."""

from __future__ import annotations

from ziggurat.engine import Json
from ziggurat.games.faiths.board import HOMELAND, N_TERRITORIES, RELIGIONS, TERRITORIES
from ziggurat.games.faiths.cards import CARDS, N_CARDS
from ziggurat.games.faiths.outcome import pcs
from ziggurat.games.faiths.state import END, HAND_LIMIT, PHASES, REACT, FaithsState, Pending

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


def pending_to_json(p: Pending) -> Json:
    return {
        "event": CARDS[p.event].id,
        "magnitude": CARDS[p.mag].id,
        "x": p.x,
        "opponent": p.opp if p.opp >= 0 else None,
        "bonus": p.bonus,
        "home_due": p.home_due,
        "left": p.left,
        "targets": [TERRITORIES[t] for t in p.targets],
        "from": TERRITORIES[p.src] if p.src >= 0 else None,
        "into": TERRITORIES[p.into] if p.into >= 0 else None,
        "removed": [TERRITORIES[t] for t in range(N_TERRITORIES) if p.removed >> t & 1],
    }


def public_json(st: FaithsState) -> Json:
    """What a spectator sees and the stored state holds alike. A designer's variant (the knobs that
    differ from the printed rules) is there only when there is one: the printed game's JSON is as it
    always was."""
    n = st.n
    out = {
        "options": {
            "homeland_bonus": st.homeland_bonus,
            "max_rounds": st.max_rounds,
            "zealots_copies": st.zealots_copies,
            "religions": "choose" if st.choose_religions else "random",
        },
        "religions": [RELIGIONS[r] if r >= 0 else None for r in st.religion],
        "round": st.round,
        "turn": st.turn,
        "phase": PHASES[st.phase],
        "barred": st.barred,
        "bonus_used": st.bonus_used,
        "chits": {TERRITORIES[t]: st.chits[t * n : t * n + n] for t in range(N_TERRITORIES)},
        "discard": [CARDS[c].id for c in st.discard],
        "bars": st.bars[:],
        "pending": pending_to_json(st.pending) if st.pending is not None else None,
    }
    variant = st.options.variant
    if variant:
        out["variant"] = {k: dict(v) if isinstance(v, dict) else v for k, v in variant.items()}
    return out


def prompt(st: FaithsState) -> str:
    if st.phase == END and st.hand_limit != HAND_LIMIT:
        return f"Discard down to {st.hand_limit} cards"
    return PROMPTS[PHASES[st.phase]]


def view(st: FaithsState, seat: int | None) -> Json:
    n = st.n
    out: Json = {
        **public_json(st),
        "homelands": [TERRITORIES[HOMELAND[r]] if r >= 0 else None for r in st.religion],
        "max_rounds": st.max_rounds,
        "prompt": prompt(st),
        "territories": [m.bit_count() for m in st.occupied],
        "pcs": pcs(st),
        "hand_counts": [sum(h) for h in st.hand],
        "deck": len(st.deck),
        "growth": (
            {"left": st.grow_left, "targets": [TERRITORIES[t] for t in st.grow_targets]}
            if st.grow_left
            else None
        ),
        "reaction": (
            {"by": st.react_by, "negations": st.negations, "asked": st.actor} if st.phase == REACT else None
        ),
    }
    if seat is not None:
        out["hand"] = _hand(st.hand[seat])
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
