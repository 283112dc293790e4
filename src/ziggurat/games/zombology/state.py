"""The Zombology state: bit sets and small ints, so that `clone` is a handful of list copies."""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from ziggurat.engine import Rng
from ziggurat.engine.state import State


class Phase(IntEnum):
    """The steps of a round."""

    INSIGHT = 0  # Guru's Insight: each Guru's owner may swap a Therapy card with a failed one
    CHOOSE = 1  # every player chooses a card in secret
    RESOLVE = 2  # the chosen cards are revealed and resolve; some ask their player something
    OVER = 3


# The members by name, as the re module exports its flags: a module global is quicker to look up on
# the hot path than an attribute of an Enum class.
INSIGHT, CHOOSE, RESOLVE, OVER = Phase
PHASES = tuple(p.name.lower() for p in Phase)  # as the JSON and the views name them

# What a player is asked while the played cards resolve (`ask[0]`).
ASK_TARGET, ASK_GURU, ASK_COUNTER = range(3)
ASKS = ("target", "guru", "counter")

ROUNDS = 8
NOT_CHOSEN, NO_CARD = -1, -2  # chosen[seat] before the choice; or when the hand is empty
CENTRE, OUT = -1, -2  # guru[suit]: in the central area; not in play (suit removed)


class ZombologyState(
    State,
    lists=("hand", "collection", "guru", "best", "chosen", "fresh"),
    nested=("deck", "memory"),
    copied=("rng",),
):
    __slots__ = (
        "ask",
        "best",
        "centre",
        "chosen",
        "collection",
        "deck",
        "fresh",
        "game_box",
        "guru",
        "hand",
        "insight",
        "memory",
        "options",
        "pending",
        "phase",
        "rng",
        "round",
        "suits",
        "variant",
    )

    n: int  # players; seat s passes to s + 1 ("left")
    options: Any  # the ZombologyOptions played with (frozen: shared by clones); only the set-up reads it
    variant: dict[str, Any] | None  # its fields that differ from the printed game, as JSON; None: printed
    suits: tuple[int, ...]  # suits in play
    round: int  # 1..8
    phase: Phase
    hand: list[int]  # per seat: bit set of cards
    collection: list[int]  # per seat: bit set of the collection (Therapy cards and Army Perimeters)
    centre: int  # failed Therapy cards, face up
    game_box: int  # discarded cards: "returned to the game box"
    deck: list[list[int]]  # Epidemic, Apocalypse; the top card is the last element
    guru: list[int]  # per suit (all six): owner seat, CENTRE or OUT
    best: list[int]  # per suit: the highest value in any collection (prerequisites; derived)
    chosen: list[int]  # per seat: this round's card, NOT_CHOSEN or NO_CARD
    pending: int  # revealed played cards not resolved yet
    ask: tuple[int, int, int, int] | None  # (ASK_*, seat, card being resolved, targeted card or -1)
    insight: int  # Guru's Insight: seat * 6 + suit of the swap being asked
    fresh: list[int]  # per seat: cards it swapped into the centre this round (others may not take them)
    memory: list[list[int]]  # memory[o][t]: cards o knows are in t's hand (or t's hidden choice)
    rng: Rng
