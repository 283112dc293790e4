"""A table's turn clocks (server/table/clocks.py) as they run: resumed after a restart or a takeover, stepped
as seats are asked and answer, and one timer per running clock, after which a bot of the table's level
plays that decision for the person whose time ran out."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from typing import TYPE_CHECKING, Any

from ziggurat.engine import Json, derive
from ziggurat.engine.undo import UNDO
from ziggurat.server.errors import conflict
from ziggurat.server.table.clocks import Clocks, TimeControl
from ziggurat.store import jsontext

if TYPE_CHECKING:
    from ziggurat.server.table.table import Table

log = logging.getLogger("ziggurat.server")
TIMEOUT_THINK = 0.5  # seconds a bot thinks for a person whose clock ran out (the table waits already)


class Timers:
    """The clocks of one table (None: no time control, or not running) and their timers."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.clocks: Clocks | None = None  # every seat's clock, in a game under a time control
        self.alarms: dict[int, tuple[int, asyncio.Task[None]]] = {}  # clocks' timers: (decision, task)

    def asked_people(self) -> dict[int, int]:
        """The people asked to decide now, and the version each one's decision began at."""
        t = self.table
        return {s: t.asked_since[s] for s in t.to_act if t.rec.seats[s].kind == "human"}

    def seats_changed(self) -> None:
        """Seats changed hands (a kick): a bot's clock stops."""
        if self.clocks is not None:
            self.clocks.step(time.time(), self.asked_people())

    async def last(self, version: int) -> tuple[int, float, str | None] | None:
        """The clocks stored with action `version`, the last one (at a table with a clock)."""
        t = self.table
        if t.rec.clock is None or not version:
            return None
        return await t.store.last_action(t.id)

    def resume(self, last: tuple[int, float, str | None] | None) -> None:
        """The clocks of a game under a time control as they are now: at its start, or from those stored
        with its last action (`last`: number, time, clocks), then that action's effect on them; after a
        restart, a takeover or a catch-up."""
        t = self.table
        control = None if t.rec.clock is None else TimeControl(**t.rec.clock)
        if control is None or t.rec.status != "running":
            self.clocks = None
            return
        if last is not None and last[0] == t.version and last[2] is not None:
            clocks, timed_out = Clocks.from_json(control, jsontext.loads(last[2]))
            seat, action = t.last_move()
            clocks.step(last[1], self.asked_people(), seat, timed_out, undo=action == UNDO)
        else:  # the game's start (or a log stored without clocks: they start now)
            clocks = Clocks.new(control, t.rec.players)
            at = t.rec.started_at if not t.version and t.rec.started_at else time.time()
            clocks.step(at, self.asked_people())
        self.clocks = clocks

    def view(self, cache: dict[Any, Any]) -> Json | None:
        if self.clocks is None:
            return None
        if "clock" not in cache:  # (the same for everyone: seconds left as of this message)
            cache["clock"] = self.clocks.view(time.time())
        view: Json = cache["clock"]
        return view

    def check(self, seat: int) -> None:
        if self.clocks is not None and self.clocks.run[seat] and self.clocks.left(seat, time.time()) <= 0:
            raise conflict("out-of-time", "Your time ran out: a bot is playing this decision for you.")

    def set_alarms(self) -> None:
        """One timer per running clock, for its decision; a timer whose decision is over goes."""
        t = self.table
        clocks = self.clocks if t.rec.status == "running" else None
        for s, (decision, task) in list(self.alarms.items()):
            run = None if clocks is None else clocks.run[s]
            if run is None or run[1] != decision:
                del self.alarms[s]
                if task is not asyncio.current_task():
                    task.cancel()
        if clocks is None:
            return
        for s, run in enumerate(clocks.run):
            if run is not None and s not in self.alarms and t.rec.seats[s].kind == "human":
                deadline = clocks.deadline(s)
                assert deadline is not None
                self.alarms[s] = (run[1], asyncio.create_task(self._alarm(s, run[1], deadline)))

    def _timeout_level(self) -> str:
        """The table's level: its bots' (the most common), else the server's default."""
        t = self.table
        levels = [s.level for s in t.rec.seats if s.kind == "bot" and s.level]
        return max(levels, key=levels.count) if levels else t.settings.default_bot_level

    async def _alarm(self, seat: int, decision: int, deadline: float) -> None:
        """When the seat's clock runs out: a bot of the table's level plays that decision for them."""
        t = self.table
        await asyncio.sleep(max(0.0, deadline - time.time()))
        bot_seed = derive(t.rec.seed, "timeout", seat, t.version)
        action: str | None = None
        try:  # (a short think: the others are waiting already)
            state, level = t.game.to_json(t.state), self._timeout_level()
            action = await t.bots.choose(t.rec.game, state, seat, level, bot_seed, TIMEOUT_THINK)
        except Exception:
            log.exception("table %s: bot for timed-out seat %d failed", t.id, seat)
        await t.call(lambda: self._time_out(seat, decision, action, bot_seed))

    async def _time_out(self, seat: int, decision: int, action: str | None, bot_seed: int) -> None:
        t = self.table
        if self.alarms.get(seat, (None, None))[1] is asyncio.current_task():
            del self.alarms[seat]
        try:
            run = None if self.clocks is None else self.clocks.run[seat]
            fresh = run is not None and run[1] == decision and seat in t.to_act
            if t.rec.status == "running" and fresh:
                if action not in t.legal[seat]:  # the bot failed, or the question changed meanwhile
                    decline = t.game.decline(t.state, seat)
                    action = decline or random.Random(bot_seed).choice(t.legal[seat])
                await t.commit(seat, action, timed_out=True)
        finally:
            t.autoplay.schedule()
