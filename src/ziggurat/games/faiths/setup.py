"""Creating a game (with optional stacking for scenarios) and the complete state as JSON."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Any

from ziggurat.engine import InputError, Json, Rng
from ziggurat.engine.options import check_choices, check_counts, counts, parse, short
from ziggurat.engine.reading import bad_setup, mapping, named, seat_number
from ziggurat.games.faiths.board import (
    CAPACITY,
    INDEX,
    N_TERRITORIES,
    RELIGION_INDEX,
    RELIGIONS,
    TERRITORIES,
    WIN,
)
from ziggurat.games.faiths.cards import (
    CARD_INDEX,
    CARDS,
    MOST_COPIES,
    N_CARDS,
    PRINTED_COPIES,
    ZEALOTS,
    deck_of,
)
from ziggurat.games.faiths.outcome import final_result
from ziggurat.games.faiths.religions import seat_religion, start_game
from ziggurat.games.faiths.state import CHOOSE, HAND_LIMIT, OVER, PHASES, FaithsState, Phase, new_pending
from ziggurat.games.faiths.view import public_json

RELIGION_MODES = ("random", "choose")
MAX_ROUNDS = 100  # a long game lasts about 30; a bound keeps every state (and message) small
SETUP_KEYS = ("religions", "chits", "hands", "deck", "discard", "turn", "phase")
MOST_HAND_LIMIT = 100
ZEALOTS_ID = CARDS[ZEALOTS].id


def _flag(v: Any) -> Any:
    """Options from the command line may arrive as text."""
    if isinstance(v, str):
        low = v.strip().lower()
        if low in ("true", "false"):
            return low == "true"
        if low.lstrip("-").isdigit() and len(low) <= 9:  # longer is out of every range anyway
            return int(low)
    return v


@dataclass(frozen=True)
class FaithsOptions:
    """homeland_bonus: one Event per turn involving your homeland gets Magnitude +1 (optional rule).
    max_rounds: the game ends after this many rounds, 1 to 100 (most territories, then most PC).
    zealots_copies: copies of Zealots & Fanatics in the deck, 1 to 4 (2+: a negation can be negated).
    religions: "random" (dealt to seats at random) or "choose" (chosen in seat order).

    Variants, for designers (the defaults are the printed rules):
    territories_to_win: a religion wins the moment it occupies this many territories, 2 to 26
      (printed: 14 of the 26, "over 50%").
    hand_limit: the most cards a player keeps after discarding in their own End phase, 0 to 100
      (printed: 7).
    cards: copies of each card by id, 0 to 8 (`cards.theology=6`; printed: 4 of each Magnitude card,
      1 of each Event card). cards.zealots_fanatics is the same count as zealots_copies: give one of
      them (only cards.zealots_fanatics takes 0, or more than 4)."""

    homeland_bonus: bool = False
    max_rounds: int = field(default=30, metadata={"min": 1, "max": MAX_ROUNDS})
    zealots_copies: int = field(default=1, metadata={"min": 1, "max": 4})
    religions: str = field(default="random", metadata={"choices": RELIGION_MODES})
    territories_to_win: int = field(default=WIN, metadata={"min": 2, "max": N_TERRITORIES, "variant": True})
    hand_limit: int = field(default=HAND_LIMIT, metadata={"min": 0, "max": MOST_HAND_LIMIT, "variant": True})
    cards: dict[str, int] = counts(PRINTED_COPIES, MOST_COPIES)

    def __post_init__(self) -> None:
        for name in ("homeland_bonus", "max_rounds", "zealots_copies", "territories_to_win", "hand_limit"):
            object.__setattr__(self, name, _flag(getattr(self, name)))
        if not isinstance(self.homeland_bonus, bool):
            raise ValueError(f"homeland_bonus must be true or false, not {self.homeland_bonus!r}")
        mr = self.max_rounds
        if isinstance(mr, bool) or not isinstance(mr, int) or not 1 <= mr <= MAX_ROUNDS:
            raise ValueError(
                f"max_rounds must be a whole number of rounds from 1 to {MAX_ROUNDS}, not {short(mr)}"
            )
        zc = self.zealots_copies
        if isinstance(zc, bool) or not isinstance(zc, int) or not 1 <= zc <= 4:
            raise ValueError(f"zealots_copies must be 1 to 4, not {short(zc)}")
        _whole(self, "territories_to_win", 2, N_TERRITORIES, "territories")
        _whole(self, "hand_limit", 0, MOST_HAND_LIMIT, "cards")
        given = self.cards.get(ZEALOTS_ID) if isinstance(self.cards, Mapping) else None
        if given is not None and zc != 1 and given != zc:
            raise ValueError(
                f"zealots_copies ({zc}) and cards.{ZEALOTS_ID} ({given}) count the same card: give one"
            )
        check_counts(self)
        zealots = self.cards.get(ZEALOTS_ID)
        if zealots is not None and 1 <= zealots <= 4:  # one way to write each deck: zealots_copies
            object.__setattr__(self, "zealots_copies", zealots)
            object.__setattr__(self, "cards", {k: v for k, v in self.cards.items() if k != ZEALOTS_ID})
        check_choices(self)

    @cached_property
    def deck_copies(self) -> tuple[int, ...]:
        """Copies of each card in the deck, in card order (Zealots & Fanatics: either option's)."""
        by_id = {**PRINTED_COPIES, ZEALOTS_ID: self.zealots_copies, **self.cards}
        return tuple(by_id[c.id] for c in CARDS)

    @cached_property
    def variant(self) -> Json:
        """The designer's knobs that differ from the printed rules ({} when none do): kept in the
        stored state and shown in every view. (Worked out once per options.)"""
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.metadata.get("variant") and getattr(self, f.name) != (f.default if f.name != "cards" else {})
        }


def _whole(options: FaithsOptions, name: str, lo: int, hi: int, what: str) -> None:
    v = getattr(options, name)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ValueError(f"{name} must be a whole number of {what} from {lo} to {hi}, not {short(v)}")


def _card(name: Any) -> int:
    return named(CARD_INDEX, name, "card", "cards")


def _territory(name: Any) -> int:
    return named(INDEX, name, "territory", "territories")


def _religion(name: Any) -> int:
    return named(RELIGION_INDEX, name, "religion", "religions")


def blank_state(players: int, options: FaithsOptions, seed: int) -> FaithsState:
    """Nothing dealt, nobody seated (the player count is checked already)."""
    n = players
    st = FaithsState()
    st.n = n
    st.options = options
    st.homeland_bonus = options.homeland_bonus
    st.max_rounds = options.max_rounds
    st.zealots_copies = options.deck_copies[ZEALOTS]
    st.win = options.territories_to_win
    st.hand_limit = options.hand_limit
    st.choose_religions = options.religions == "choose"
    st.religion = [-1] * n
    st.home = [-1] * n
    st.round = 0
    st.turn = 0
    st.actor = 0
    st.phase = CHOOSE
    st.barred = False
    st.bonus_used = False
    st.chits = [0] * (N_TERRITORIES * n)
    st.population = [0] * N_TERRITORIES
    st.occupied = [0] * n
    st.hand = [[0] * N_CARDS for _ in range(n)]
    st.deck = []
    st.discard = []
    st.bars = [0] * n
    st.grow_left = 0
    st.grow_targets = ()
    st.pending = None
    st.react_by = 0
    st.react_off = 0
    st.negations = 0
    st.peek = [0] * n
    st.known = {}
    st.rng = Rng(seed)
    st.events = None
    st.cache = None
    st.result = None
    st.winner = -1
    return st


def new_state(
    players: int, options: FaithsOptions, seed: int, setup: Mapping[str, Any], events: list[Json] | None
) -> FaithsState:
    st = blank_state(players, options, seed)
    st.events = events  # recording starts before set-up: the deal and the first Fate are events too
    n = st.n
    pool = deck_of(options.deck_copies)

    def take(c: int) -> int:
        if c not in pool:
            raise bad_setup(f"Not enough copies of {CARDS[c].id} for this setup.")
        pool.remove(c)
        return c

    hands = mapping(setup, "hands", "a seat to a list of cards")
    for ref, cards in hands.items():
        s = seat_number(ref, n)
        if not isinstance(cards, list):
            raise bad_setup("setup.hands: each seat needs a list of cards.")
        for name in cards:
            st.hand[s][take(_card(name))] += 1
    top = [take(_card(c)) for c in _list(setup, "deck")]
    st.discard = [take(_card(c)) for c in _list(setup, "discard")]

    chosen = setup.get("religions")
    if chosen is not None:
        if not isinstance(chosen, list) or len(chosen) != n or len(set(chosen)) != n:
            raise bad_setup(f"setup.religions must list {n} different religions, one per seat.")
        for s, name in enumerate(chosen):
            seat_religion(st, s, _religion(name))
    elif not st.choose_religions:
        order = list(range(len(RELIGIONS)))
        st.rng.shuffle(order)
        for s in range(n):
            seat_religion(st, s, order[s])
    st.rng.shuffle(pool)
    st.deck = pool + top[::-1]  # the last element is the top

    _place_chits(st, setup.get("chits"))
    first = seat_number(setup.get("turn", 0), n)
    phase = setup.get("phase", "fate")
    if phase not in ("fate", "events"):
        raise bad_setup('setup.phase is "fate" (a whole first turn) or "events" (start in its Event phase).')
    if st.religion[0] < 0:  # chosen at the table, in seat order: the game starts after the last choice
        if first or phase != "fate" or hands:
            raise bad_setup(
                "setup.turn, setup.phase and setup.hands need the religions set (option or setup.religions)."
            )
        return st
    start_game(st, first, phase == "events", deal=not hands)  # named hands replace the deal, even empty
    return st


def _list(setup: Mapping[str, Any], key: str) -> list[Any]:
    v = setup.get(key) or []
    if not isinstance(v, list):
        raise bad_setup(f"setup.{key} must be a list of cards.")
    return v


def _place_chits(st: FaithsState, chits: Any) -> None:
    """setup.chits {territory: {seat: count}} replaces the homelands' 10 PC."""
    if not chits:
        return
    if not isinstance(chits, Mapping):
        raise bad_setup("setup.chits must map a territory to {seat: count}.")
    n = st.n
    for name, row in chits.items():
        t = _territory(name)
        if not isinstance(row, Mapping):
            raise bad_setup(f"setup.chits.{name} must map a seat to a count.")
        for ref, k in row.items():
            s = seat_number(ref, n)
            if isinstance(k, bool) or not isinstance(k, int) or k < 0:
                raise bad_setup(f"setup.chits.{name}: a count is a whole number, not {k!r}.")
            st.chits[t * n + s] += k
            st.population[t] += k
            if k:
                st.occupied[s] |= 1 << t
        if st.population[t] > CAPACITY:
            raise bad_setup(f"{name} holds more than {CAPACITY} PC.")
    if any(m.bit_count() >= st.win for m in st.occupied):
        raise bad_setup(f"a religion already occupies {st.win} territories.")


# --- the complete state as JSON (secrets included: for storage, never for players) ---------------


def _ids(cards: list[int]) -> list[str]:
    return [CARDS[c].id for c in cards]


def _hand_ids(h: list[int]) -> list[str]:
    return [CARDS[c].id for c in range(N_CARDS) for _ in range(h[c])]


def state_to_json(st: FaithsState) -> Json:
    n = st.n
    return {
        **public_json(st),
        "actor": st.actor,
        "hands": [_hand_ids(h) for h in st.hand],
        "deck": _ids(st.deck[::-1]),  # top first
        "growth": {"left": st.grow_left, "targets": [TERRITORIES[t] for t in st.grow_targets]},
        "react": {"by": st.react_by, "off": st.react_off, "negations": st.negations},
        "peek": st.peek[:],
        "known": [[k // n, k % n, _hand_ids(v)] for k, v in sorted(st.known.items())],
        "winner": st.winner,
        "rng": st.rng.to_json(),
    }


def _counts(names: list[Any]) -> list[int]:
    h = [0] * N_CARDS
    for name in names:
        h[_card(name)] += 1
    return h


def state_from_json(data: Mapping[str, Any]) -> FaithsState:
    options = options_from_json(data)
    st = blank_state(int(data["players"]), options, 0)
    n = st.n
    for s, name in enumerate(data["religions"]):
        if name is not None:
            seat_religion(st, s, _religion(name))
    st.round = int(data["round"])
    st.turn = int(data["turn"])
    st.actor = int(data["actor"])
    st.phase = Phase(PHASES.index(data["phase"]))
    st.barred = bool(data.get("barred", False))
    st.bonus_used = bool(data.get("bonus_used", False))
    _place_json_chits(st, data.get("chits") or {})
    st.hand = [_counts(h) for h in data["hands"]]
    st.deck = [_card(c) for c in data["deck"]][::-1]
    st.discard = [_card(c) for c in data.get("discard", [])]
    everything = Counter(c for h in st.hand for c in range(N_CARDS) for _ in range(h[c]))
    everything.update(st.deck)
    everything.update(st.discard)
    if everything != Counter(deck_of(options.deck_copies)):
        raise InputError("bad-state", "hands, deck and discard must hold the whole deck, once.")
    st.bars = [int(b) for b in data.get("bars", [0] * n)]
    growth = data.get("growth") or {}
    st.grow_left = int(growth.get("left", 0))
    st.grow_targets = tuple(_territory(t) for t in growth.get("targets", []))
    pj = data.get("pending")
    if pj is not None:
        p = new_pending(_card(pj["event"]), _card(pj["magnitude"]), int(pj["x"]))
        p.opp = -1 if pj.get("opponent") is None else int(pj["opponent"])
        p.bonus = bool(pj.get("bonus", False))
        p.home_due = bool(pj.get("home_due", False))
        p.left = int(pj.get("left", 0))
        p.targets = tuple(_territory(t) for t in pj.get("targets", []))
        p.src = -1 if pj.get("from") is None else _territory(pj["from"])
        p.into = -1 if pj.get("into") is None else _territory(pj["into"])
        p.removed = sum(1 << _territory(t) for t in pj.get("removed", []))
        st.pending = p
    react = data.get("react") or {}
    st.react_by = int(react.get("by", 0))
    st.react_off = int(react.get("off", 0))
    st.negations = int(react.get("negations", 0))
    st.peek = [int(k) for k in data.get("peek", [0] * n)]
    st.known = {int(p) * n + int(o): _counts(cards) for p, o, cards in data.get("known", [])}
    st.winner = int(data.get("winner", -1))
    if "rng" in data:
        st.rng = Rng.from_json(data["rng"])
    if len(st.hand) != n or len(st.bars) != n or len(st.peek) != n:
        raise InputError("bad-state", "hands, bars and peek need one entry per player.")
    if st.phase == OVER:
        st.result = final_result(st)
    return st


def options_from_json(data: Mapping[str, Any]) -> FaithsOptions:
    """A stored state's options: the table's, and its `variant` (present only when it is not the
    printed game). A variant's count of Zealots & Fanatics stands for the table's zealots_copies."""
    raw = dict(data.get("options") or {})
    variant = data.get("variant") or {}
    if not isinstance(variant, Mapping):
        raise InputError("bad-state", "variant must be an object of option: value.")
    deck = variant.get("cards")
    if isinstance(deck, Mapping) and ZEALOTS_ID in deck:
        raw.pop("zealots_copies", None)
    try:
        options: FaithsOptions = parse(FaithsOptions, {**raw, **variant}, "Faiths")
    except InputError as e:
        raise InputError("bad-state", f"bad options: {e.message}") from None
    return options


def _place_json_chits(st: FaithsState, chits: Mapping[str, Any]) -> None:
    n = st.n
    for name, row in chits.items():
        t = _territory(name)
        if len(row) != n or any(int(k) < 0 for k in row):
            raise InputError("bad-state", f"chits on {name} must be {n} non-negative counts.")
        for s, k in enumerate(row):
            st.chits[t * n + s] = int(k)
            if k:
                st.occupied[s] |= 1 << t
        st.population[t] = sum(int(k) for k in row)
        if st.population[t] > CAPACITY:
            raise InputError("bad-state", f"{name} holds more than {CAPACITY} PC.")
