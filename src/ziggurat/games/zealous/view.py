"""What a seat may see. Public: board, scores, marks, supplies, discard piles, deck sizes, how many
cards of each deck every player holds. Private: the cards in a hand, the order of every deck, and
Miracles drawn by Vision or Salvation that have not been played yet."""

from __future__ import annotations

from typing import Any

from ziggurat.engine import Json
from ziggurat.games.zealous.board import N_TILES, TILES
from ziggurat.games.zealous.cards import CARDS, DECK_OF, DECKS, N_CARDS
from ziggurat.games.zealous.flow import mask_tiles
from ziggurat.games.zealous.state import PHASES, ZealousState

# What the current pending decision asks for, by (card, step): shown as the step's prompt.
PROMPTS: dict[str, tuple[str, ...]] = {
    "revelation": ("Choose a tile to place a follower on",),
    "multitude": ("Choose a tile where you have 2 or more followers",),
    "be_fruitful": ("Short of followers: choose a tile to add one to",),
    "pilgrimage": (
        "Choose a follower of yours to move",
        "Choose where it goes",
        "Choose a second follower to move, or done",
        "Choose where it goes",
    ),
    "sanctuary": ("Choose a tile to protect",),
    "vision": ("Choose the drawn Miracle to play now", "…"),
    "stone": ("Choose an opponent's follower to remove",),
    "samson": (
        "Choose where to sacrifice a follower",
        "Choose a follower to remove",
        "Choose a second follower to remove, or done",
    ),
    "reckoning": ("Choose where to sacrifice a follower", "Choose a follower on a connected tile to remove"),
    "banishment": ("Choose an opponent's follower to move", "Choose where it goes"),
    "conversion": ("Choose an opponent's follower to convert",),
    "upheaval": ("Choose the first follower to swap", "Choose the second follower to swap"),
    "flood": ("Choose a connected tile to flood",),
    "famine": ("Choose a tile that won't proliferate this round",),
    "exodus": ("Choose where your prophet moves (your followers come along)",),
    "salvation": ("Choose the next drawn Miracle to play",),
    "redemption": ("Short of followers: choose a follower to convert",),
}


def step_name(st: ZealousState) -> str:
    """card → move → place, named for the UI: 'card' while a step-1 card may still be played."""
    ph = PHASES[st.phase]
    if st.stack:
        return "resolve"
    if ph == "move" and not st.card_played and any(st.hand[st.turn]):
        return "card"
    return ph


def public_json(st: ZealousState) -> Json:
    """What a spectator sees and the stored state holds alike (a variant's rules only when it has one)."""
    n = st.n
    out: Json = {
        "length": st.length,
        "round": st.round,
        "turn": st.turn,
        "phase": PHASES[st.phase],
        "card_played": st.card_played,
        "followers": {TILES[t]: st.followers[t * n : t * n + n] for t in range(N_TILES)},
        "prophets": [TILES[p] if p >= 0 else None for p in st.prophet],
        "scores": st.score[:],
        "discards": {DECKS[d]: [CARDS[c].id for c in st.discard[d]] for d in range(3)},
        "sanctuaries": [mask_tiles(m) for m in st.sanctuary],
        "famine": mask_tiles(st.famine),
    }
    variant = st.options.variant
    if variant:
        out["variant"] = variant
    return out


def view(st: ZealousState, seat: int | None) -> Json:
    pending: list[Json] = []
    for fr in st.stack:
        cid = CARDS[fr.card].id
        prompts = PROMPTS.get(cid, ())
        p: dict[str, Any] = {
            "card": cid,
            "step": fr.step,
            "prompt": prompts[fr.step] if fr.step < len(prompts) else "",
        }
        if fr.drawn is not None:
            p["drawn_count"] = len(fr.drawn)
            if seat == st.turn:
                p["drawn"] = [CARDS[c].id for c in fr.drawn]
        pending.append(p)
    out: Json = {
        **public_json(st),
        "target": st.target,
        "max_rounds": st.max_rounds,
        "step": step_name(st),
        "supply": st.supply[:],
        "hand_counts": [
            {DECKS[d]: sum(h[c] for c in range(N_CARDS) if DECK_OF[c] == d) for d in range(3)}
            for h in st.hand
        ],
        "decks": {DECKS[d]: len(st.deck[d]) for d in range(3)},
        "pending": pending,
        "short": [{"seat": s, "tiles": mask_tiles(m), "count": k} for s, m, k in st.short_supply],
    }
    if seat is not None:
        h = st.hand[seat]
        out["hand"] = [CARDS[c].id for c in range(N_CARDS) for _ in range(h[c])]
    return out
