"""Everything a game's bot plug-ins (its heuristic, and a learned value's features) import of the bots.

A game names its heuristic in `Info.heuristic` ("module:attribute"); the bots import it when they
first play the game. The heuristic and the modules it uses import this module and no other of
`ziggurat.bots`, so the bots can rearrange their insides without touching a game
(tests/test_layers.py holds them to it; docs/adding-a-game.md shows how to write one).

- `Heuristic`: what a bot knows of a game (values, playout policies, an exact `solve`); the generic
  one plays random playouts. `Projection`: a heuristic that projects every seat's final score.
- `Tuning`, `Settings`, `PlanSettings`: how the `hard` bot searches the game (a heuristic's `hard`).
- `LinearValue`, `chances`: a learned value's weights file, and its win chances from feature rows.
- `margin`, `softmax`: one seat's projection against the field; projections to win chances.
"""

from ziggurat.bots.heuristics.base import Heuristic, Projection, margin, softmax
from ziggurat.bots.heuristics.tuning import PlanSettings, Settings, Tuning
from ziggurat.bots.learned import LinearValue, chances

__all__ = [
    "Heuristic",
    "LinearValue",
    "PlanSettings",
    "Projection",
    "Settings",
    "Tuning",
    "chances",
    "margin",
    "softmax",
]
