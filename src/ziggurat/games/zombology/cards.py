"""The 94 Zombology cards (rulings page): canonical ids, kinds, suits, values, backs, and bit masks.

Every card is unique (ids carry a copy number), so a hand, a collection or the central area is one int
used as a bit set. Card numbers follow the resolution order: Overruns, Pay Rises, Army Perimeters, then
Therapy cards by value, suit and copy — so resolving the played cards is reading their bits upwards.
"""

from __future__ import annotations

from dataclasses import dataclass

from ziggurat.engine.bits import bits

SUITS = ("crystals", "magnets", "tea", "vegan", "homeopathy", "aromatherapy")
SUIT_NAMES = ("Healing Crystals", "Magnets", "A Nice Cup of Tea", "Vegan Diet", "Homeopathy", "Aromatherapy")
N_SUITS = len(SUITS)
SUIT_INDEX = {u: i for i, u in enumerate(SUITS)}

OVERRUN, PAYRISE, ARMY, THERAPY = range(4)
KIND_NAMES = ("Overrun", "Pay Rise", "Army Perimeter", "Therapy")
EPIDEMIC, APOCALYPSE = 0, 1
BACKS = ("epidemic", "apocalypse")

THERAPY_NAMES = (
    "",
    "Theoretical Framework",
    "Petri Dish Proof",
    "Works in Mice",
    "Works in Monkeys",
    "Human Trial",
    "Cured!",
)
COPIES = (0, 3, 3, 3, 2, 1, 1)  # copies per suit, by value
CURED = 6


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    kind: int
    suit: int  # -1 for the special cards
    value: int  # 0 for the special cards
    copy: int  # k of k/n: the order among identical cards
    of: int
    back: int


def _build() -> tuple[Card, ...]:
    cards = [Card(f"overrun-{k}", f"Overrun {k}/6", OVERRUN, -1, 0, k, 6, APOCALYPSE) for k in range(1, 7)]
    cards += [Card(f"payrise-{k}", f"Pay Rise {k}/6", PAYRISE, -1, 0, k, 6, APOCALYPSE) for k in range(1, 7)]
    cards += [Card(f"army-{k}", f"Army Perimeter {k}/4", ARMY, -1, 0, k, 4, APOCALYPSE) for k in range(1, 5)]
    for v in range(1, 7):
        for u, suit in enumerate(SUITS):
            for k in range(1, COPIES[v] + 1):
                back = EPIDEMIC if v <= 2 else APOCALYPSE
                name = f"{SUIT_NAMES[u]} {v}: {THERAPY_NAMES[v]} {k}/{COPIES[v]}"
                cards.append(Card(f"{suit}-{v}-{k}", name, THERAPY, u, v, k, COPIES[v], back))
    return tuple(cards)


CARDS = _build()
N_CARDS = len(CARDS)
CARD_INDEX: dict[str, int] = {c.id: i for i, c in enumerate(CARDS)}
KIND = tuple(c.kind for c in CARDS)
SUIT = tuple(c.suit for c in CARDS)
VALUE = tuple(c.value for c in CARDS)
BACK = tuple(c.back for c in CARDS)
ID = tuple(c.id for c in CARDS)


ALL_MASK = (1 << N_CARDS) - 1
KIND_MASK = tuple(sum(1 << i for i, c in enumerate(CARDS) if c.kind == k) for k in range(4))
THERAPY_MASK = KIND_MASK[THERAPY]
ARMY_MASK = KIND_MASK[ARMY]
SPECIAL_MASK = ALL_MASK & ~THERAPY_MASK
SUIT_MASK = tuple(sum(1 << i for i, c in enumerate(CARDS) if c.suit == u) for u in range(N_SUITS))
BACK_MASK = tuple(sum(1 << i for i, c in enumerate(CARDS) if c.back == b) for b in range(2))
CURED_MASK = sum(1 << i for i, c in enumerate(CARDS) if c.value == CURED)


def in_play_mask(suits: list[int] | tuple[int, ...]) -> int:
    """Every card of a game played with these suits: their Therapy cards and all the special cards."""
    m = SPECIAL_MASK
    for u in suits:
        m |= SUIT_MASK[u]
    return m


cards_of = bits  # the cards of a bit set, in card order


def ids(mask: int) -> list[str]:
    return [ID[c] for c in cards_of(mask)]


assert N_CARDS == 94 and THERAPY_MASK.bit_count() == 78
assert all((SUIT_MASK[u] & BACK_MASK[EPIDEMIC]).bit_count() == 6 for u in range(N_SUITS))
