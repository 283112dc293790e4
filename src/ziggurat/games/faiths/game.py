"""Faiths bound to the engine contract: its metadata and the hooks `Game` wraps."""

from __future__ import annotations

from ziggurat.engine import Game, Info
from ziggurat.games.faiths import bounds, rules, setup, text, view
from ziggurat.games.faiths.determinize import determinize
from ziggurat.games.faiths.expect import expect
from ziggurat.games.faiths.setup import FaithsOptions
from ziggurat.games.faiths.state import FaithsState


class Faiths(Game[FaithsState, FaithsOptions]):
    info = Info(
        id="faiths",
        name="Faiths",
        min_players=4,
        max_players=11,
        hidden_information=True,
        simultaneous=False,
        summary="Major religions spread across Asia and the Middle East: occupy 14 of 26 territories.",
        action_example="place:tibet",
        action_space=bounds.action_space,
        max_length=bounds.max_length,
        heuristic="ziggurat.games.faiths.heuristic:HEURISTIC",
        observer="ziggurat.games.faiths.observe:FaithsEncoder",
    )
    Options = FaithsOptions

    def __init__(self) -> None:
        super().__init__(rules, setup, view, text)

    _decline = staticmethod(rules.decline)
    determinize = staticmethod(determinize)
    expect = staticmethod(expect)


GAME = Faiths()
