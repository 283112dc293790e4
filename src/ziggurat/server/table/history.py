"""A table's history: the entries of its log (an action and the events it caused) and the public log a
spectator may read, built from a live table or replayed from the store."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from ziggurat.engine import IllegalAction, Json, Match, events_for, registry
from ziggurat.engine.undo import UNDO, effective, undo_event
from ziggurat.store import TableRecord

log = logging.getLogger("ziggurat.server")


@dataclass
class Entry:
    """One accepted action and the events it caused (unfiltered: filter per viewer when sending)."""

    version: int
    seat: int | None  # None for the set-up (version 0)
    action: str
    events: list[Json]


def replay(rec: TableRecord, actions: list[tuple[int, str]]) -> list[Entry]:
    """The entries of a stored game, by replaying its log (exact by the engine's contract). A finished
    game's log that stops replaying part-way (one a server of the affected versions played on after a
    rounded restore: docs/server.md, "Snapshots") gives the entries as far as it goes."""
    game = registry.get(rec.game)
    state = game.new(rec.players, game.options(rec.options), rec.seed, record=True)
    entries = [Entry(0, None, "", game.drain_events(state))]
    for version, (seat, action) in enumerate(actions, 1):
        try:
            if action == UNDO:
                state = rebuilt(rec, effective(actions[:version]))
                entries.append(Entry(version, seat, action, [undone(seat)]))
                continue
            game.apply(state, seat, action)
        except IllegalAction as e:
            if rec.status != "finished":
                raise
            stops(rec, version, len(actions), e)
            break
        entries.append(Entry(version, seat, action, game.drain_events(state)))
    return entries


def stops(rec: TableRecord, version: int, total: int, refusal: IllegalAction) -> None:
    log.warning(
        "table %s (finished): its log stops replaying at action %d of %d (%s); shown as far as it goes",
        rec.id,
        version,
        total,
        refusal.code,
    )


def rebuilt(rec: TableRecord, standing: list[tuple[int, str]]) -> Any:
    """The table's state after the actions still standing (undos took theirs back), recording from now
    on: what came before was told when it happened."""
    return Match(rec.game, rec.players, rec.options, rec.seed).state_after(standing, record=True)


def undone(seat: int) -> Json:
    """The event of a take-back (engine/undo.py), worded alike in every game."""
    return undo_event(seat)


def public_log(rec: TableRecord, entries: list[Entry], table: Json) -> Json:
    """What happened, as a spectator sees it: events without secrets, and sentences."""
    game = registry.get(rec.game)
    names = [s.name for s in rec.seats]
    out = []
    for e in entries:
        if e.version or e.events:
            evs = events_for(e.events, None)
            text = [game.describe(x, names) for x in evs]
            out.append({"version": e.version, "seat": e.seat, "events": evs, "text": text})
    return {"table": table, "names": names, "log": out}
