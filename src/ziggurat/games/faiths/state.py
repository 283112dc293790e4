"""The Faiths state: flat lists of small ints and bitmasks of territories, so that `clone` is a
handful of list copies."""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from ziggurat.engine import Rng
from ziggurat.engine.state import State


class Phase(IntEnum):
    """Where play stands. Everything from OPPONENT to HERESY belongs to one announced pair (`pending`)."""

    CHOOSE = 0  # set-up: religions chosen in seat order
    GROWTH = 1  # placing the PC gained in Growth
    EVENTS = 2  # the Event phase, between pairs
    OPPONENT = 3  # naming the opponent of Heresy / Reformation / Mysticism
    BONUS = 4  # declaring the homeland bonus, or not
    REACT = 5  # asking players, one at a time, whether they negate
    EFFECT = 6  # one unit of an event (add / remove / replace / the `from` of a move)
    TO = 7  # the destination of a move
    INTO = 8  # "& MXPCIST": which territory the PC move into
    GATHER = 9  # "& MXPCIST": one PC at a time from anywhere into it
    HERESY = 10  # the opponent discarding
    END = 11  # the End phase: discarding down to 7
    OVER = 12


# The members by name, as the re module exports its flags: a module global is quicker to look up on
# the hot path than an attribute of an Enum class.
CHOOSE, GROWTH, EVENTS, OPPONENT, BONUS, REACT, EFFECT, TO, INTO, GATHER, HERESY, END, OVER = Phase
PHASES = tuple(p.name.lower() for p in Phase)  # as the JSON and the views name them
HAND_LIMIT = 7
FATE_DRAW = 3
OPENING_HAND = 3


class Pending:
    """An announced pair, from its announcement to the end of its effect."""

    __slots__ = ("bonus", "event", "home_due", "into", "left", "mag", "opp", "removed", "src", "targets", "x")

    event: int  # the Event card
    mag: int  # the Magnitude card
    x: int  # the Magnitude's value, +1 with the homeland bonus
    opp: int  # the named opponent, -1 if none
    bonus: bool
    home_due: bool  # with the bonus: the first unit of the effect must involve the homeland
    left: int  # units of X still to use (for "& MXPCIST", the moves still allowed)
    targets: tuple[int, ...]  # the territories the card may touch, fixed at announcement
    src: int  # a move's source, between `from:` and `to:`
    into: int  # "& MXPCIST" destination
    removed: int  # mask of territories where this event removed PC

    def copy(self) -> Pending:
        p = Pending.__new__(Pending)
        p.event, p.mag, p.x, p.opp, p.bonus = self.event, self.mag, self.x, self.opp, self.bonus
        p.home_due, p.left, p.targets = self.home_due, self.left, self.targets
        p.src, p.into, p.removed = self.src, self.into, self.removed
        return p


def new_pending(event: int, mag: int, x: int) -> Pending:
    p = Pending.__new__(Pending)
    p.event, p.mag, p.x, p.opp, p.bonus = event, mag, x, -1, False
    p.home_due, p.left, p.targets = False, 0, ()
    p.src, p.into, p.removed = -1, -1, 0
    return p


class FaithsState(
    State,
    lists=("religion", "home", "chits", "population", "occupied", "deck", "discard", "bars", "peek"),
    nested=("hand",),
    copied=("pending", "rng"),
    tables=("known",),
):
    __slots__ = (
        "actor",
        "barred",
        "bars",
        "bonus_used",
        "chits",
        "choose_religions",
        "deck",
        "discard",
        "grow_left",
        "grow_targets",
        "hand",
        "hand_limit",
        "home",
        "homeland_bonus",
        "known",
        "max_rounds",
        "negations",
        "occupied",
        "options",
        "peek",
        "pending",
        "phase",
        "population",
        "react_by",
        "react_off",
        "religion",
        "rng",
        "round",
        "turn",
        "win",
        "winner",
        "zealots_copies",
    )

    n: int  # players; seats 0..n-1 are the turn order
    homeland_bonus: bool
    max_rounds: int
    zealots_copies: int  # copies of Zealots & Fanatics in the deck (either option's)
    win: int  # territories that win at once (printed: 14)
    hand_limit: int  # cards kept after the End phase (printed: 7)
    options: Any  # the FaithsOptions it was set up with (frozen: shared by clones)
    choose_religions: bool
    religion: list[int]  # per seat, -1 until chosen
    home: list[int]  # per seat: its homeland territory, -1 until chosen
    round: int
    turn: int  # whose turn
    actor: int  # the one seat asked now (-1 when the game is over)
    phase: Phase
    barred: bool  # Reformation bars this turn's Event pairs
    bonus_used: bool  # the homeland bonus of this turn is spent
    chits: list[int]  # population chits: chits[territory * n + seat]
    population: list[int]  # per territory: the PC of every faith on it
    occupied: list[int]  # per seat: mask of territories it occupies
    hand: list[list[int]]  # per seat: count per card id
    deck: list[int]  # the top card is the last element
    discard: list[int]  # face up, in the order played
    bars: list[int]  # per seat: own turns still barred by Reformation
    grow_left: int
    grow_targets: tuple[int, ...]  # Growth's ATYAO + AT, fixed when Growth begins
    pending: Pending | None
    react_by: int  # whose card (the pair or the last negation) the reaction window is about
    react_off: int  # the asked seat is (react_by + react_off) % n
    negations: int  # Zealots & Fanatics played against the pending pair
    peek: list[int]  # per seat: how many top cards of the deck it has seen (Mysticism)
    known: dict[int, list[int]]  # seat * n + other: cards `seat` knows are in `other`'s hand
    rng: Rng
    winner: int  # the seat that reached `win` territories, -1 if none
