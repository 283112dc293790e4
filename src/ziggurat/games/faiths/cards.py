"""The shared deck: 5 Magnitude cards (4 copies each) and 19 Event cards (1 copy each).

Card ids are the printed names in snake case ("&" dropped): `prayers_rituals`, `holy_war`,
`zealots_fanatics`. Cards are indexed Magnitudes first, so `c < N_MAGNITUDES` tests for one.
"""

from __future__ import annotations

from dataclasses import dataclass

# What a card does (an Event's verb from the card notation).
MAGNITUDE, ADD, REMOVE, REPLACE, MOVE, DRAW, HERESY, REFORMATION, MYSTICISM, NEGATE = range(10)
# Where an Event's X goes: ATYAO, AT, YT (none for the cards that do not touch the board).
NO_SCOPE, ATYAO, AT, YT = -1, 0, 1, 2


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    kind: int
    value: int = 0  # a Magnitude card's X
    scope: int = NO_SCOPE
    mxpcist: bool = False  # "& move X PC into the same territory"
    text: str = ""


CARDS: tuple[Card, ...] = (
    Card("prayers_rituals", "Prayers & Rituals", MAGNITUDE, 1, text="Magnitude 1"),
    Card("traditions", "Traditions", MAGNITUDE, 2, text="Magnitude 2"),
    Card("scriptures", "Scriptures", MAGNITUDE, 3, text="Magnitude 3"),
    Card("theology", "Theology", MAGNITUDE, 4, text="Magnitude 4"),
    Card("faith_belief", "Faith & Belief", MAGNITUDE, 5, text="Magnitude 5"),
    Card("conversion", "Conversion", REPLACE, scope=AT, text="Replace X PC in an AT"),
    Card("holy_war", "Holy War", REMOVE, scope=AT, mxpcist=True, text="Remove X PC in AT & MXPCIST"),
    Card("schism", "Schism", REMOVE, scope=YT, text="Remove X PC in YT"),
    Card("missionaries", "Missionaries", REPLACE, scope=YT, text="Replace X PC in YT"),
    Card("spread", "Spread", ADD, scope=AT, text="Add X PC to AT"),
    Card("multiply", "Multiply", ADD, scope=ATYAO, text="Add X PC to ATYAO"),
    Card("great_teacher", "Great Teacher", DRAW, text="Draw X cards"),
    Card("inquisition", "Inquisition", REMOVE, scope=ATYAO, text="Remove X PC in ATYAO"),
    Card("colonization", "Colonization", ADD, scope=YT, text="Add X PC to YT"),
    Card("migration", "Migration", MOVE, scope=AT, text="Move X PC to an AT"),
    Card("crusade", "Crusade", REMOVE, scope=YT, mxpcist=True, text="Remove X PC in YT & MXPCIST"),
    Card("jihad", "Jihad", REMOVE, scope=ATYAO, mxpcist=True, text="Remove X PC in ATYAO & MXPCIST"),
    Card("intermarriage", "Intermarriage", REPLACE, scope=ATYAO, text="Replace X PC in ATYAO"),
    Card("diaspora", "Diaspora", MOVE, scope=YT, text="Move X PC to YT"),
    Card("heresy", "Heresy", HERESY, text="Opponent must discard X cards"),
    Card("reformation", "Reformation", REFORMATION, text="Opponent may not play Event cards next X/2 turns"),
    Card("pilgrimage", "Pilgrimage", MOVE, scope=ATYAO, text="Move X PC to ATYAO"),
    Card("mysticism", "Mysticism", MYSTICISM, text="Look at opponent's hand & next 2X cards in Deck"),
    Card("zealots_fanatics", "Zealots & Fanatics", NEGATE, text="Negate a card just played"),
)
N_CARDS = len(CARDS)
CARD_INDEX: dict[str, int] = {c.id: i for i, c in enumerate(CARDS)}
KIND: tuple[int, ...] = tuple(c.kind for c in CARDS)
VALUE: tuple[int, ...] = tuple(c.value for c in CARDS)
SCOPE: tuple[int, ...] = tuple(c.scope for c in CARDS)
MXPCIST: tuple[bool, ...] = tuple(c.mxpcist for c in CARDS)

N_MAGNITUDES = 5
MAGNITUDES = range(N_MAGNITUDES)
ZEALOTS = CARD_INDEX["zealots_fanatics"]
PAIR_EVENTS = range(N_MAGNITUDES, ZEALOTS)  # every Event but Zealots & Fanatics (only ever a reaction)
COPIES_PER_MAGNITUDE = 4
BOARD_KINDS = frozenset({ADD, REMOVE, REPLACE, MOVE})
OPPONENT_KINDS = frozenset({HERESY, REFORMATION, MYSTICISM})
assert ZEALOTS == N_CARDS - 1 and all(KIND[c] == MAGNITUDE for c in MAGNITUDES)


PRINTED_COPIES: dict[str, int] = {
    c.id: COPIES_PER_MAGNITUDE if c.kind == MAGNITUDE else 1 for c in CARDS
}  # the printed deck, by card id: what the `cards` option changes
MOST_COPIES = 8  # a designer's deck may hold up to 8 copies of any card (twice the Magnitudes')


def deck_cards(zealots_copies: int = 1) -> list[int]:
    """Every card of the deck in card order (shuffle before use): 39 with the standard single Z&F."""
    out = [m for m in MAGNITUDES for _ in range(COPIES_PER_MAGNITUDE)]
    out.extend(PAIR_EVENTS)
    out.extend([ZEALOTS] * zealots_copies)
    return out


def deck_of(copies: tuple[int, ...]) -> list[int]:
    """Every card of a deck given as copies per card (in card order), in card order."""
    return [c for c in range(N_CARDS) for _ in range(copies[c])]


def card_name(cid: str) -> str:
    return CARDS[CARD_INDEX[cid]].name if cid in CARD_INDEX else cid


assert len(deck_cards()) == 39
assert deck_of(tuple(PRINTED_COPIES.values())) == deck_cards()
