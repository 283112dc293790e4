"""The Zealous state: flat lists of small ints, so that `clone` is a handful of list copies."""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from ziggurat.engine import Rng
from ziggurat.engine.state import State


class Phase(IntEnum):
    """Where play stands; the cards being resolved (`stack`) sit on top of it."""

    SETUP = 0  # each player in turn places a prophet on a Birth Site
    REBIRTH = 1  # a dead prophet stands again on a free Birth Site, first thing in its turn
    MOVE = 2  # step 1 of a turn: a card, then move or stay
    PLACE = 3  # step 2: place a follower, or play an after-move card
    PROLIFERATION = 4  # the end of a round: players short of supply choose their tiles
    OVER = 5


# The members by name, as the re module exports its flags: a module global is quicker to look up on
# the hot path than an attribute of an Enum class.
SETUP, REBIRTH, MOVE, PLACE, PROLIFERATION, OVER = Phase
PHASES = tuple(p.name.lower() for p in Phase)  # as the JSON and the views name them

FOLLOWERS_PER_PLAYER = 20
LENGTHS = {"beginner": (50, None), "intermediate": (75, None), "advanced": (None, 10)}


class Frame:
    """A card being resolved: the decision it waits for and what it has chosen so far. Each card's
    effect (effects/) says which fields it uses and numbers its steps."""

    __slots__ = ("card", "drawn", "eligible", "left", "moved_to", "owner", "step", "tile")

    card: int
    step: int  # which of the card's decisions comes next
    tile: int  # the tile chosen first: a follower's, a sacrifice's or a move's source; -1 before
    owner: int  # the owner of the follower chosen first (Banishment, Upheaval); -1 before
    moved_to: int  # Pilgrimage: where the first moved follower stands (it can't move again); -1 before
    left: int  # short of supply (Be Fruitful, Redemption): followers still to add or convert
    eligible: int  # Be Fruitful short of supply: mask of the tiles still to choose from
    drawn: list[int] | None  # Vision, Salvation: the drawn Miracles not played yet (secret)

    def __init__(self, card: int) -> None:
        self.card, self.step, self.tile, self.owner, self.moved_to = card, 0, -1, -1, -1
        self.left, self.eligible, self.drawn = 0, 0, None

    def copy(self) -> Frame:
        c = Frame.__new__(Frame)
        c.card, c.step, c.tile, c.owner, c.moved_to = (
            self.card,
            self.step,
            self.tile,
            self.owner,
            self.moved_to,
        )
        c.left, c.eligible = self.left, self.eligible
        c.drawn = self.drawn[:] if self.drawn is not None else None
        return c


class ZealousState(
    State,
    lists=("followers", "prophet", "score", "supply", "sanctuary"),
    nested=("hand", "deck", "discard", "short_supply"),
    records=("stack",),
    copied=("rng",),
):
    __slots__ = (
        "card_played",
        "deck",
        "discard",
        "famine",
        "first",
        "followers",
        "hand",
        "holy",
        "length",
        "max_rounds",
        "options",
        "phase",
        "prophet",
        "rng",
        "round",
        "sanctuary",
        "score",
        "short_supply",
        "stack",
        "supply",
        "target",
        "turn",
    )

    n: int  # players; seats 0..n-1 are the turn order
    length: str
    target: int | None  # points that end the game (beginner 50, intermediate 75)
    max_rounds: int | None  # advanced: 10
    options: Any  # the ZealousOptions it was set up with (frozen: shared by clones)
    holy: int  # points per follower in the Holy City at a tally (printed: 2)
    round: int
    first: int  # the seat that opens this round (printed: always 0)
    turn: int  # whose turn (during set-up: who chooses a Birth Site)
    phase: Phase
    card_played: bool  # the one card of this turn is spent
    followers: list[int]  # followers[tile * n + seat]
    prophet: list[int]  # tile per seat, -1 when off the board (dead)
    score: list[int]
    supply: list[int]
    hand: list[list[int]]  # per seat: count per card id
    deck: list[list[int]]  # per deck kind; the top card is the last element
    discard: list[list[int]]  # per deck kind, face up, in the order played
    sanctuary: list[int]  # per seat: bitmask of tiles under that seat's Sanctuary
    famine: int  # bitmask of tiles that will not proliferate this round
    stack: list[Frame]  # the cards being resolved, the one deciding now last
    short_supply: list[list[int]]  # proliferation choices owed: [seat, tile mask, followers left to add]
    rng: Rng
