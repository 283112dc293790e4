"""The 94 Zombology cards (rulings page): canonical ids, kinds, suits, values, backs, and bit masks.

Every card is unique (ids carry a copy number), so a hand, a collection or the central area is one int
used as a bit set. Card numbers follow the resolution order: Overruns, Pay Rises, Army Perimeters, then
Therapy cards by value, suit and copy — so resolving the played cards is reading their bits upwards.

Designer variants (setup.ZombologyOptions) may add copies of a card, up to MOST of each: those extra
copies (`overrun-7`, `crystals-6-2`) are numbered after the 94 printed cards, so that the printed
game's bit sets stay as small and as ordered as they were. A game holding one resolves in `RANK`
order instead of card order (flow.advance), the only place where the order of play matters.
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
SPECIALS = ("overrun", "payrise", "army")  # the id of each special kind, in kind order
SPECIAL_COPIES = (6, 6, 4)
MOST = 9  # the most copies of one card a variant may have (ids stay one digit)


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    kind: int
    suit: int  # -1 for the special cards
    value: int  # 0 for the special cards
    copy: int  # k of k/n: the order among identical cards
    of: int  # n of k/n, as printed (k > n: a copy a variant adds)
    back: int
    key: str  # the id without its copy number: what a variant counts (`overrun`, `crystals-4`)


def _kinds() -> list[tuple[str, str, int, int, int, int, int]]:
    """(key, name, kind, suit, value, printed copies, back) of every card, in resolution order."""
    out = [(SPECIALS[k], KIND_NAMES[k], k, -1, 0, SPECIAL_COPIES[k], APOCALYPSE) for k in range(3)]
    for v in range(1, 7):
        for u, suit in enumerate(SUITS):
            back = EPIDEMIC if v <= 2 else APOCALYPSE
            out.append(
                (f"{suit}-{v}", f"{SUIT_NAMES[u]} {v}: {THERAPY_NAMES[v]}", THERAPY, u, v, COPIES[v], back)
            )
    return out


def _build() -> tuple[Card, ...]:
    """The printed cards, then the extra copies a variant may add (named without a printed k/n)."""
    printed: list[Card] = []
    extra: list[Card] = []
    for key, name, kind, u, v, n, back in _kinds():
        for k in range(1, MOST + 1):
            cid = f"{key}-{k}"
            label = f"{name} {k}/{n}" if k <= n else f"{name} {k}"
            (printed if k <= n else extra).append(Card(cid, label, kind, u, v, k, n, back, key))
    return tuple(printed + extra)


CARDS = _build()
N_CARDS = len(CARDS)
N_PRINTED = 94  # CARDS[:N_PRINTED] are the printed cards; the rest are copies only a variant adds
# The printed number of copies of each card, by key: the copy counts a variant changes.
PRINTED_COPIES_BY_ID: dict[str, int] = {key: n for key, _, _, _, _, n, _ in _kinds()}
# Each card's place in the resolution order (among the printed cards alone, their card order).
_ORDER = sorted(range(N_CARDS), key=lambda c: (CARDS[c].kind, CARDS[c].value, CARDS[c].suit, CARDS[c].copy))
RANK = tuple(sorted(range(N_CARDS), key=_ORDER.__getitem__))
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
PRINTED_MASK = (1 << N_PRINTED) - 1


def deck_mask(copies: dict[str, int]) -> int:
    """The cards of a deck with these copies of each card (by key): copies 1 to n of each."""
    return sum(1 << i for i, c in enumerate(CARDS) if c.copy <= copies[c.key])


def in_play_mask(suits: list[int] | tuple[int, ...], deck: int = PRINTED_MASK) -> int:
    """Every card of a game played with these suits: their Therapy cards and all the special cards
    (of the printed deck, or of the deck given)."""
    m = SPECIAL_MASK
    for u in suits:
        m |= SUIT_MASK[u]
    return m & deck


cards_of = bits  # the cards of a bit set, in card order


def first(mask: int) -> int:
    """The card of a set that resolves first (its lowest bit, unless it holds a variant's extra copy)."""
    if mask >> N_PRINTED:
        return min(cards_of(mask), key=RANK.__getitem__)
    return (mask & -mask).bit_length() - 1


def ids(mask: int) -> list[str]:
    return [ID[c] for c in cards_of(mask)]


assert N_CARDS == 94 + 3 * MOST - 16 + 6 * (6 * MOST - 13) and (THERAPY_MASK & PRINTED_MASK).bit_count() == 78
assert all(RANK[c] < RANK[c + 1] for c in range(N_PRINTED - 1))  # printed: card order is play order
assert deck_mask(PRINTED_COPIES_BY_ID) == PRINTED_MASK
assert all((SUIT_MASK[u] & BACK_MASK[EPIDEMIC] & PRINTED_MASK).bit_count() == 6 for u in range(N_SUITS))
