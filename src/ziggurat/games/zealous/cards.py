"""The 52 Zealous cards: ids, decks, copies, timing and printed text (rulings page)."""

from __future__ import annotations

from dataclasses import dataclass

MIRACLE, JUDGMENT, DIVINE = 0, 1, 2
DECKS = ("miracle", "judgment", "divine")
DECK_NAMES = ("Miracle", "Judgment", "Divine Intervention")

# When a card may be played. Miracles and Judgments: step 1, before the move.
BEFORE_MOVE, AS_MOVE, AFTER_MOVE = 0, 1, 2


@dataclass(frozen=True)
class CardInfo:
    id: str
    name: str
    deck: int
    copies: int
    timing: int
    text: str


_CARDS = (
    CardInfo(
        "revelation",
        "Revelation",
        MIRACLE,
        4,
        BEFORE_MOVE,
        "Place 1 follower (all normal placing rules, from where your prophet stands now).",
    ),
    CardInfo(
        "multitude",
        "Multitude",
        MIRACLE,
        3,
        BEFORE_MOVE,
        "Add 1 follower to a tile where you already have at least 2 followers.",
    ),
    CardInfo(
        "be_fruitful",
        "Be Fruitful",
        MIRACLE,
        2,
        BEFORE_MOVE,
        "Add 1 follower to every tile where you have at least 1 follower.",
    ),
    CardInfo(
        "pilgrimage",
        "Pilgrimage",
        MIRACLE,
        3,
        BEFORE_MOVE,
        "Move 1 or 2 different followers of yours, each to a tile connected to the tile it stands on.",
    ),
    CardInfo(
        "sanctuary",
        "Sanctuary",
        MIRACLE,
        3,
        BEFORE_MOVE,
        "Choose a tile where you have a follower. Until the start of your next turn, your followers "
        "on it (including ones that arrive later) are protected from opponents' cards.",
    ),
    CardInfo(
        "vision",
        "Vision",
        MIRACLE,
        3,
        BEFORE_MOVE,
        "Draw 2 Miracles. Play one of them now if it can be played; the other goes to your hand. "
        "If neither can be played, both go to your hand.",
    ),
    CardInfo(
        "stone",
        "Stone",
        JUDGMENT,
        4,
        BEFORE_MOVE,
        "Remove 1 opponent's follower from a tile connected to your prophet's tile "
        "(not your prophet's own tile).",
    ),
    CardInfo(
        "samson",
        "Samson",
        JUDGMENT,
        2,
        BEFORE_MOVE,
        "Sacrifice 1 of your followers on a tile that also holds another religion's follower; "
        "remove up to 2 opponents' followers from that tile.",
    ),
    CardInfo(
        "reckoning",
        "Reckoning",
        JUDGMENT,
        2,
        BEFORE_MOVE,
        "Sacrifice 1 of your followers on any tile; remove 1 opponent's follower from a tile "
        "connected to that tile.",
    ),
    CardInfo(
        "banishment",
        "Banishment",
        JUDGMENT,
        3,
        BEFORE_MOVE,
        "Move 1 opponent's follower from any tile to a tile connected to the tile it was on.",
    ),
    CardInfo(
        "conversion",
        "Conversion",
        JUDGMENT,
        3,
        BEFORE_MOVE,
        "On any tile where you have more followers than one opponent has, replace one of that "
        "opponent's followers with one of yours from your supply.",
    ),
    CardInfo(
        "upheaval", "Upheaval", JUDGMENT, 2, BEFORE_MOVE, "Swap the places of any two followers on the board."
    ),
    CardInfo(
        "flood",
        "Flood",
        JUDGMENT,
        2,
        BEFORE_MOVE,
        "Every follower on one tile connected to your prophet's tile returns to its owner's supply, "
        "yours included.",
    ),
    CardInfo(
        "famine",
        "Famine",
        JUDGMENT,
        2,
        BEFORE_MOVE,
        "Choose any tile: it does not proliferate at the end of this round.",
    ),
    CardInfo(
        "exodus",
        "Exodus",
        DIVINE,
        3,
        AS_MOVE,
        "As your move: move your prophet one tile, as an ordinary move; every follower of yours on "
        "the tile it leaves comes along.",
    ),
    CardInfo(
        "salvation",
        "Salvation",
        DIVINE,
        3,
        BEFORE_MOVE,
        "Before you move: draw 3 Miracles. Play each that can be played, in the order you choose; "
        "discard the rest.",
    ),
    CardInfo(
        "redemption",
        "Redemption",
        DIVINE,
        2,
        AFTER_MOVE,
        "After you move: replace every opponent's follower on your prophet's tile with one of yours, "
        "as far as your supply allows.",
    ),
    CardInfo(
        "exile",
        "Exile",
        DIVINE,
        3,
        AFTER_MOVE,
        "After you move: every opponent's follower on your prophet's tile returns to its owner's supply.",
    ),
    CardInfo(
        "consecration",
        "Consecration",
        DIVINE,
        3,
        AFTER_MOVE,
        "After you move: add 2 followers to your prophet's tile.",
    ),
)

CARDS: tuple[CardInfo, ...] = _CARDS
N_CARDS = len(CARDS)
CARD_INDEX: dict[str, int] = {c.id: i for i, c in enumerate(CARDS)}
DECK_OF: tuple[int, ...] = tuple(c.deck for c in CARDS)
TIMING: tuple[int, ...] = tuple(c.timing for c in CARDS)

(
    REVELATION,
    MULTITUDE,
    BE_FRUITFUL,
    PILGRIMAGE,
    SANCTUARY,
    VISION,
    STONE,
    SAMSON,
    RECKONING,
    BANISHMENT,
    CONVERSION,
    UPHEAVAL,
    FLOOD,
    FAMINE,
    EXODUS,
    SALVATION,
    REDEMPTION,
    EXILE,
    CONSECRATION,
) = range(N_CARDS)


PRINTED = {c.id: c.copies for c in CARDS}  # copies per card id, as printed


def deck_cards(deck: int, copies: dict[str, int] = PRINTED) -> list[int]:
    """Every copy of every card of one deck, in card order (shuffle before use); `copies` per card
    id (a variant's)."""
    return [i for i, c in enumerate(CARDS) if c.deck == deck for _ in range(copies[c.id])]


assert [len(deck_cards(d)) for d in range(3)] == [18, 20, 14]
