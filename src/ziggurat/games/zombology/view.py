"""What a seat may see (rulings, "Public and hidden").

Public: the variant of the rules if it is not the printed game, every collection, the central area,
the box, who owns which Guru, deck sizes, the round, which players have chosen (and the back of each
face-down card, as it lies on the table), how many cards of each back each hand holds, and the played
cards once all are revealed. Private: the cards in a hand, a chosen card until all are revealed, what a
player remembers of the hands it passed, deck order."""

from __future__ import annotations

from ziggurat.engine import Json
from ziggurat.games.zombology.cards import (
    APOCALYPSE,
    BACK,
    BACK_MASK,
    BACKS,
    EPIDEMIC,
    ID,
    N_SUITS,
    SUITS,
    ids,
)
from ziggurat.games.zombology.scoring import points
from ziggurat.games.zombology.state import (
    ASKS,
    CHOOSE,
    INSIGHT,
    NO_CARD,
    OVER,
    PHASES,
    RESOLVE,
    ROUNDS,
    ZombologyState,
)


def ask_json(st: ZombologyState) -> Json | None:
    """The decision the game waits for, other than the secret choice."""
    if st.phase == INSIGHT:
        return {"kind": "insight", "seat": st.insight // N_SUITS, "guru": SUITS[st.insight % N_SUITS]}
    if st.phase == RESOLVE and st.ask is not None:
        kind, seat, card, target = st.ask
        return {
            "kind": ASKS[kind],
            "seat": seat,
            "card": ID[card],
            "target": ID[target] if target >= 0 else None,
        }
    return None


def public_json(st: ZombologyState) -> Json:
    """What a spectator sees and the stored state holds alike; a designer's variant of the rules too
    ("variant": the options that differ from the printed game), only when there is one."""
    out: Json = {
        "round": st.round,
        "phase": PHASES[st.phase],
        "removed": [SUITS[u] for u in range(N_SUITS) if u not in st.suits],
        "gurus": {SUITS[u]: (st.guru[u] if st.guru[u] >= 0 else None) for u in st.suits},
        "collections": [ids(m) for m in st.collection],
        "centre": ids(st.centre),
        "box": ids(st.game_box),
        "pending": ids(st.pending),
    }
    if st.variant is not None:
        out["variant"] = {k: dict(v) if isinstance(v, dict) else v for k, v in st.variant.items()}
    return out


def view(st: ZombologyState, seat: int | None) -> Json:
    revealed = st.phase in (RESOLVE, OVER)
    out: Json = {
        **public_json(st),
        "max_rounds": ROUNDS,
        "suits": [SUITS[u] for u in st.suits],
        "points": [{SUITS[u]: points(m, u) for u in st.suits} for m in st.collection],
        "fresh": [ids(m & st.centre) for m in st.fresh],
        "decks": {BACKS[b]: len(st.deck[b]) for b in (EPIDEMIC, APOCALYPSE)},
        "hand_counts": [
            {BACKS[b]: (h & BACK_MASK[b]).bit_count() for b in (EPIDEMIC, APOCALYPSE)} for h in st.hand
        ],
        "chosen": [BACKS[BACK[c]] if c >= 0 else ("none" if c == NO_CARD else None) for c in st.chosen],
        "played": [ID[c] if revealed and c >= 0 else None for c in st.chosen],
        "ask": ask_json(st),
    }
    if seat is not None:
        c = st.chosen[seat]
        out["hand"] = ids(st.hand[seat])
        out["choice"] = ID[c] if c >= 0 and st.phase == CHOOSE else None
        out["remembered"] = [ids(m) for m in st.memory[seat]]
    return out
