"""Creating a game (with optional stacking for scenarios) and the complete state as JSON."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ziggurat.engine import InputError, Json, Rng
from ziggurat.engine.options import check_counts, copies, counts, parse, short
from ziggurat.engine.reading import bad_setup, mapping, named, seat_number
from ziggurat.games.zombology import flow
from ziggurat.games.zombology.actions import admit
from ziggurat.games.zombology.cards import (
    APOCALYPSE,
    BACK,
    BACK_MASK,
    BACKS,
    CARD_INDEX,
    EPIDEMIC,
    ID,
    KIND,
    MOST,
    N_SUITS,
    PRINTED_COPIES_BY_ID,
    PRINTED_MASK,
    SUIT,
    SUIT_INDEX,
    SUITS,
    THERAPY,
    VALUE,
    cards_of,
    deck_mask,
    ids,
    in_play_mask,
)
from ziggurat.games.zombology.scoring import final_result
from ziggurat.games.zombology.state import (
    ASKS,
    CENTRE,
    NO_CARD,
    NOT_CHOSEN,
    OUT,
    PHASES,
    ROUNDS,
    Phase,
    ZombologyState,
)
from ziggurat.games.zombology.view import public_json

SUITS_REMOVED = {3: 2, 4: 2, 5: 1, 6: 1, 7: 0, 8: 0}
EPIDEMIC_DEAL = 3
APOCALYPSE_DEAL = {3: 3, 4: 1, 5: 1, 6: 0, 7: 0, 8: 0}
_REMOVABLE = frozenset(range(N_SUITS))  # how many suits a variant may remove
_INT = {int}
SETUP_KEYS = ("removed", "decks", "hands", "collections", "centre", "gurus", "round")


def _removed(players: int) -> Any:
    """The field of the suits removed with this many players: printed by default."""
    return field(default=SUITS_REMOVED[players], metadata={"min": 0, "max": N_SUITS - 1, "variant": True})


@dataclass(frozen=True)
class ZombologyOptions:
    """Zombology's options are designer variants of the deck mix; every default is the printed game.

    The printed deck has 13 Therapy cards per suit in copies (1/3, 2/3, 3/3 of a value...) and 16
    special cards, and which suits are in play depends on the player count: those are what a designer
    can count differently. (The Epidemic/Apocalypse backs stay by value as the rulings split them, and
    the deal, the rounds and the scoring stay as printed.)

    removed_3p: suits removed (at random) before the deal with 3 players, 0 to 5; printed 2.
    removed_4p: the same with 4 players, 0 to 5; printed 2.
    removed_5p: the same with 5 players, 0 to 5; printed 1.
    removed_6p: the same with 6 players, 0 to 5; printed 1.
    removed_7p: the same with 7 players, 0 to 5; printed 0.
    removed_8p: the same with 8 players, 0 to 5; printed 0.
    cards.<id>: copies of a card, 0 to 9: `overrun` (printed 6), `payrise` (6), `army` (4), and each
        suit's Therapy values `<suit>-<value>` such as `crystals-4` (printed: values 1-3 three
        copies, 4 two, 5 and 6 one). Copies 1 to k keep their ids (`crystals-4-2`); copies beyond
        the printed ones are new cards (`crystals-4-3`, `overrun-7`), resolved in the printed order
        (kind, value, suit, copy). A value with 0 copies breaks that suit's ladder of prerequisites.
    """

    removed_3p: int = _removed(3)
    removed_4p: int = _removed(4)
    removed_5p: int = _removed(5)
    removed_6p: int = _removed(6)
    removed_7p: int = _removed(7)
    removed_8p: int = _removed(8)
    cards: dict[str, int] = counts(PRINTED_COPIES_BY_ID, MOST)

    def __post_init__(self) -> None:
        """The checks `parse` makes, for options built directly too; `cards` keeps only the changes.
        (Quick when all is well: the engine builds the printed options for every new game.)"""
        removed: tuple[int, ...] = (self.removed_3p, self.removed_4p, self.removed_5p, self.removed_6p)
        removed += (self.removed_7p, self.removed_8p)
        if not (_REMOVABLE.issuperset(removed) and set(map(type, removed)) == _INT):
            for n in SUITS_REMOVED:
                k = getattr(self, f"removed_{n}p")
                if type(k) is not int or not 0 <= k < N_SUITS:
                    raise ValueError(f"removed_{n}p must be from 0 to {N_SUITS - 1}, not {short(k)}")
        check_counts(self)

    def removed(self, players: int) -> int:
        """How many suits are removed before the deal with this many players."""
        return int(getattr(self, f"removed_{players}p"))


PRINTED = ZombologyOptions()


@lru_cache(maxsize=64)
def _deck(options: ZombologyOptions) -> int:
    return deck_mask(copies(options))


def deck_of(options: ZombologyOptions) -> int:
    """The cards of the whole deck (every suit) under these options: the printed 94 by default."""
    return PRINTED_MASK if not options.cards else _deck(options)


def variant_json(options: ZombologyOptions) -> Json:
    """The options that differ from the printed game (empty for the printed game)."""
    out: Json = {}
    for f in dataclasses.fields(options):
        value = getattr(options, f.name)
        if value != getattr(PRINTED, f.name):
            out[f.name] = dict(value) if isinstance(value, dict) else value
    return out


def _variant(data: Mapping[str, Any]) -> ZombologyOptions:
    """The options a stored state names under "variant" (the printed game without one)."""
    raw = data.get("variant")
    if raw is None:
        return PRINTED
    try:
        options: ZombologyOptions = parse(ZombologyOptions, raw, "Zombology")
    except InputError as e:
        raise bad_setup(f"variant: {e.message}") from None
    return options


def _suit(name: Any) -> int:
    return named(SUIT_INDEX, name, "suit", "suits")


def _blank(n: int, suits: tuple[int, ...], options: ZombologyOptions = PRINTED) -> ZombologyState:
    st = ZombologyState()
    st.n = n
    st.options = options
    st.variant = variant_json(options) if options != PRINTED else None
    st.suits = suits
    st.round = 1
    st.phase = Phase.CHOOSE
    st.hand = [0] * n
    st.collection = [0] * n
    st.centre = 0
    st.game_box = 0
    st.deck = [[], []]
    st.guru = [CENTRE if u in suits else OUT for u in range(N_SUITS)]
    st.best = [0] * N_SUITS
    st.chosen = [NOT_CHOSEN] * n
    st.pending = 0
    st.ask = None
    st.insight = -1
    st.fresh = [0] * n
    st.memory = [[0] * n for _ in range(n)]
    st.rng = Rng(0)
    st.events = None
    st.cache = None
    st.result = None
    return st


class _Pool:
    """The cards not placed yet: each card goes to one place only."""

    def __init__(self, mask: int) -> None:
        self.free = mask

    def take(self, name: Any) -> int:
        if name not in CARD_INDEX:
            raise bad_setup(f"Unknown card {name!r} (cards are named like crystals-1-2, overrun-3, army-4).")
        c = CARD_INDEX[name]
        if not self.free >> c & 1:
            raise bad_setup(
                f"{name} is not available: its suit is not in play, the deck has no such copy,"
                " or it is placed twice."
            )
        self.free ^= 1 << c
        return c

    def mask(self, names: Any, what: str) -> int:
        if not isinstance(names, list):
            raise bad_setup(f"{what} must be a list of cards.")
        m = 0
        for name in names:
            m |= 1 << self.take(name)
        return m


def _per_seat(value: Any, n: int, what: str) -> dict[int, Any]:
    if isinstance(value, list):
        if len(value) != n:
            raise bad_setup(f"{what} needs one entry per seat.")
        return dict(enumerate(value))
    if not isinstance(value, Mapping):
        raise bad_setup(f"{what} must map a seat to a value.")
    return {seat_number(k, n): v for k, v in value.items()}


def new_state(
    players: int, options: ZombologyOptions, seed: int, setup: Mapping[str, Any], events: list[Json] | None
) -> ZombologyState:
    n = players
    rng = Rng(seed)
    k = options.removed(n)
    if "removed" in setup:
        names = setup["removed"]
        if not isinstance(names, list) or len(set(names)) != k or len(names) != k:
            raise bad_setup(
                f"setup.removed must name {k} different suit{'s' if k != 1 else ''} with {n} players."
            )
        removed = {_suit(u) for u in names}
        suits = tuple(u for u in range(N_SUITS) if u not in removed)
    else:
        left = list(range(N_SUITS))
        for _ in range(k):
            left.pop(rng.below(len(left)))
        suits = tuple(left)
    st = _blank(n, suits, options)
    st.rng = rng
    st.events = events
    whole = deck_of(options)
    if whole != PRINTED_MASK:
        admit(whole)
    pool = _Pool(in_play_mask(suits, whole))

    for s, names in _per_seat(setup.get("collections") or {}, n, "setup.collections").items():
        st.collection[s] = pool.mask(names, "setup.collections")
    st.centre = pool.mask(setup.get("centre") or [], "setup.centre")
    stacked: set[int] = set()
    for s, names in _per_seat(setup.get("hands") or {}, n, "setup.hands").items():
        st.hand[s] = pool.mask(names, "setup.hands")
        stacked.add(s)
    gurus = mapping(setup, "gurus", "a suit to a seat (or null: the central area)")
    for name, seat in gurus.items():
        u = _suit(name)
        if u not in suits:
            raise bad_setup(f"The {name} Guru is not in play.")
        st.guru[u] = CENTRE if seat is None else seat_number(seat, n)
    rnd = setup.get("round", 1)
    if not isinstance(rnd, int) or not 1 <= rnd <= ROUNDS:
        raise bad_setup(f"setup.round must be 1 to {ROUNDS}.")
    st.round = rnd

    tops: list[list[int]] = [[], []]
    decks = mapping(setup, "decks", "epidemic/apocalypse to the cards on top, top first")
    for name, names in decks.items():
        if name not in BACKS or not isinstance(names, list):
            raise bad_setup(
                f"setup.decks: unknown deck {name!r} (decks: epidemic, apocalypse) or not a list."
            )
        b = BACKS.index(name)
        for cname in names:
            c = pool.take(cname)
            if BACK[c] != b:
                raise bad_setup(f"{cname} is not an {name} card.")
            tops[b].append(c)
    for b in (EPIDEMIC, APOCALYPSE):
        rest = cards_of(pool.free & BACK_MASK[b])
        rng.shuffle(rest)
        st.deck[b] = rest + tops[b][::-1]  # the last element is the top

    # The deal: one card at a time from the first seat, Epidemic cards first. Undealt Epidemic cards
    # stay out of play.
    for b, count in ((EPIDEMIC, EPIDEMIC_DEAL), (APOCALYPSE, APOCALYPSE_DEAL[n])):
        deck = st.deck[b]
        for _ in range(count):
            for s in range(n):
                if s not in stacked and deck:
                    st.hand[s] |= 1 << deck.pop()
    _derive(st)
    flow.start_round(st)
    return st


def _derive(st: ZombologyState) -> None:
    best = [0] * N_SUITS
    for m in st.collection:
        for c in cards_of(m):
            if KIND[c] == THERAPY and VALUE[c] > best[SUIT[c]]:
                best[SUIT[c]] = VALUE[c]
    st.best = best


# --- the complete state as JSON (secrets included: for storage, never for players) ---------------


def state_to_json(st: ZombologyState) -> Json:
    ask: Json | None = None
    if st.ask is not None:
        kind, seat, card, target = st.ask
        ask = {
            "kind": ASKS[kind],
            "seat": seat,
            "card": ID[card],
            "target": ID[target] if target >= 0 else None,
        }
    insight = None
    if st.phase == Phase.INSIGHT:
        insight = {"seat": st.insight // N_SUITS, "guru": SUITS[st.insight % N_SUITS]}
    decks = {BACKS[b]: [ID[c] for c in reversed(st.deck[b])] for b in (EPIDEMIC, APOCALYPSE)}  # top first
    return {
        **public_json(st),
        "hands": [ids(h) for h in st.hand],
        "decks": decks,
        "chosen": [_chosen_json(c) for c in st.chosen],
        "ask": ask,
        "insight": insight,
        "fresh": [ids(m) for m in st.fresh],
        "memory": [[ids(m) for m in row] for row in st.memory],
        "rng": st.rng.to_json(),
    }


def _chosen_json(c: int) -> str | None:
    if c == NOT_CHOSEN:
        return None
    return "none" if c == NO_CARD else ID[c]


def state_from_json(data: Mapping[str, Any]) -> ZombologyState:
    """A state from `state_to_json`, or a constructed position: everything but "players" is optional
    (absent decks hold every card placed nowhere else, in card order)."""
    n = int(data["players"])
    options = _variant(data)
    removed = {_suit(u) for u in data.get("removed", [])}
    suits = tuple(u for u in range(N_SUITS) if u not in removed)
    st = _blank(n, suits, options)
    whole = deck_of(options)
    if whole != PRINTED_MASK:
        admit(whole)
    in_play = in_play_mask(suits, whole)
    pool = _Pool(in_play)
    st.round = int(data.get("round", 1))
    st.phase = Phase(PHASES.index(data.get("phase", "choose")))
    for name, seat in (data.get("gurus") or {}).items():
        u = _suit(name)
        if u not in suits:
            raise bad_setup(f"The {name} Guru is not in play.")
        st.guru[u] = CENTRE if seat is None else seat_number(seat, n)
    for s, names in _per_seat(data.get("hands") or {}, n, "hands").items():
        st.hand[s] = pool.mask(names, "hands")
    for s, names in _per_seat(data.get("collections") or {}, n, "collections").items():
        st.collection[s] = pool.mask(names, "collections")
    for s, names in _per_seat(data.get("fresh") or {}, n, "fresh").items():
        st.fresh[s] = _Pool(in_play).mask(names, "fresh")  # a note on centre cards
    st.centre = pool.mask(data.get("centre") or [], "centre")
    st.game_box = pool.mask(data.get("box") or [], "box")
    st.pending = pool.mask(data.get("pending") or [], "pending")
    for s, c in _per_seat(data.get("chosen") or {}, n, "chosen").items():
        if c is None:
            st.chosen[s] = NOT_CHOSEN
        elif c == "none":
            st.chosen[s] = NO_CARD
        elif st.phase == Phase.CHOOSE:
            st.chosen[s] = pool.take(c)  # a hidden choice lies face down: it is nowhere else
        else:
            st.chosen[s] = CARD_INDEX[c]  # revealed: it is pending, or has resolved somewhere
    decks = data.get("decks")
    for b in (EPIDEMIC, APOCALYPSE):
        if decks is not None:
            names = decks.get(BACKS[b], [])
            st.deck[b] = [pool.take(c) for c in reversed(names)]
            if any(BACK[c] != b for c in st.deck[b]):
                raise bad_setup(f"the {BACKS[b]} deck holds a card of the other back.")
        else:
            st.deck[b] = cards_of(pool.free & BACK_MASK[b])[::-1]
            pool.free &= ~BACK_MASK[b]
    ask = data.get("ask")
    if ask is not None:
        target = ask.get("target")
        st.ask = (
            ASKS.index(ask["kind"]),
            seat_number(ask["seat"], n),
            CARD_INDEX[ask["card"]],
            CARD_INDEX[target] if target is not None else -1,
        )
    ins = data.get("insight")
    if ins is not None:
        st.insight = seat_number(ins["seat"], n) * N_SUITS + _suit(ins["guru"])
    memory = data.get("memory")
    if memory is not None:
        st.memory = [[_Pool(in_play).mask(m, "memory") for m in row] for row in memory]
        if len(st.memory) != n or any(len(row) != n for row in st.memory):
            raise bad_setup("memory needs one row of one entry per seat for each seat.")
    if "rng" in data:
        st.rng = Rng.from_json(data["rng"])
    if st.phase == Phase.CHOOSE:
        st.chosen = [
            NO_CARD if c == NOT_CHOSEN and not h else c for c, h in zip(st.chosen, st.hand, strict=True)
        ]
        if NOT_CHOSEN not in st.chosen:
            raise bad_setup("a state in the choose phase waits for somebody's choice.")
    if st.phase == Phase.RESOLVE and st.ask is None:
        raise bad_setup("a state in the resolve phase waits for a player's answer (ask).")
    if st.phase == Phase.INSIGHT and st.insight < 0:
        raise bad_setup("a state in the insight phase names whose swap it is (insight).")
    _derive(st)
    if st.phase == Phase.OVER:
        st.result = final_result(st.collection, st.suits)
    return st
