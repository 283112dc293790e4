"""Replays of finished games, served in pages: the view after each version, its log entry in words and
who was asked then, for the browser's replay viewer (docs/server.md, "Replays").

A finished game is replayed once, the first time someone asks for it: that pass keeps its log entries
(the events of each version, as history.replay records them) and a clone of the state every
`CHECKPOINT_EVERY` versions, and after every take-back. A page then costs at most `CHECKPOINT_EVERY`
applies from the nearest checkpoint before it, plus one per version shown; never a whole game. The
replays of the `CACHED_TABLES` tables asked for last are kept, least recently used going first.

Once the game is over everything is public: a page shows the public view with every seat's private part
beside it (`private`), and the events as they were, secrets included (as `ziggurat replay` prints them).
Following one seat shows exactly what that seat saw then (`Game.view(state, seat)`) and its events.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ziggurat.engine import Game, IllegalAction, Json, events_for, registry
from ziggurat.engine.undo import UNDO, effective
from ziggurat.server.errors import Refused, conflict, not_found
from ziggurat.server.table.history import rebuilt, stops, undone
from ziggurat.server.table.views import summary
from ziggurat.store import TableRecord

CHECKPOINT_EVERY = 32  # a page replays at most this many actions before its first version
CACHED_TABLES = 32  # replays kept in memory (each: its log entries and a state per 32 versions)
MAX_PAGE = 50  # versions in one page at most
ONLY_THE_SEAT = ("seat", "legal")  # parts of a seat's view that say whose view it is, not what it holds


@dataclass(frozen=True)
class Step:
    """One version of the log: who did what (None and "" for the set-up) and the events it caused."""

    version: int
    seat: int | None
    action: str
    events: list[Json]


def private(game: Game[Any, Any], state: Any, seat: int, public: Json) -> Json:
    """What `seat` sees that a spectator doesn't: every part of its view that the public view lacks or
    shows otherwise (its hand, its secret choice, what it remembers...), whatever the game calls them."""
    own = game.view(state, seat)
    return {k: v for k, v in own.items() if k not in ONLY_THE_SEAT and public.get(k, own) != v}


def everything(game: Game[Any, Any], state: Any) -> Json:
    """The view of a finished game's replay: the public view, and each seat's private part in
    `private[seat]`."""
    public = game.view(state, None)
    return {**public, "private": [private(game, state, s, public) for s in range(state.n)]}


class Replay:
    """A finished table's game, replayed once: its steps and checkpoints."""

    def __init__(self, rec: TableRecord, actions: list[tuple[int, str]]) -> None:
        self.id = rec.id
        self.game: Game[Any, Any] = registry.get(rec.game)
        self.names = [s.name for s in rec.seats]
        self.actions = actions
        self.applied = 0  # actions applied for pages (not the first pass): what the tests count
        game = self.game
        # The first pass, as history.replay: the same events, a take-back rebuilt the same way.
        state = game.new(rec.players, game.options(rec.options), rec.seed, record=True)
        self.steps = [Step(0, None, "", game.drain_events(state))]
        self.checkpoints = {0: game.clone(state)}
        for version, (seat, action) in enumerate(actions, 1):
            try:
                if action == UNDO:
                    state = rebuilt(rec, effective(actions[:version]))
                    self.steps.append(Step(version, seat, action, [undone(seat)]))
                    self.checkpoints[version] = game.clone(state)  # (rare: so no page steps over a take-back)
                    continue
                game.apply(state, seat, action)
            except IllegalAction as e:  # (as far as it goes: history.replay)
                stops(rec, version, len(actions), e)
                self.actions = actions[: version - 1]
                break
            self.steps.append(Step(version, seat, action, game.drain_events(state)))
            if version % CHECKPOINT_EVERY == 0:
                self.checkpoints[version] = game.clone(state)

    @property
    def last(self) -> int:
        return len(self.actions)

    def check(self, first: int, count: int, seat: int | None) -> int:
        """Refuse a page that isn't in this game; the number of versions it holds (MAX_PAGE at most)."""
        if not 0 <= first <= self.last:
            raise Refused("bad-version", f"This game's versions go from 0 to {self.last}, not {first}.")
        if count < 1:
            raise Refused("bad-count", f"A page holds 1 to {MAX_PAGE} versions, not {count}.")
        if seat is not None and not 0 <= seat < len(self.names):
            raise Refused("bad-seat", f"Seats are 0 to {len(self.names) - 1}.")
        return min(count, MAX_PAGE)

    def walk(self, first: int, count: int) -> Iterator[tuple[int, Any]]:
        """(version, state after it) for versions first .. first+count-1 of the game, from the nearest
        checkpoint: at most CHECKPOINT_EVERY - 1 applies before `first`. The state is the same object
        each time, changed in place: read it before the next."""
        game = self.game
        start = max(v for v in self.checkpoints if v <= first)  # (a dict of ~versions/32 keys)
        state = game.clone(self.checkpoints[start])
        for version in range(start, min(first + count, self.last + 1)):
            if version > start:
                if version in self.checkpoints:  # a take-back: its state was kept
                    state = game.clone(self.checkpoints[version])
                else:
                    seat, action = self.actions[version - 1]
                    game.apply_logged(state, seat, action)
                    self.applied += 1
            if version >= first:
                yield version, state

    def entry(self, step: Step, seat: int | None) -> Json:
        """A version's log entry as `seat` (None: everyone, the game being over) reads it."""
        events = step.events if seat is None else events_for(step.events, seat)
        return {
            "version": step.version,
            "seat": step.seat,
            "action": step.action,
            "events": events,
            "text": [self.game.describe(e, self.names) for e in events],
        }

    def page(self, rec: TableRecord, first: int, count: int, seat: int | None, with_log: bool) -> Json:
        """Versions first .. first+count-1 as `seat` (None: everything) sees them; with the whole log
        in words if asked (the viewer's list of moves to jump to)."""
        game = self.game
        shown = []
        for version, state in self.walk(first, count):
            view = everything(game, state) if seat is None else game.view(state, seat)
            entry = self.entry(self.steps[version], seat)
            shown.append({**entry, "to_act": list(game.to_act(state)), "view": view})
        out: Json = {
            "table": summary(rec, rec.version, set()),
            "names": self.names,
            "result": rec.result,
            "last": self.last,
            "seat": seat,
            "from": first,
            "steps": shown,
        }
        if with_log:
            out["log"] = [self.entry(s, seat) for s in self.steps]
        return out


class Replays:
    """The replays of the tables asked for last, `CACHED_TABLES` at most (least recently used going)."""

    def __init__(self, size: int = CACHED_TABLES) -> None:
        self.size = size
        self.cached: OrderedDict[str, Replay] = OrderedDict()
        self.built = 0  # first passes made (what the tests count)

    def get(self, table_id: str) -> Replay | None:
        found = self.cached.get(table_id)
        if found is not None:
            self.cached.move_to_end(table_id)
        return found

    def keep(self, made: Replay) -> Replay:
        """Keep a replay just made (the least recently used goes beyond `size`)."""
        self.built += 1
        self.cached[made.id] = made
        while len(self.cached) > self.size:
            self.cached.popitem(last=False)
        return made


def whole_number(text: str | None, default: int, code: str, what: str) -> int:
    """A query parameter that must be a whole number, refused in words with `code` otherwise."""
    if text is None or text == "":
        return default
    try:
        return int(text)
    except ValueError:
        raise Refused(code, f"{what} must be a whole number, not {text[:20]!r}.") from None


def finished(rec: TableRecord | None) -> TableRecord:
    """The table, if it exists and its game is over (a replay of a running game would show its secrets)."""
    if rec is None:
        raise not_found()
    if rec.status != "finished":
        raise conflict("not-finished", "A replay is shown when the game is over.")
    return rec
