"""Zealous bound to the engine contract: its metadata and the hooks `Game` wraps."""

from __future__ import annotations

from ziggurat.engine import Game, Info
from ziggurat.games.zealous import bounds, rules, setup, text, view
from ziggurat.games.zealous.determinize import determinize
from ziggurat.games.zealous.expect import expect
from ziggurat.games.zealous.setup import ZealousOptions
from ziggurat.games.zealous.state import ZealousState


class Zealous(Game[ZealousState, ZealousOptions]):
    info = Info(
        id="zealous",
        name="Zealous",
        min_players=3,
        max_players=6,
        hidden_information=True,
        simultaneous=False,
        summary="Prophets, followers and starting over: hold ground around the Holy City.",
        action_example="move:e1",
        action_space=bounds.action_space,
        max_length=bounds.max_length,
        heuristic="ziggurat.games.zealous.heuristic:HEURISTIC",
        observer="ziggurat.games.zealous.observe:ZealousEncoder",
    )
    Options = ZealousOptions

    def __init__(self) -> None:
        super().__init__(rules, setup, view, text)

    determinize = staticmethod(determinize)
    expect = staticmethod(expect)


GAME = Zealous()
