"""Bringing a table back from the store, and the snapshots that shorten that.

The stored log is the truth: a table is its log replayed (exact by the engine's contract). A snapshot
is only a short cut to the same table, taken from a running one in one go; one that doesn't fit its
log is ignored (logged) and the whole log replayed."""

from __future__ import annotations

import json
import logging
import time
from typing import TYPE_CHECKING, Any

from ziggurat.engine import IllegalAction
from ziggurat.server.table import history, snapshot_log
from ziggurat.store import Snapshot, jsontext

if TYPE_CHECKING:
    from ziggurat.server.table.table import Table

log = logging.getLogger("ziggurat.server")


async def restore(
    t: Table,
    actions: list[tuple[int, str]],
    snapshot: Snapshot | None = None,
    last: tuple[int, str] | None = None,
    latest: tuple[int, float, str | None] | None = None,
) -> None:
    """Replay the stored log to the version last acknowledged: `actions` is the whole log, or with a
    `snapshot`, the actions after it (`last`: the stored action at the snapshot's version). `latest`:
    the last stored action (number, time, clocks), if the caller read it already (else read here, at a
    table with a clock)."""
    if t.rec.status == "open":
        return
    base = None if snapshot is None else _readable(t, snapshot, last)
    # A snapshot of a server whose reads could round large integers (snapshot_log.FORMAT) is not
    # taken on trust: the whole log is replayed instead, each action checked as when it was played,
    # and a log that stops replaying is repaired (`_cut`).
    suspect = base if base is not None and not base[1].exact else None
    if suspect is not None:
        base = None
    if snapshot is not None and base is None:
        actions = await t.store.actions(t.id)
    start = 0 if base is None or snapshot is None else snapshot.version
    total = start + len(actions)
    # (read first: nothing may see the table half-built)
    ok = latest is not None and latest[0] == total
    last_clocks = latest if ok else await t.timers.last(total)
    if base is None:
        t.new_state()
    else:
        t.state, head = base
        t.log_from(head)
        asked = head.asked_since
        t.version = start
        t.to_act = t.game.to_act(t.state) if t.game.result(t.state) is None else ()
        t.legal = {s: t.game.legal(t.state, s) for s in t.to_act}
        t.asked_since = asked
    # Who is asked what matters only at the end: work it out for the last few actions only (enough
    # to date each asked seat's decision: at most one answer per seat since it began, in practice).
    tail = max(0, total - 2 * t.rec.players)
    checked = suspect is not None or t.rec.status == "finished"
    for i, (seat, action) in enumerate(actions, start):
        if i == tail and i:  # forget the set-up's askings: the tail dates decisions afresh
            t.to_act, t.legal, t.asked_since = (), {}, {}
        try:
            t.apply(seat, action, refresh=i >= tail, checked=checked)
        except IllegalAction as e:
            if not checked:
                raise
            await _cut(t, e, total)
            last_clocks = await t.timers.last(t.version)
            break
        if suspect is not None and snapshot is not None and t.version == snapshot.version:
            _compare(t, suspect[0], snapshot.version)
    if 0 < tail < start:
        # The snapshot is within the tail: its table dated decisions from further back than a
        # replay does (which starts afresh at the tail), or as far; a replay's dates are the same
        # but none before the tail's first action (an asked seat is then asked since that one).
        t.asked_since = {s: max(v, tail + 1) for s, v in t.asked_since.items()}
    t.snapshot_version = start if base is not None else (0 if snapshot is None else -1)
    if t.rec.status == "running" and t.game.result(t.state) is not None:
        await t.finish()  # the server died between storing the last action and marking the end
    t.timers.resume(last_clocks)
    t.autoplay.schedule()


def _compare(t: Table, written: Any, version: int) -> None:
    """Say so if a snapshot of an earlier format disagrees with its log's replay (the replay stands)."""
    if t.game.to_json(written) != t.game.to_json(t.state):
        log.warning(
            "table %s: its snapshot at version %d disagrees with its log's replay (written by a server "
            "whose reads rounded large integers); the log's replay stands",
            t.id,
            version,
        )


async def _cut(t: Table, refusal: IllegalAction, total: int) -> None:
    """The stored log stops replaying after this version, on a table whose snapshot was written by a
    server whose reads could round: its later actions were played in a game the log no longer
    gives. A running table plays on from here, its later actions set aside (kept, never replayed);
    a finished one keeps its result and replays as far as its log goes (docs/server.md)."""
    first = t.version + 1
    if t.rec.status == "finished":
        t.to_act, t.legal, t.asked_since = (), {}, {}
        history.stops(t.rec, first, total, refusal)
        return
    t.refresh(None)  # (who is asked now, since now)
    moved = await t.store.set_aside(t.id, first, t.fence)
    t.rec.version = min(t.rec.version, t.version)
    log.warning(
        "table %s: its log stops replaying at action %d of %d (%s), after a restore from a snapshot "
        "written while reads rounded large integers; it plays on from version %d, %d later actions "
        "set aside",
        t.id,
        first,
        total,
        refusal.code,
        t.version,
        moved,
    )


def snapshot(t: Table) -> Snapshot | None:
    """The running table as it stands, for a restart to start from (None: nothing worth keeping).
    Taken in one go, no await between its parts: the state, the log and who is asked since when
    change only together, inside a command."""
    if t.state is None or t.closed or t.rec.status != "running" or not t.version:
        return None
    state = json.dumps(t.game.to_json(t.state), separators=(",", ":"))
    log_ = snapshot_log.encode(t.log, t.asked_since)
    return Snapshot(t.id, t.version, state, log_, time.time(), t.fence)


def _readable(t: Table, snap: Snapshot, last: tuple[int, str] | None) -> tuple[Any, snapshot_log.Head] | None:
    """A snapshot's state, recording from now on as a replayed state does, and the head of its log;
    None (logged) if it doesn't fit this table's stored log or can't be read any more."""
    try:
        if t.rec.status != "running":
            raise ValueError(f"the table is {t.rec.status}")
        head = snapshot_log.read_head(snap.log)
        if head.count != snap.version + 1:
            raise ValueError("its entries are not those of its versions")
        if last is None or head.last != tuple(last):
            raise ValueError("its last action is not the stored one")
        state = t.game.from_json(jsontext.loads(snap.state))
        state.events = []  # recording from now on (what came before is in the entries)
        asked = head.asked_since
        to_act = t.game.to_act(state) if t.game.result(state) is None else ()
        if set(asked) != set(to_act) or any(not 0 <= v <= snap.version for v in asked.values()):
            raise ValueError("who it asks is not who its state asks")
    except Exception as e:  # (a rules change, a hand edit: the log is the truth)
        log.warning(
            "table %s: snapshot at version %d not used (%s); replaying the whole log",
            t.id,
            snap.version,
            e,
        )
        return None
    return state, head
