"""What every card's effect shares: the `Effect` hooks, the table of effects by card, playing and
finishing a card, and the small lists of choices the decks build their options from.

"Opponent's follower" always means one that its owner's Sanctuary does not protect (flow.targets).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from ziggurat.engine import emit
from ziggurat.games.zealous import flow
from ziggurat.games.zealous.actions import A_FOLLOWER, A_TILE
from ziggurat.games.zealous.board import BIRTH, KIND, TILES
from ziggurat.games.zealous.state import Frame, ZealousState


class Effect:
    """Default: a card that needs one tile (or follower) choice after it is played."""

    def playable(self, st: ZealousState, s: int) -> bool:
        raise NotImplementedError

    def begin(self, st: ZealousState, s: int, fr: Frame) -> None:
        """Called right after the frame is pushed; resolve at once or leave it waiting."""

    def options(self, st: ZealousState, s: int, fr: Frame) -> list[str]:
        raise NotImplementedError

    def choose(self, st: ZealousState, s: int, fr: Frame, verb: int, x: int, y: int) -> None:
        raise NotImplementedError

    def child_done(self, st: ZealousState, s: int, fr: Frame) -> None:
        finish(st, s)


EFFECTS: dict[int, Effect] = {}  # by card index, filled as the deck modules are imported
E = TypeVar("E", bound=Effect)


def effect_of(card: int) -> Callable[[type[E]], type[E]]:
    """Class decorator: the effect of `card` (an index from cards.py)."""

    def register(cls: type[E]) -> type[E]:
        assert card not in EFFECTS, f"card {card} has two effects"
        EFFECTS[card] = cls()
        return cls

    return register


def play_card(st: ZealousState, s: int, c: int) -> None:
    """Start resolving card `c` (already out of the hand) for seat `s`."""
    fr = Frame(c)
    st.stack.append(fr)
    EFFECTS[c].begin(st, s, fr)


def finish(st: ZealousState, s: int) -> None:
    fr = st.stack.pop()
    flow.discard_card(st, fr.card)
    if st.stack:
        parent = st.stack[-1]
        EFFECTS[parent.card].child_done(st, s, parent)


def tile_options(ts: Iterable[int]) -> list[str]:
    return [A_TILE[t] for t in ts]


def follower_options(st: ZealousState, s: int, tiles: Iterable[int]) -> list[str]:
    """The opponents' followers on `tiles` that a card of `s` may touch."""
    out = []
    for t in tiles:
        row = A_FOLLOWER[t]
        for o in flow.targets(st, s, t):
            out.append(row[o])
    return out


def no_birth(st: ZealousState, t: int) -> bool:
    """Followers may end on tile t (never a Birth Site with 3-4 players)."""
    return st.n >= 5 or KIND[t] != BIRTH


def distinct_playable(st: ZealousState, s: int, cards: list[int]) -> list[int]:
    """The drawn Miracles (Vision, Salvation) that can be played now, each once."""
    out: list[int] = []
    for c in cards:
        if c not in out and EFFECTS[c].playable(st, s):
            out.append(c)
    return out


def remove_one(st: ZealousState, s: int, owner: int, t: int, card: str) -> None:
    """Seat `s`'s `card` removes one of `owner`'s followers from tile `t`."""
    flow.remove(st, owner, t)
    emit(st, {"type": "remove", "seat": s, "owner": owner, "tile": TILES[t], "count": 1, "card": card})


def remove_all(st: ZealousState, owners: Iterable[int], t: int) -> dict[int, int]:
    """Every follower of `owners` on tile `t` goes back to its supply; how many of each."""
    gone = {}
    for o in owners:
        k = st.followers[t * st.n + o]
        flow.remove(st, o, t, k)
        gone[o] = k
    return gone
