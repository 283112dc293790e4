"""Turn clocks: a table's time control, and every seat's clock as it runs.

Real-time: each person has a bank (say 5 minutes) that runs while they are asked to decide, and gains
an increment when their turn ends by their own action (Fischer's rule). Turn-based: every decision has
its own period (say 24 hours). Several clocks run at once when several seats are asked (a secret choice,
reactions). Bots have no clock: they keep their own pace.

When a person's clock runs out, a bot of the table's level plays that decision for them (the seat stays
theirs) and the timeout is counted; after `KICKABLE` the host may kick them at once. A real-time bank
that ran out is refilled with the increment, or a short grace if that is less, so the person can play
their next decisions.

Clocks are stored with the action log: each action's row carries the clocks as they stood just before it
(the row has the action's time), so a restart or another process taking over replays the log, then that
last action's effect on the clocks, and every clock runs on where it was. Deadlines are wall-clock times:
time passes for a clock while the server is down, as it does at a real table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Literal

from ziggurat.engine import Json
from ziggurat.server.errors import Refused

Mode = Literal["realtime", "turn"]
KICKABLE = 3  # timeouts in a game after which the host may kick the player at once
GRACE = 20.0  # seconds at least for each decision after a real-time bank ran out (or the bank, if shorter)
MAX_BANK = {"realtime": 3 * 3600.0, "turn": 14 * 86400.0}
MAX_INCREMENT = 600.0


@dataclass(frozen=True)
class TimeControl:
    mode: Mode
    bank: float  # real-time: each person's starting bank; turn-based: the time for each decision
    increment: float = 0.0  # real-time: seconds added when a person's turn ends by their action

    def to_json(self) -> Json:
        return {"mode": self.mode, "bank": self.bank, "increment": self.increment}

    @classmethod
    def parse(cls, data: Any, floor: float) -> TimeControl | None:
        """A time control from the creator's choice (None: no clock), or a clear refusal."""
        if data is None:
            return None
        if not isinstance(data, dict) or not set(data) <= {"mode", "bank", "increment"}:
            raise _bad("A time control is {mode, bank, increment}.")
        mode = data.get("mode")
        if mode in (None, "none"):
            return None
        if mode not in ("realtime", "turn"):  # (a tuple: a list or an object is no key of MAX_BANK)
            raise _bad("A time control's mode is none, realtime or turn.")
        bank, inc = _seconds(data.get("bank"), "bank"), _seconds(data.get("increment", 0), "increment")
        if not floor <= bank <= MAX_BANK[mode]:
            raise _bad(f"The time must be between {_span(floor)} and {_span(MAX_BANK[mode])}.")
        if inc > MAX_INCREMENT or (mode == "turn" and inc):
            raise _bad("The increment is for real-time clocks, at most 10 minutes.")
        return cls(mode, bank, inc)


def _seconds(v: Any, what: str) -> float:
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v) or v < 0:
        raise _bad(f"The time control's {what} is a number of seconds.")
    return float(v)


def _span(seconds: float) -> str:
    if seconds >= 86400:
        return f"{seconds / 86400:g} days"
    if seconds >= 3600:
        return f"{seconds / 3600:g} hours"
    return f"{seconds:g} seconds"


def _bad(message: str) -> Refused:
    return Refused("bad-clock", message)


@dataclass
class Clocks:
    """Every seat's clock. A running clock is (when it started, the version its decision began at);
    `bank` is what was left when it started."""

    control: TimeControl
    bank: list[float]
    run: list[tuple[float, int] | None]
    timeouts: list[int]
    credit: list[float] = field(default_factory=list)  # the increment of the seat's last turn (undo)

    @classmethod
    def new(cls, control: TimeControl, players: int) -> Clocks:
        return cls(control, [control.bank] * players, [None] * players, [0] * players, [0.0] * players)

    def left(self, seat: int, now: float) -> float:
        run = self.run[seat]
        return max(0.0, self.bank[seat] - (now - run[0] if run else 0.0))

    def deadline(self, seat: int) -> float | None:
        run = self.run[seat]
        return None if run is None else run[0] + self.bank[seat]

    def step(
        self,
        now: float,
        asked: dict[int, int],
        acted: int | None = None,
        timed_out: bool = False,
        undo: bool = False,
    ) -> None:
        """After a change at `now`: `asked` holds each person asked to decide and the version their
        decision began at (bots left out); `acted` is who made the change, if anyone (a timed-out seat
        when a bot played for them; an undo takes back the increment its turn gained)."""
        for s in range(len(self.bank)):
            run, decision = self.run[s], asked.get(s)
            if run is not None and run[1] != decision:  # that decision is over
                self.bank[s] = max(0.0, self.bank[s] - (now - run[0]))
                self.run[s] = None
                if s == acted and timed_out:
                    self.timeouts[s] += 1
                    self.bank[s] = max(self.control.increment, min(GRACE, self.control.bank))
                elif s == acted and decision is None and not undo and self.control.mode == "realtime":
                    self.bank[s] += self.control.increment  # their turn is over: Fischer's increment
                    self.credit[s] = self.control.increment
            if s == acted and undo:
                self.bank[s] = max(0.0, self.bank[s] - self.credit[s])
                self.credit[s] = 0.0
            if decision is not None and self.run[s] is None:
                if self.control.mode == "turn":
                    self.bank[s] = self.control.bank
                self.run[s] = (now, decision)
                self.credit[s] = 0.0  # a new turn: the last one can no longer be taken back

    def view(self, now: float) -> Json:
        """What every client is told: seconds left per seat as of sending, whose run, timeouts."""
        return {
            **self.control.to_json(),
            "left": [round(self.left(s, now), 2) for s in range(len(self.bank))],
            "running": [r is not None for r in self.run],
            "timeouts": list(self.timeouts),
        }

    # Stored in each action's row as compact JSON: the clocks just before that action.
    def to_json(self, timed_out: bool = False) -> Json:
        out: Json = {
            "bank": [round(b, 4) for b in self.bank],
            "run": [None if r is None else [round(r[0], 4), r[1]] for r in self.run],
            "timeouts": list(self.timeouts),
            "credit": list(self.credit),
        }
        if timed_out:
            out["timed_out"] = True
        return out

    @classmethod
    def from_json(cls, control: TimeControl, data: Json) -> tuple[Clocks, bool]:
        """The clocks stored with an action, and whether that action was played for a timed-out seat."""
        run = [None if r is None else (float(r[0]), int(r[1])) for r in data["run"]]
        bank, credit = [float(b) for b in data["bank"]], [float(c) for c in data["credit"]]
        return cls(control, bank, run, list(data["timeouts"]), credit), bool(data.get("timed_out"))
