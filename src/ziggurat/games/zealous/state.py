"""The Zealous state: flat lists of small ints, so that `clone` is a handful of list copies."""

from __future__ import annotations

from typing import Any

from ziggurat.engine import Json, Rng

# Phases of play (card frames on `stack` sit on top of them).
SETUP, REBIRTH, MOVE, PLACE, PROLIFERATION, OVER = range(6)
PHASES = ("setup", "rebirth", "move", "place", "proliferation", "over")

FOLLOWERS_PER_PLAYER = 20
LENGTHS = {"beginner": (50, None), "intermediate": (75, None), "advanced": (None, 10)}


class ZealousState:
    __slots__ = (
        "cache",
        "card_played",
        "deck",
        "discard",
        "events",
        "famine",
        "followers",
        "hand",
        "length",
        "max_rounds",
        "n",
        "phase",
        "prophet",
        "result",
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
    round: int
    turn: int  # whose turn (during set-up: who chooses a Birth Site)
    phase: int
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
    stack: list[list[Any]]  # pending card decisions: [card, step, a, b]
    short_supply: list[list[int]]  # proliferation choices owed: [seat, tile mask, followers left to add]
    rng: Rng
    events: list[Json] | None
    cache: tuple[int, list[str]] | None  # (seat, legal actions) for the current decision
    result: Any

    def clone(self) -> ZealousState:
        c = ZealousState.__new__(ZealousState)
        c.n = self.n
        c.length = self.length
        c.target = self.target
        c.max_rounds = self.max_rounds
        c.round = self.round
        c.turn = self.turn
        c.phase = self.phase
        c.card_played = self.card_played
        c.followers = self.followers[:]
        c.prophet = self.prophet[:]
        c.score = self.score[:]
        c.supply = self.supply[:]
        c.hand = [h[:] for h in self.hand]
        c.deck = [d[:] for d in self.deck]
        c.discard = [d[:] for d in self.discard]
        c.sanctuary = self.sanctuary[:]
        c.famine = self.famine
        c.stack = [fr[:] for fr in self.stack]
        for fr in c.stack:  # frames may hold a list of drawn cards
            if isinstance(fr[2], list):
                fr[2] = fr[2][:]
        c.short_supply = [s[:] for s in self.short_supply]
        c.rng = self.rng.copy()
        c.events = None
        c.cache = self.cache
        c.result = self.result
        return c
