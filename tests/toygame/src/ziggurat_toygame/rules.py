"""High Card. Cards 1 to 15; each seat is dealt `hand` of them in secret, the rest stay face down.
Seat 0 leads the first trick; in turn each seat plays a card; the highest card wins the trick and its
player leads the next. When the hands are empty, the most tricks win (ties share the win)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ziggurat.engine import IllegalAction, InputError, Json, Result, Rng, emit
from ziggurat.engine.text import Told, Wording

CARDS = 15
SETUP_KEYS = ("deck",)


@dataclass(frozen=True)
class HighCardOptions:
    """hand: cards dealt to each seat (and so the number of tricks)."""

    hand: int = field(default=3, metadata={"min": 1, "max": 3})


class HighCardState:
    __slots__ = ("cache", "deck", "events", "hands", "lead", "n", "result", "rng", "table", "tricks", "turn")

    n: int
    rng: Rng
    deck: list[int]  # face down, never used again: hidden
    hands: list[list[int]]  # secret, sorted
    table: list[int]  # the cards of the trick so far, from the leader on
    lead: int
    turn: int
    tricks: list[int]
    events: list[Json] | None
    cache: tuple[int, list[str]] | None
    result: Result | None

    def clone(self) -> HighCardState:
        c = HighCardState.__new__(HighCardState)
        c.n, c.rng, c.deck = self.n, self.rng.copy(), self.deck[:]
        c.hands = [h[:] for h in self.hands]
        c.table, c.lead, c.turn, c.tricks = self.table[:], self.lead, self.turn, self.tricks[:]
        c.events, c.cache, c.result = None, self.cache, self.result
        return c


# --- records: a new game, and the whole state as JSON ---------------------------------------------------


def new_state(
    players: int, options: HighCardOptions, seed: int, setup: Mapping[str, Any], events: list[Json] | None
) -> HighCardState:
    st = HighCardState()
    st.n, st.rng, st.events, st.cache, st.result = players, Rng(seed), events, None, None
    if "deck" in setup:  # stacked for a scenario: dealt from the front
        deck = list(setup["deck"])
        if sorted(deck) != list(range(1, CARDS + 1)):
            raise InputError("bad-setup", f"deck must hold each card from 1 to {CARDS} once.")
    else:
        deck = list(range(1, CARDS + 1))
        st.rng.shuffle(deck)
    st.hands = [sorted(deck[s * options.hand : (s + 1) * options.hand]) for s in range(players)]
    st.deck = deck[players * options.hand :]
    st.table, st.lead, st.turn, st.tricks = [], 0, 0, [0] * players
    for s in range(players):
        emit(st, {"type": "deal", "seat": s, "count": options.hand, "secret": {"cards": st.hands[s][:]}})
    return st


def state_to_json(st: HighCardState) -> Json:
    return {
        "rng": st.rng.to_json(),
        "deck": st.deck,
        "hands": st.hands,
        "table": st.table,
        "lead": st.lead,
        "turn": st.turn,
        "tricks": st.tricks,
        "result": st.result.to_json() if st.result else None,
    }


def state_from_json(data: Mapping[str, Any]) -> HighCardState:
    st = HighCardState()
    st.n, st.rng = data["players"], Rng.from_json(data["rng"])
    st.deck, st.hands, st.table = list(data["deck"]), [list(h) for h in data["hands"]], list(data["table"])
    st.lead, st.turn, st.tricks = data["lead"], data["turn"], list(data["tricks"])
    r = data["result"]
    st.result = Result(tuple(r["winners"]), tuple(r["ranks"]), tuple(r["scores"])) if r else None
    st.events, st.cache = None, None
    return st


# --- rules ---------------------------------------------------------------------------------------------


def to_act(st: HighCardState) -> tuple[int, ...]:
    return () if st.result is not None else (st.turn,)


def legal(st: HighCardState, seat: int) -> list[str]:
    return [f"play:{c}" for c in st.hands[seat]] if seat in to_act(st) else []


def refuse(st: HighCardState, seat: int, action: str) -> IllegalAction | None:
    if action.startswith("play:"):
        return IllegalAction("card-not-held", "You don't hold that card.")
    return None


def play(st: HighCardState, seat: int, action: str) -> None:
    card = int(action.partition(":")[2])
    st.hands[seat].remove(card)
    st.table.append(card)
    emit(st, {"type": "play", "seat": seat, "card": str(card)})
    if len(st.table) < st.n:
        st.turn = (seat + 1) % st.n
        return
    best = max(range(st.n), key=lambda i: st.table[i])
    winner = (st.lead + best) % st.n
    st.tricks[winner] += 1
    emit(st, {"type": "trick", "seat": winner, "card": str(st.table[best])})
    st.table, st.lead, st.turn = [], winner, winner
    if not st.hands[winner]:
        top = max(st.tricks)
        winners = tuple(s for s in range(st.n) if st.tricks[s] == top)
        ranks = tuple(1 + sum(1 for t in st.tricks if t > st.tricks[s]) for s in range(st.n))
        st.result = Result(winners, ranks, tuple(float(t) for t in st.tricks))
        emit(st, {"type": "end", "winners": list(winners)})


def determinize(state: HighCardState, seat: int, rng: random.Random) -> HighCardState:
    """The other hands and the deck redealt from the cards `seat` hasn't seen; a fresh generator."""
    st = state.clone()
    others = [s for s in range(st.n) if s != seat]
    pool = sorted(st.deck + [c for s in others for c in st.hands[s]])
    rng.shuffle(pool)
    for s in others:
        k = len(st.hands[s])
        st.hands[s], pool = sorted(pool[:k]), pool[k:]
    st.deck = pool
    st.rng = Rng(rng.getrandbits(60))
    st.cache = None  # (the legal actions were worked out for the hands before)
    return st


# --- views ----------------------------------------------------------------------------------------------


def view(st: HighCardState, seat: int | None) -> Json:
    out: Json = {
        "table": st.table,
        "lead": st.lead,
        "turn": st.turn,
        "tricks": st.tricks,
        "hand_counts": [len(h) for h in st.hands],
    }
    if seat is not None:
        out["hand"] = st.hands[seat]
    return out


# --- research adapters ------------------------------------------------------------------------------------


def action_space(players: int, options: HighCardOptions) -> list[str]:
    return [f"play:{c}" for c in range(1, CARDS + 1)]


def max_length(players: int, options: HighCardOptions) -> int:
    return players * options.hand


# --- words ----------------------------------------------------------------------------------------------


def _deal(e: Told) -> str:
    cards = e.get("secret", {}).get("cards")
    return f"{e.me} is dealt " + (", ".join(map(str, cards)) if cards else f"{e['count']} cards") + "."


WORDING: Mapping[str, Wording] = {
    "deal": _deal,
    "play": "{me} plays {card}.",
    "trick": "{me} wins the trick with {card}.",
    "end": lambda e: "The game is over.",
}


def board_text(st: HighCardState, seat: int | None, names: Sequence[str]) -> str:
    lines = [f"{names[s]}: {st.tricks[s]} tricks, {len(st.hands[s])} cards" for s in range(st.n)]
    lines.append("On the table: " + (" ".join(map(str, st.table)) or "nothing"))
    if seat is not None:
        lines.append("Your hand: " + " ".join(map(str, st.hands[seat])))
    return "\n".join(lines)


def describe_action(st: HighCardState, seat: int, action: str) -> str:
    return f"Play {action.partition(':')[2]}"
