"""Zombology bound to the engine contract: its metadata and the hooks `Game` wraps."""

from __future__ import annotations

from ziggurat.engine import Game, Info
from ziggurat.games.zombology import bounds, rules, setup, text, view
from ziggurat.games.zombology.determinize import determinize
from ziggurat.games.zombology.expect import expect
from ziggurat.games.zombology.setup import ZombologyOptions
from ziggurat.games.zombology.state import ZombologyState


class Zombology(Game[ZombologyState, ZombologyOptions]):
    info = Info(
        id="zombology",
        name="Zombology",
        min_players=3,
        max_players=8,
        hidden_information=True,
        simultaneous=True,
        summary="Cure the zombie plague together, and be influential in the cure: secret simultaneous play.",
        action_example="choose:crystals-1-1",
        always_a_winner=False,
        action_space=bounds.action_space,
        max_length=bounds.max_length,
        heuristic="ziggurat.games.zombology.heuristic:HEURISTIC",
        observer="ziggurat.games.zombology.observe:ZombologyEncoder",
    )
    Options = ZombologyOptions

    def __init__(self) -> None:
        super().__init__(rules, setup, view, text)

    _not_asked = staticmethod(rules.not_asked)
    determinize = staticmethod(determinize)  # determinize.py says exactly what is kept
    expect = staticmethod(expect)


GAME = Zombology()
