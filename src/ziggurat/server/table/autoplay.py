"""The seats a table's server answers for: bots, and a person's automatic passes. Each asked seat gets
one task per decision; its answer comes back through the table's command lock like anyone's, and is
dropped if the question changed meanwhile."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from typing import TYPE_CHECKING

from ziggurat.engine import derive
from ziggurat.server.table import seating

if TYPE_CHECKING:
    from ziggurat.server.table.table import Table

log = logging.getLogger("ziggurat.server")
_jitter = secrets.SystemRandom()  # delays that nobody can predict (they hide what a seat holds)


class Autoplay:
    """The decisions under way for one table's bot seats and automatic passes."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.deciding: dict[int, asyncio.Task[None]] = {}  # seats the server is answering for now

    def schedule(self) -> None:
        """Start deciding for every asked seat the server answers for (once per decision)."""
        t = self.table
        if t.rec.status != "running":
            return
        for s in t.to_act:
            if s in self.deciding:
                continue
            if t.rec.seats[s].kind == "bot":
                decline = t.game.decline(t.state, s)
                self.deciding[s] = asyncio.create_task(self._bot_turn(s, t.asked_since[s], decline))
            elif action := self._auto_answer(s):
                self.deciding[s] = asyncio.create_task(self._auto_pass(s, t.asked_since[s], action))
        t.timers.set_alarms()

    def _auto_answer(self, seat: int) -> str | None:
        t = self.table
        return seating.auto_answer(t.rec.seats[seat], t.game.decline(t.state, seat), t.legal[seat])

    def _reaction_delay(self) -> float:
        lo, hi = self.table.settings.reaction_delay
        return _jitter.uniform(lo, hi)

    async def _bot_turn(self, seat: int, asked: int, decline: str | None) -> None:
        t = self.table
        bot_seed = derive(t.rec.seed, "bot", seat, t.version)  # reveals nothing of the seed
        action: str | None = None
        loop = asyncio.get_running_loop()
        try:
            if decline is None:
                # Paced for people: the bot's action comes `bot_delay` after the change before it, so
                # each can be seen (and its animation played) before the next; its thinking counts
                # toward that time instead of adding to it.
                answer_at = loop.time() + t.settings.bot_delay
                budget = None
            else:
                # A question every seat gets: answered at a random moment, whether the bot could do
                # anything or not, and it thinks for less than the shortest delay.
                answer_at = loop.time() + self._reaction_delay()
                budget = max(0.05, 0.75 * t.settings.reaction_delay[0])
            level = t.rec.seats[seat].level or "random"
            action = await t.bots.choose(t.rec.game, t.game.to_json(t.state), seat, level, bot_seed, budget)
            await asyncio.sleep(max(0.0, answer_at - loop.time()))
        except Exception:
            log.exception("table %s: bot for seat %d failed", t.id, seat)
        await t.call(lambda: self._bot_act(seat, asked, action, bot_seed))

    async def _bot_act(self, seat: int, asked: int, action: str | None, bot_seed: int) -> None:
        t = self.table
        self.deciding.pop(seat, None)
        try:
            fresh = t.asked_since.get(seat) == asked and t.rec.seats[seat].kind == "bot"
            if t.rec.status == "running" and fresh and seat in t.to_act:
                if action not in t.legal[seat]:  # the bot failed or ran out of time: play goes on
                    decline = t.game.decline(t.state, seat)
                    action = decline or random.Random(bot_seed).choice(t.legal[seat])
                await t.commit(seat, action)
        finally:
            self.schedule()

    async def _auto_pass(self, seat: int, asked: int, action: str) -> None:
        """Pass for a person who asked for it, after a delay that looks like someone deciding."""
        await asyncio.sleep(self._reaction_delay())
        await self.table.call(lambda: self._auto_act(seat, asked, action))

    async def _auto_act(self, seat: int, asked: int, action: str) -> None:
        t = self.table
        self.deciding.pop(seat, None)
        try:
            fresh = t.asked_since.get(seat) == asked and seat in t.to_act
            # Still the same question, still theirs, still switched on, still all they can do.
            if t.rec.status == "running" and fresh and self._auto_answer(seat) == action:
                await t.commit(seat, action)
        finally:
            self.schedule()
