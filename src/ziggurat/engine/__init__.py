"""Game-agnostic core: the contract, errors, seeded RNG, registry, match log and replay."""

from ziggurat.engine.errors import IllegalAction, InputError, ScenarioError, ZigguratError
from ziggurat.engine.game import Action, Game, Info, Json, Result, emit, events_for
from ziggurat.engine.jsonint import dump_int, load_int
from ziggurat.engine.match import Match
from ziggurat.engine.registry import all_games, get
from ziggurat.engine.rng import Rng, derive, secret_seed

__all__ = [
    "Action",
    "Game",
    "IllegalAction",
    "Info",
    "InputError",
    "Json",
    "Match",
    "Result",
    "Rng",
    "ScenarioError",
    "ZigguratError",
    "all_games",
    "derive",
    "dump_int",
    "emit",
    "events_for",
    "get",
    "load_int",
    "secret_seed",
]
