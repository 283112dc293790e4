"""The Zenith state: a few integers and bitmasks per seat, so that `clone` is three list copies."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ziggurat.engine.state import State
from ziggurat.games.zenith.board import Board

if TYPE_CHECKING:
    from ziggurat.games.zenith.setup import ZenithOptions

COLOURS = ("green", "orange", "purple", "blue")  # seat order (rulings: players and pieces)
LETTERS = ("G", "O", "P", "B")
NO_SPACE, NO_PIECES = "no-space", "no-pieces"  # why a player was eliminated


def pieces_per_player(players: int) -> int:
    """The rulebook's count (a variant may give another: ZenithOptions.pieces)."""
    return 58 if players == 2 else 29


class ZenithState(State, lists=("own", "reach", "hand", "out")):
    __slots__ = (
        "alive",
        "board",
        "hand",
        "moves",
        "occupied",
        "open",
        "options",
        "out",
        "own",
        "pieces",
        "reach",
        "turn",
    )

    board: Board
    options: ZenithOptions  # the game's options, frozen (shared by clones); read only off the hot path
    n: int  # players; seats 0..n-1 are the turn order (clockwise)
    pieces: int  # each player's pieces at the start (58 or 29, or the variant's)
    turn: int  # whose turn; -1 once the game is over
    moves: int  # placements made so far in this game
    own: list[int]  # per seat: mask of spaces holding that seat's pieces
    occupied: int  # mask of occupied spaces
    open: int  # mask of empty spaces whose supporters are all occupied (every empty level-0 space)
    reach: list[int]  # per seat: mask of spaces resting on at least one of that seat's pieces
    hand: list[int]  # pieces in hand per seat
    alive: int  # mask of seats still in the game
    out: list[tuple[int, str, int]]  # eliminations in order: (seat, reason, moves made by then)

    def placeable(self, s: int) -> int:
        """Mask of the spaces where seat `s` may place now: empty level-0 spaces, and open upper spaces
        resting on one of its pieces; nothing without a piece in hand."""
        if not self.hand[s]:
            return 0
        return self.open & (self.board.ground | self.reach[s])
