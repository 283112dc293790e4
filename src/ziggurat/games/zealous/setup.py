"""Creating a game (with optional stacked decks and hands) and the complete state as JSON."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Any

from ziggurat.engine import Json, Rng
from ziggurat.engine.options import check_choices, check_counts, copies, counts, parse
from ziggurat.engine.reading import bad_setup, mapping, named
from ziggurat.games.zealous.board import INDEX, N_TILES, TILES
from ziggurat.games.zealous.cards import CARD_INDEX, CARDS, DECK_OF, DECKS, N_CARDS, PRINTED, deck_cards
from ziggurat.games.zealous.flow import final_result, first_of_round, mask_tiles
from ziggurat.games.zealous.state import (
    FOLLOWERS_PER_PLAYER,
    LENGTHS,
    PHASES,
    SETUP,
    Frame,
    Phase,
    ZealousState,
)
from ziggurat.games.zealous.view import public_json

SETUP_KEYS = ("decks", "hands")
BIRTH_ORDERS = ("seat", "reversed")
FIRST_PLAYERS = ("fixed", "rotating")


@dataclass(frozen=True)
class ZealousOptions:
    """length: beginner (ends at 50 points), intermediate (75) or advanced (end of round 10).

    Variants, for designers (the defaults are the printed rules):
    points_to_win: the game ends at the end of the round in which anyone has this many (0: the
      length's: 50, 75, or none for advanced).
    last_round: the game ends at the end of this round at the latest (0: the length's: 10 for advanced,
      none otherwise).
    holy_city_points: a tally's points per follower in the Holy City (printed: 2).
    followers: each player's followers (printed: 20).
    head_start: points each player starts with for every player after them in the turn order (the
      first of four starts with 3 x head_start, the last with 0): a compensation for early seats.
    birth_order: who chooses a Birth Site first at the set-up: "seat" (turn order, printed) or
      "reversed" (the last player first, so the first player chooses knowing where the others stand).
    first_player: who opens each round: "fixed" (seat 0, every round: printed) or "rotating" (seat 0
      opens round 1, seat 1 round 2, ...; the turn order around the table stays the same).
    cards: copies of each card, 0 to 8 (`cards.stone=2`); a deck may be left empty."""

    length: str = field(default="beginner", metadata={"choices": tuple(LENGTHS)})
    points_to_win: int = field(default=0, metadata={"min": 0, "max": 1000, "variant": True})
    last_round: int = field(default=0, metadata={"min": 0, "max": 100, "variant": True})
    holy_city_points: int = field(default=2, metadata={"min": 0, "max": 10, "variant": True})
    followers: int = field(default=FOLLOWERS_PER_PLAYER, metadata={"min": 1, "max": 60, "variant": True})
    head_start: int = field(default=0, metadata={"min": 0, "max": 30, "variant": True})
    birth_order: str = field(default="seat", metadata={"choices": BIRTH_ORDERS, "variant": True})
    first_player: str = field(default="fixed", metadata={"choices": FIRST_PLAYERS, "variant": True})
    cards: dict[str, int] = counts(PRINTED, 8)

    def __post_init__(self) -> None:
        check_choices(self)
        check_counts(self)

    @cached_property
    def variant(self) -> Json:
        """The options that differ from the printed game's (besides the length): {} when none do.
        (Every view shows it: worked out once per options.)"""
        printed = ZealousOptions(self.length)
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.name != "length" and getattr(self, f.name) != getattr(printed, f.name)
        }

    def end(self) -> tuple[int | None, int | None]:
        """(points that end the game, the last round): the length's, unless a variant says otherwise."""
        target, rounds = LENGTHS[self.length]
        return (self.points_to_win or target, self.last_round or rounds)


def _card(name: Any) -> int:
    return named(CARD_INDEX, name, "card", "cards")


def _tile(name: Any) -> int:
    return named(INDEX, name, "tile", "tiles")


def _cards(names: Iterable[Any]) -> list[int]:
    """Card numbers by id: a stored state has dozens (a restart reads a thousand states)."""
    names = list(names)
    try:
        return [CARD_INDEX[c] for c in names]
    except (KeyError, TypeError):
        return [_card(c) for c in names]  # (the error that names the unknown card)


def new_state(
    players: int,
    options: ZealousOptions,
    seed: int,
    setup: Mapping[str, Any],
    events: list[Json] | None = None,
) -> ZealousState:
    st = _blank(players, options, seed, events)
    printed = not options.cards
    pools = [deck_cards(d) if printed else deck_cards(d, copies(options)) for d in range(3)]

    def take(c: int) -> None:
        pool = pools[DECK_OF[c]]
        if c not in pool:
            raise bad_setup(f"Not enough copies of {CARDS[c].id} for this setup.")
        pool.remove(c)

    hands = mapping(setup, "hands", "a seat to a list of cards")
    for seat, cards in hands.items():
        s = int(seat)
        if not 0 <= s < players or not isinstance(cards, list):
            raise bad_setup(f"setup.hands: bad seat {seat!r} or card list.")
        for name in cards:
            c = _card(name)
            take(c)
            st.hand[s][c] += 1
    stacked = mapping(setup, "decks", "a deck name to its top cards")
    tops: list[list[int]] = [[], [], []]
    for name, cards in stacked.items():
        if name not in DECKS or not isinstance(cards, list):
            raise bad_setup(f"setup.decks: unknown deck {name!r} (decks: {', '.join(DECKS)}) or not a list.")
        d = DECKS.index(name)
        for cname in cards:
            c = _card(cname)
            if DECK_OF[c] != d:
                raise bad_setup(f"{cname} is not a {name} card.")
            take(c)
            tops[d].append(c)
    st.deck = []
    for d in range(3):
        rest = pools[d]
        st.rng.shuffle(rest)
        st.deck.append(rest + tops[d][::-1])  # the last element is the top
    return st


def _blank(players: int, options: ZealousOptions, seed: int, events: list[Json] | None) -> ZealousState:
    """A state before the set-up: an empty board, empty hands, no decks yet."""
    st = ZealousState()
    n = st.n = players
    st.options = options
    st.length = options.length
    st.target, st.max_rounds = options.end()
    st.holy = options.holy_city_points
    st.round = 0
    st.first = 0
    st.turn = n - 1 if options.birth_order == "reversed" else 0
    st.phase = SETUP
    st.card_played = False
    st.followers = [0] * (N_TILES * n)
    st.prophet = [-1] * n
    st.score = [options.head_start * (n - 1 - s) for s in range(n)]
    st.supply = [options.followers] * n
    st.hand = [[0] * N_CARDS for _ in range(n)]
    st.discard = [[], [], []]
    st.sanctuary = [0] * n
    st.famine = 0
    st.stack = []
    st.short_supply = []
    st.rng = Rng(seed)
    st.events = events
    st.cache = None
    st.result = None
    return st


# --- the complete state as JSON (secrets included: for storage, never for players) ---------------


def state_to_json(st: ZealousState) -> Json:
    return {
        **public_json(st),
        "hands": [[CARDS[c].id for c in range(N_CARDS) for _ in range(h[c])] for h in st.hand],
        "decks": {DECKS[d]: [CARDS[c].id for c in reversed(st.deck[d])] for d in range(3)},  # top first
        "stack": [_frame_to_json(fr) for fr in st.stack],
        "short": [[s, m, k] for s, m, k in st.short_supply],
        "rng": st.rng.to_json(),
    }


def _frame_to_json(fr: Frame) -> Json:
    """A card being resolved: only the fields it has set."""
    out: dict[str, Any] = {"card": CARDS[fr.card].id, "step": fr.step}
    if fr.tile >= 0:
        out["tile"] = TILES[fr.tile]
    if fr.owner >= 0:
        out["owner"] = fr.owner
    if fr.moved_to >= 0:
        out["moved_to"] = TILES[fr.moved_to]
    if fr.left:
        out["left"] = fr.left
    if fr.eligible:
        out["eligible"] = mask_tiles(fr.eligible)
    if fr.drawn is not None:
        out["drawn"] = [CARDS[c].id for c in fr.drawn]
    return out


def _frame_from_json(data: Mapping[str, Any]) -> Frame:
    fr = Frame(_card(data["card"]))
    fr.step = int(data["step"])
    fr.tile = _tile(data["tile"]) if data.get("tile") is not None else -1
    fr.owner = int(data.get("owner", -1))
    fr.moved_to = _tile(data["moved_to"]) if data.get("moved_to") is not None else -1
    fr.left = int(data.get("left", 0))
    fr.eligible = sum(1 << _tile(t) for t in data.get("eligible", []))
    if data.get("drawn") is not None:
        fr.drawn = [_card(c) for c in data["drawn"]]
    return fr


def state_from_json(data: Mapping[str, Any]) -> ZealousState:
    n = int(data["players"])
    variant = {**(data.get("variant") or {}), "length": str(data.get("length", "beginner"))}
    options: ZealousOptions = parse(ZealousOptions, variant, "Zealous")
    decks = data.get("decks")
    # (without its decks, a position gets shuffled ones: a designer's puzzle may leave them out)
    st = new_state(n, options, 0, {}) if decks is None else _blank(n, options, 0, None)
    st.round = int(data.get("round", 1))
    st.first = first_of_round(st)
    st.turn = int(data.get("turn", 0))
    st.phase = Phase(PHASES.index(data.get("phase", "move")))
    st.card_played = bool(data.get("card_played", False))
    f = [0] * (N_TILES * n)
    for tname, row in (data.get("followers") or {}).items():
        t = _tile(tname)
        counts = [int(k) for k in row]
        if len(counts) != n or min(counts) < 0:
            raise bad_setup(f"followers on {tname} must be {n} non-negative counts.")
        f[t * n : t * n + n] = counts
    st.followers = f
    most = options.followers
    st.supply = [most - sum(f[s::n]) for s in range(n)]  # (f[s::n]: seat s's, tile by tile)
    if min(st.supply) < 0:
        raise bad_setup(f"a player has more than {most} followers on the board.")
    st.prophet = [(_tile(p) if p is not None else -1) for p in data.get("prophets", [None] * n)]
    st.score = [int(x) for x in data.get("scores", [0] * n)]
    st.hand = [[0] * N_CARDS for _ in range(n)]
    for s, cards in enumerate(data.get("hands") or [[] for _ in range(n)]):
        for c in _cards(cards):
            st.hand[s][c] += 1
    if decks is not None:
        st.deck = [_cards(reversed(decks.get(DECKS[d], []))) for d in range(3)]
    st.discard = [_cards((data.get("discards") or {}).get(DECKS[d], [])) for d in range(3)]
    st.sanctuary = [sum(1 << _tile(t) for t in ts) for ts in data.get("sanctuaries", [[] for _ in range(n)])]
    st.famine = sum(1 << _tile(t) for t in data.get("famine", []))
    st.stack = [_frame_from_json(fr) for fr in data.get("stack", [])]
    st.short_supply = [[int(s), int(m), int(k)] for s, m, k in data.get("short", [])]
    if "rng" in data:
        st.rng = Rng.from_json(data["rng"])
    if len(st.prophet) != n or len(st.score) != n or len(st.sanctuary) != n:
        raise bad_setup("prophets, scores and sanctuaries need one entry per player.")
    if st.phase == Phase.OVER:
        st.result = final_result(st)
    return st
