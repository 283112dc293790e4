"""The engine contract: the small surface every game exposes.

Everything above the games (server, bots, web, research adapters, the command line) is written once
against `Game`. A game is a stateless object of rules; a state is a plain mutable object that the
game's functions read and change. States carry their own seeded RNG, so a match is fully described by
(game, options, seed, setup, actions) and replaying the actions reproduces it exactly.

Decisions are atomic. A card with targets is played as a short sequence of actions (card, then tile,
then follower); the state holds the pending decision between them. Several seats may be asked at
once (`to_act` returns all of them: simultaneous secret choices); each answers with its own `apply`,
and the order of their answers changes nothing.

`Game` does the binding once: `new`, `legal`, `apply`, `view`, `to_json`, `from_json`, `result` and
`clone` are concrete, and wrap a few small hooks that each game's modules provide (engine/parts.py:
`rules.legal`, `rules.play`, `setup.new_state`, `view.view`...), as `pyspiel.State.legal_actions` wraps
`_legal_actions`. The wrappers hold what is the same for every game: the legal-action cache, the
refusals every game shares (not a string, the game is over, no such seat, not your turn), the events
switch, the envelope of views and state JSON.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from ziggurat.engine import options as opts
from ziggurat.engine.errors import IllegalAction, InputError
from ziggurat.engine.options import short
from ziggurat.engine.parts import Records, Rules, Views, Words
from ziggurat.engine.text import Wording, describe

Action = str
"""Actions are short strings such as "move:e1" or "play:stone": JSON values as they are, used
unchanged by the websocket, scenario files, replay logs and the command line."""

Json = dict[str, Any]


@dataclass(frozen=True)
class Result:
    """The end of a game. `ranks[seat]` is 1 for the winners; tied seats share a rank.

    `winners` may be empty (Zombology: everyone can lose). `scores` are the game's own points.
    """

    winners: tuple[int, ...]
    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    detail: Json = field(default_factory=dict)

    def to_json(self) -> Json:
        return {
            "winners": list(self.winners),
            "ranks": list(self.ranks),
            "scores": list(self.scores),
            **({"detail": self.detail} if self.detail else {}),
        }

    def reward(self, seat: int) -> float:
        """+1 shared among winners, 0 otherwise (what research adapters use)."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


class GameState(Protocol):
    """What the engine needs from every state: its table size, an event sink (None when not
    recording), the legal-action cache of the current decision, and the result once over."""

    n: int
    events: list[Json] | None
    cache: tuple[int, list[Action]] | None
    result: Result | None

    def clone(self) -> Any: ...


S = TypeVar("S", bound=GameState)
Opt = TypeVar("Opt")


@dataclass(frozen=True)
class Info:
    """A game's metadata, declared as constants in one place (as OpenSpiel's `_GAME_TYPE` and
    `_GAME_INFO` are). Everything after `summary` is optional: for error messages, the research
    adapters and the bots."""

    id: str
    name: str
    min_players: int
    max_players: int
    hidden_information: bool
    simultaneous: bool
    summary: str = ""
    action_example: str = ""  # what an action looks like, for the refusal of something else
    random_setup: bool = True  # does the seed change the set-up? (OpenSpiel's chance mode)
    always_a_winner: bool = True  # do the rewards always add up to 1? (constant-sum)
    # For the research adapters (rl/), as OpenSpiel's `num_distinct_actions` and `max_game_length`:
    # (players, options) -> every action that can ever be legal, in a fixed order (ids are positions),
    # and -> a bound on the number of decisions in one game. None: no research adapter.
    action_space: Callable[[int, Any], Sequence[str]] | None = None
    max_length: Callable[[int, Any], int] | None = None
    # The game's plug-ins for the layers above, as "module:attribute" (Gymnasium's lazy `entry_point`):
    # imported only by the layer that uses them, so the rules load without bots or numpy.
    heuristic: str = ""  # a bots.plugin.Heuristic: the bots' knowledge (empty: random playouts)
    observer: str = ""  # an rl.plugin.Encoder subclass: numeric observations of a view

    def check_players(self, players: Any) -> int:
        """`players` if this game can be played by that many, else InputError."""
        if isinstance(players, bool) or not isinstance(players, int):
            ok = False
        else:
            ok = self.min_players <= players <= self.max_players
        if not ok:
            raise InputError(
                "bad-players",
                f"{self.name} is for {self.min_players} to {self.max_players} players, not {short(players)}.",
            )
        return cast(int, players)


class Game(Generic[S, Opt]):
    """Rules of one game. Stateless: every method takes the state it works on.

    A game declares `info` and `Options`, and hands its modules to `__init__`: its rules, records,
    views and words (engine/parts.py). Everything else is done here, once for every game; the few
    optional hooks (`determinize`, `expect`, `_not_asked`, `_decline`...) have defaults."""

    info: ClassVar[Info]
    Options: ClassVar[type[Any]]

    # The hooks, bound from the game's modules (plain functions: the hot path calls them directly).
    to_act: Callable[[S], tuple[int, ...]]
    _legal: Callable[[S, int], list[Action]]
    _apply: Callable[[S, int, Action], None]
    _refuse: Callable[[S, int, Action], IllegalAction | None]
    _new: Callable[[int, Opt, int, Mapping[str, Any], list[Json] | None], S]
    _to_json: Callable[[S], Json]
    _from_json: Callable[[Mapping[str, Any]], S]
    _view: Callable[[S, int | None], Json]
    text: Callable[[S, int | None, Sequence[str]], str]
    describe_action: Callable[[S, int, Action], str]

    def __init__(self, rules: Rules[S], records: Records[S, Opt], views: Views[S], words: Words[S]) -> None:
        self.to_act = rules.to_act
        self._legal = rules.legal
        self._apply = rules.play
        self._refuse = rules.refuse
        self.setup_keys: tuple[str, ...] = records.SETUP_KEYS
        self._new = records.new_state
        self._to_json = records.state_to_json
        self._from_json = records.state_from_json
        self._view = views.view
        self.wording: Mapping[str, Wording] = words.WORDING
        self.text = words.board_text
        self.describe_action = words.describe_action

    def __reduce__(self) -> tuple[Callable[[str], Game[Any, Any]], tuple[str]]:
        """A game pickles by its id (its hooks and words are code, found again by the registry)."""
        return _registered, (self.info.id,)

    # --- options -------------------------------------------------------------------------------
    def options(self, raw: Mapping[str, Any] | Opt | None = None) -> Opt:
        """Validate options given as a mapping (from JSON or the command line) into the dataclass."""
        if raw is None:
            return cast(Opt, self.Options())
        if isinstance(raw, self.Options):
            return cast(Opt, raw)
        return cast(Opt, opts.parse(self.Options, cast(Mapping[str, Any], raw), self.info.name))

    def options_spec(self) -> dict[str, Json]:
        return opts.spec(self.Options)

    def options_json(self, options: Opt) -> Json:
        return dataclasses.asdict(cast(Any, options))

    # --- the contract ----------------------------------------------------------------------------
    def new(
        self,
        players: int,
        options: Opt | Mapping[str, Any] | None = None,
        seed: int = 0,
        setup: Mapping[str, Any] | None = None,
        record: bool = False,
    ) -> S:
        """A fresh game. `setup` stacks decks or hands for scenarios (game-specific, documented in
        docs/scenarios.md). `record` makes the state collect events (for logs and UIs), from the
        set-up on: a deal is an event too."""
        self.info.check_players(players)
        chosen = self.options(options)
        if setup is None:
            setup = {}
        elif not isinstance(setup, Mapping):
            raise InputError("bad-setup", "setup must be an object.")
        unknown = sorted(set(setup) - set(self.setup_keys))
        if unknown:
            known = ", ".join(self.setup_keys) or "nothing"
            raise InputError("bad-setup", f"Unknown setup key {unknown[0]!r}; known: {known}.")
        return self._new(players, chosen, seed, setup, [] if record else None)

    def legal(self, state: S, seat: int) -> list[Action]:
        """The actions `seat` may take now (empty if it is not asked)."""
        c = state.cache  # _cached() inlined: legal and apply are the engine's hot path
        if c is not None and c[0] is seat:
            return c[1][:]
        if type(seat) is not int or not 0 <= seat < state.n:
            return []
        actions = self._legal(state, seat)
        state.cache = (seat, actions)
        return actions[:]

    def apply(self, state: S, seat: int, action: Action) -> None:
        """Apply one action in place; raise IllegalAction (state unchanged) if it is not legal."""
        c = state.cache
        legal = c[1] if c is not None and c[0] is seat else self._cached(state, seat)
        if action not in legal:
            raise self.refusal(state, seat, action)
        state.cache = None
        self._apply(state, seat, action)

    def apply_logged(self, state: S, seat: int, action: Action) -> None:
        """Apply an action from a stored log, without listing the legal actions first: replaying a
        log that was checked action by action when it was played (a restart rebuilds every running
        table). A log from other rules can still fail here, or later when checked with `apply`."""
        state.cache = None
        self._apply(state, seat, action)

    def each_to_act(self, state: S) -> Iterator[int]:
        """The seats asked now, in order, each asked again just before it answers: after one seat's
        simultaneous answer the question may be over for the others, or the game itself."""
        for seat in self.to_act(state):
            if seat in self.to_act(state):
                yield seat

    def view(self, state: S, seat: int | None) -> Json:
        """What `seat` (None, or anything but a seat: a spectator) may see, as JSON. Never another
        seat's secrets."""
        n = state.n
        if type(seat) is not int or not 0 <= seat < n:
            seat = None
        res = state.result
        out: Json = {
            "game": self.info.id,
            "players": n,
            **self._view(state, seat),
            "to_act": list(self.to_act(state)),
            "result": res.to_json() if res is not None else None,
        }
        if seat is not None:
            out["seat"] = seat
            out["legal"] = self.legal(state, seat)
        return out

    def result(self, state: S) -> Result | None:
        """None while running."""
        return state.result

    def clone(self, state: S) -> S:
        """An independent copy, cheap enough for tree search (events are not copied)."""
        return cast(S, state.clone())

    def to_json(self, state: S) -> Json:
        """The complete state, secrets included (for storage, never for players)."""
        return {"game": self.info.id, "players": state.n, **self._to_json(state)}

    def from_json(self, data: Mapping[str, Any]) -> S:
        """A state from `to_json`, or a position built by hand (scenarios, tests)."""
        name = self.info.name
        if not isinstance(data, Mapping):
            raise InputError("bad-state", f"Not a {name} state: a state is a JSON object.")
        if data.get("game", self.info.id) != self.info.id:
            raise InputError("bad-state", f"This is a {data.get('game')!r} state, not a {name} one.")
        try:
            self.info.check_players(data["players"])
            state = self._from_json(data)
        except InputError as e:
            raise InputError("bad-state", e.message) from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise InputError("bad-state", f"Not a {name} state: {e!r}") from None
        state.events = None
        state.cache = None
        return state

    def determinize(self, state: S, seat: int, rng: random.Random, /) -> S:
        """A state consistent with everything `seat` has seen, with the unseen parts resampled.

        Perfect-information games return a clone."""
        return self.clone(state)

    def decline(self, state: S, seat: int) -> Action | None:
        """The action that lets an out-of-turn question go by, if `seat` is asked one now; else None.

        Some questions are put to every seat whether or not it can do anything about them (Faiths: after
        a pair, each other religion in turn may negate it with Zealots & Fanatics), so that being asked
        tells nothing. The server then answers with timing that tells nothing either: bots after a
        random delay, and a person who asked for it automatically when declining is all they can do."""
        return self._decline(state, seat) if type(seat) is int and 0 <= seat < state.n else None

    def _decline(self, state: S, seat: int, /) -> Action | None:
        """`decline` for a real seat."""
        return None

    # --- refusals ----------------------------------------------------------------------------------
    def refusal(self, state: S, seat: Any, action: Any) -> IllegalAction:
        """Why `action` is refused, without a word about anything `seat` may not see: what every game
        refuses alike first, then the game's own reasons, then the possible actions."""
        if not isinstance(action, str):
            example = f' such as "{self.info.action_example}"' if self.info.action_example else ""
            return IllegalAction("malformed", f"An action must be a string{example}.")
        if state.result is not None:
            return IllegalAction("game-over", "The game is over.")
        # A seat that isn't a seat number at all (None, "0") is refused like seat 9, not with a TypeError.
        if type(seat) is not int or not 0 <= seat < state.n:
            return IllegalAction("bad-seat", f"There is no seat {seat!r}.")
        if seat not in self.to_act(state):
            return self._not_asked(state, seat)
        own = self._refuse(state, seat, action)
        if own is not None:
            return own
        expected = ", ".join(self.legal(state, seat))
        return IllegalAction("illegal-action", f"{action} isn't possible now. Possible: {expected}.")

    def _not_asked(self, state: S, seat: int, /) -> IllegalAction:
        """The refusal for a seat that isn't asked now."""
        return IllegalAction("not-your-turn", "It isn't your turn.")

    def _cached(self, state: S, seat: int) -> list[Action]:
        """`apply`'s miss: the legal actions of the current decision worked out and kept for `seat`.
        (The cache is looked up with `is`: a cache of seat 1 is not the answer for 1.0 or True.)"""
        if type(seat) is not int or not 0 <= seat < state.n:
            return []  # not a seat: asked nothing (the hooks only ever see real seats)
        c = (seat, self._legal(state, seat))
        state.cache = c
        return c[1]

    # --- presentation -----------------------------------------------------------------------------
    def describe(self, event: Json, names: Sequence[str]) -> str:
        """One event in words, for logs ("Bo's prophet killed Cy's prophet on e2")."""
        return describe(self.wording, event, names)

    # --- scenarios --------------------------------------------------------------------------------
    def expect(self, state: S, key: str, value: Any, seat_of: Callable[[Any], int], /) -> list[str] | None:
        """Check one game-specific scenario expectation. Return None if `key` is unknown, else the
        list of mismatches (empty when it holds)."""
        return None

    def drain_events(self, state: S) -> list[Json]:
        """Events recorded since the last call (when the state was made with record=True)."""
        ev = state.events
        if not ev:
            return []
        out = list(ev)
        ev.clear()
        return out


def _registered(game_id: str) -> Game[Any, Any]:
    from ziggurat.engine.registry import get

    return get(game_id)


def emit(state: GameState, event: Json) -> None:
    """Record an event, if the state records."""
    if state.events is not None:
        state.events.append(event)


def events_for(events: Sequence[Json], seat: int | None) -> list[Json]:
    """Filter events for one viewer: an event's "secret" part is shown only to event["seat"]."""
    out: list[Json] = []
    for e in events:
        if "secret" in e and e.get("seat") != seat:
            e = {k: v for k, v in e.items() if k != "secret"}
        out.append(e)
    return out
