"""A match: (game, options, seed, seats, setup, actions). Replaying it reproduces the state exactly.

This is what the store keeps, what `ziggurat replay` reads and what a bug report attaches.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ziggurat.engine import registry
from ziggurat.engine.errors import IllegalAction, InputError
from ziggurat.engine.game import Game, Json
from ziggurat.engine.jsonint import dump_int, load_int
from ziggurat.engine.undo import UNDO, effective

FORMAT = "ziggurat-match/1"


@dataclass
class Match:
    game: str
    players: int
    options: Json = field(default_factory=dict)
    seed: int = 0
    names: list[str] = field(default_factory=list)
    setup: Json | None = None
    start: Json | None = None  # a starting position as state JSON, instead of seed + setup
    actions: list[tuple[int, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.names:
            self.names = [f"Seat {i}" for i in range(self.players)]

    @property
    def rules(self) -> Game[Any, Any]:
        return registry.get(self.game)

    def initial_state(self, record: bool = False) -> Any:
        g = self.rules
        if self.start is not None:
            st = g.from_json(self.start)
            st.events = [] if record else None
            return st
        return g.new(self.players, g.options(self.options), self.seed, self.setup, record=record)

    def states(self, record: bool = False) -> Iterator[tuple[int, tuple[int, str] | None, Any]]:
        """Yield (index, action, state) before the first action and after each one. After an undo
        entry (engine/undo.py), the state as it was before the action it took back."""
        g = self.rules
        st = self.initial_state(record)
        yield 0, None, st
        standing: list[tuple[int, str]] = []
        for i, (seat, action) in enumerate(self.actions, 1):
            if action == UNDO:
                standing = effective([*standing, (seat, action)])
                st = self.state_after(standing, record)  # (rare: rebuilt, not stepped back)
                yield i, (seat, action), st
                continue
            try:
                g.apply(st, seat, action)
            except IllegalAction as e:
                raise IllegalAction(e.code, f"action {i} ({seat}: {action}): {e.message}") from None
            standing.append((seat, action))
            yield i, (seat, action), st

    def state_after(self, actions: list[tuple[int, str]], record: bool = False) -> Any:
        """The state after these actions (none of them an undo: `undo.effective` first), recording
        from then on if asked: what led there isn't told again."""
        g = self.rules
        st = self.initial_state()
        for seat, action in actions:
            g.apply(st, seat, action)
        st.events = [] if record else None
        return st

    def replay(self) -> Any:
        *_, (_, _, last) = self.states()
        return last

    def to_json(self) -> Json:
        out: Json = {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "names": self.names,
            "options": self.options,
            # A server's 129-bit seed as text: JavaScript and many JSON tools round integers above 2**53.
            "seed": dump_int(self.seed),
        }
        if self.setup is not None:
            out["setup"] = self.setup
        if self.start is not None:
            out["start"] = self.start
        out["actions"] = [[s, a] for s, a in self.actions]
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Match:
        try:
            actions = [(int(s), str(a)) for s, a in data.get("actions", [])]
            return cls(
                game=str(data["game"]),
                players=int(data["players"]),
                options=dict(data.get("options") or {}),
                seed=load_int(data.get("seed", 0), "seed"),
                names=[str(n) for n in data.get("names") or []],
                setup=data.get("setup"),
                start=data.get("start"),
                actions=actions,
            )
        except (KeyError, TypeError, ValueError) as e:
            raise InputError("bad-match", f"Not a match log: {e!r}") from None
