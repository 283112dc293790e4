"""What a game's modules provide to `Game`: its rules, its records (set-up and state JSON), its views
and its words. Each is a protocol that a module satisfies by defining functions of these names, and
mypy checks the module against it where the game hands it to `Game.__init__`. So a game is written as
small modules with one job each, bound to the contract in one line, with nothing forwarded by hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from ziggurat.engine.errors import IllegalAction
from ziggurat.engine.text import Wording

Json = dict[str, Any]
S = TypeVar("S")
In = TypeVar("In", contravariant=True)  # a state the module only reads or changes
Opt = TypeVar("Opt", contravariant=True)


class Rules(Protocol[In]):
    """rules.py: who is asked, what they may do, and doing it."""

    def to_act(self, state: In, /) -> tuple[int, ...]:
        """The seats that must decide now; empty when the game is over."""

    def legal(self, state: In, seat: int, /) -> list[str]:
        """A real seat's legal actions, worked out afresh; [] for a seat not asked."""

    def play(self, state: In, seat: int, action: str, /) -> None:
        """Apply an action known to be legal."""

    def refuse(self, state: In, seat: int, action: str, /) -> IllegalAction | None:
        """The game's own reason to refuse an asked seat's action (None: "isn't possible now")."""


class Records(Protocol[S, Opt]):
    """setup.py: a new game, and the complete state as JSON."""

    @property
    def SETUP_KEYS(self) -> tuple[str, ...]:
        """What a scenario's `setup` may hold."""

    def new_state(
        self, players: int, options: Opt, seed: int, setup: Mapping[str, Any], events: list[Json] | None, /
    ) -> S:
        """A fresh state; `events` is the list to record into from the set-up on (None: no recording)."""

    def state_to_json(self, state: S, /) -> Json:
        """The complete state, secrets included (`Game.to_json` adds the game and table size)."""

    def state_from_json(self, data: Mapping[str, Any], /) -> S:
        """The state back: raise InputError (or KeyError, ValueError...) for a bad one."""


class Views(Protocol[In]):
    """view.py: what a seat may see."""

    def view(self, state: In, seat: int | None, /) -> Json:
        """The game's fields of a real seat's (or a spectator's) view; `Game.view` adds the rest."""


class Words(Protocol[In]):
    """text.py: events, the board and actions in words."""

    @property
    def WORDING(self) -> Mapping[str, Wording]:
        """Event type -> its words (engine/text.py)."""

    def board_text(self, state: In, seat: int | None, names: Sequence[str], /) -> str:
        """A readable text board from `seat`'s point of view."""

    def describe_action(self, state: In, seat: int, action: str, /) -> str:
        """A menu label for a legal action."""
