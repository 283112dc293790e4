"""Zenith bound to the engine contract: its metadata and the hooks `Game` wraps."""

from __future__ import annotations

from ziggurat.engine import Game, Info
from ziggurat.games.zenith import bounds, rules, setup, text, view
from ziggurat.games.zenith.expect import expect
from ziggurat.games.zenith.setup import ZenithOptions
from ziggurat.games.zenith.state import ZenithState


class Zenith(Game[ZenithState, ZenithOptions]):
    info = Info(
        id="zenith",
        name="Zenith",
        min_players=2,
        max_players=4,
        hidden_information=False,
        simultaneous=False,
        summary="Stack triangles towards the summit: the last player able to place wins.",
        action_example="place:0.1.2",
        random_setup=False,
        action_space=bounds.action_space,
        max_length=bounds.max_length,
        heuristic="ziggurat.games.zenith.heuristic:HEURISTIC",
        observer="ziggurat.games.zenith.observe:ZenithEncoder",
    )
    Options = ZenithOptions

    def __init__(self) -> None:
        super().__init__(rules, setup, view, text)

    _not_asked = staticmethod(rules.not_asked)
    expect = staticmethod(expect)


GAME = Zenith()
