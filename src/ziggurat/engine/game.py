"""The engine contract: the small surface every game exposes.

Everything above the games (server, bots, web, research adapters, the command line) is written once
against `Game`. A game is a stateless object of rules; a state is a plain mutable object that the
game's functions read and change. States carry their own seeded RNG, so a match is fully described by
(game, options, seed, setup, actions) and replaying the actions reproduces it exactly.

Decisions are atomic. A card with targets is played as a short sequence of actions (card, then tile,
then follower); the state holds the pending decision between them. Several seats may be asked at
once (`to_act` returns all of them: simultaneous secret choices); each answers with its own `apply`,
and the order of their answers changes nothing.
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from ziggurat.engine.errors import InputError

Action = str
"""Actions are short strings such as "move:e1" or "play:stone": JSON values as they are, used
unchanged by the websocket, scenario files, replay logs and the command line."""

Json = dict[str, Any]


class GameState(Protocol):
    """What the engine needs from every state: an event sink (None when not recording)."""

    events: list[Json] | None


S = TypeVar("S", bound=GameState)
Opt = TypeVar("Opt")


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


@dataclass(frozen=True)
class Info:
    """A game's metadata, declared as constants in one place (as OpenSpiel's games do)."""

    id: str
    name: str
    min_players: int
    max_players: int
    hidden_information: bool
    simultaneous: bool
    summary: str = ""


class Game(ABC, Generic[S, Opt]):
    """Rules of one game. Stateless: every method takes the state it works on."""

    info: ClassVar[Info]
    Options: ClassVar[type[Any]]

    # --- options -------------------------------------------------------------------------------
    def options(self, raw: Mapping[str, Any] | Opt | None = None) -> Opt:
        """Validate options given as a mapping (from JSON or the command line) into the dataclass."""
        if raw is None:
            return cast(Opt, self.Options())
        if isinstance(raw, self.Options):
            return cast(Opt, raw)
        if not isinstance(raw, Mapping):
            raise InputError("bad-options", "Options must be an object of name: value.")
        fields = {f.name: f for f in dataclasses.fields(self.Options)}
        unknown = sorted(set(raw) - set(fields))
        if unknown:
            raise InputError(
                "bad-options", f"Unknown option {unknown[0]!r} for {self.info.name}; known: {sorted(fields)}."
            )
        try:
            opts = self.Options(**raw)
        except (TypeError, ValueError) as e:
            raise InputError("bad-options", str(e)) from None
        for f in dataclasses.fields(self.Options):  # declared ranges hold whatever the game checks
            value, lo, hi = getattr(opts, f.name), f.metadata.get("min"), f.metadata.get("max")
            if lo is None and hi is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                raise InputError("bad-options", f"{f.name} must be a whole number, not {short(value)}.")
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                raise InputError("bad-options", f"{f.name} must be from {lo} to {hi}, not {short(value)}.")
        return cast(Opt, opts)

    def options_spec(self) -> dict[str, Json]:
        """Each option's type, default and, where the game declares them in the field's metadata, its
        range (`min`, `max`) or `choices`: what a lobby needs to offer exactly what `options` accepts."""
        out: dict[str, Json] = {}
        defaults = self.Options()
        for f in dataclasses.fields(self.Options):
            spec: Json = {
                "type": getattr(f.type, "__name__", str(f.type)),
                "default": getattr(defaults, f.name),
            }
            for key in ("min", "max", "choices"):
                if key in f.metadata:
                    value = f.metadata[key]
                    spec[key] = list(value) if key == "choices" else value
            out[f.name] = spec
        return out

    def options_json(self, options: Opt) -> Json:
        return dataclasses.asdict(cast(Any, options))

    # --- the contract --------------------------------------------------------------------------
    @abstractmethod
    def new(
        self,
        players: int,
        options: Opt | Mapping[str, Any] | None = None,
        seed: int = 0,
        setup: Mapping[str, Any] | None = None,
        record: bool = False,
    ) -> S:
        """A fresh game. `setup` stacks decks or hands for scenarios (game-specific, documented in
        docs/scenarios.md). `record` makes the state collect events (for logs and UIs)."""

    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]:
        """The seats that must decide now; empty when the game is over."""

    @abstractmethod
    def legal(self, state: S, seat: int) -> list[Action]:
        """The actions `seat` may take now (empty if it is not asked)."""

    @abstractmethod
    def apply(self, state: S, seat: int, action: Action) -> None:
        """Apply one action in place; raise IllegalAction (state unchanged) if it is not legal."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> Json:
        """What `seat` (None: a spectator) may see, as JSON. Never another seat's secrets."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """None while running."""

    @abstractmethod
    def clone(self, state: S) -> S:
        """An independent copy, cheap enough for tree search."""

    @abstractmethod
    def to_json(self, state: S) -> Json:
        """The complete state, secrets included (for storage, never for players)."""

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> S: ...

    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        """A state consistent with everything `seat` has seen, with the unseen parts resampled.

        Perfect-information games return a clone."""
        return self.clone(state)

    def decline(self, state: S, seat: int) -> Action | None:
        """The action that lets an out-of-turn question go by, if `seat` is asked one now; else None.

        Some questions are put to every seat whether or not it can do anything about them (Faiths: after
        a pair, each other religion in turn may negate it with Zealots & Fanatics), so that being asked
        tells nothing. The server then answers with timing that tells nothing either: bots after a
        random delay, and a person who asked for it automatically when declining is all they can do."""
        return None

    # --- presentation ---------------------------------------------------------------------------
    def describe(self, event: Json, names: Sequence[str]) -> str:
        """One event in words, for logs ("Bo's prophet killed Cy's prophet on e2")."""
        return str(event)

    def text(self, state: S, seat: int | None, names: Sequence[str]) -> str:
        """A readable text board (for the terminal), from `seat`'s point of view."""
        return str(self.view(state, seat))

    def describe_action(self, state: S, seat: int, action: Action) -> str:
        """A menu label for a legal action (the terminal lists these)."""
        return action

    # --- scenarios --------------------------------------------------------------------------------
    def expect(self, state: S, key: str, value: Any, seat_of: Callable[[Any], int]) -> list[str] | None:
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


def short(value: Any, limit: int = 24) -> str:
    """A value for an error message, cut short (a 4,000-digit number must not fill a reply)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def events_for(events: Sequence[Json], seat: int | None) -> list[Json]:
    """Filter events for one viewer: an event's "secret" part is shown only to event["seat"]."""
    out: list[Json] = []
    for e in events:
        if "secret" in e and e.get("seat") != seat:
            e = {k: v for k, v in e.items() if k != "secret"}
        out.append(e)
    return out
