"""OpenSpiel games for every registered game: importing this module registers `python_ziggurat_<id>`.

    import pyspiel, ziggurat.rl.openspiel
    game = pyspiel.load_game("python_ziggurat_zealous", {"players": 4, "length": "advanced"})

Parameters: `players` (default: the game's smallest count), the game's own options, and `seeds` for
games with a random set-up.

Chance model: the games shuffle with a seeded generator carried in the state, so all of a game's
randomness follows from its seed. The only chance node is the first one: it picks the seed uniformly
from `range(seeds)` (explicit stochastic); everything after it is deterministic. A game whose set-up
is not random (`Info.random_setup`) has no chance node. The outcome is hidden from every player:
views never show the seed.

Information: the information-state string is the seat's view (canonical JSON) followed by the public
action history. Every action of these games is public once applied (Zombology's secret choices are
revealed together, by the very joint action that makes them). The observation string is the view
alone. Tensors encode the view (the game's `Info.observer`, reading the engine state for exactly what
the view holds) for both; the views carry what a seat remembers (Zombology's `remembered`, Faiths'
`known`), so they are the state a policy needs.

`resample_from_infostate(player)` returns a clone whose engine state is `determinize(state, player,
rng)`, so OpenSpiel's Python `ISMCTSBot` can play every game (its history is the real one, not a path
to the sample). Zombology's secret choice is a simultaneous node; its other decisions are sequential.

A game with simultaneous choices is also registered turn-based, `python_ziggurat_<id>_turn_based`: the
seats asked together answer one by one (lowest first), each seeing only its own view, so the choices
made before its own stay hidden (as they are face down at the table) and stand in the public history
as `seat:?` until the round is over. Sequential-only algorithms (ISMCTS) play it with resampling,
which OpenSpiel's C++ turn-based wrapper cannot offer: `determinize` redeals the earlier choices too.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any, ClassVar

import numpy as np
import pyspiel

from ziggurat.engine import Game, Json, all_games
from ziggurat.rl.spec import Binding, adaptable, bind

PREFIX = "python_ziggurat_"
TURN_BASED = "_turn_based"  # the suffix of a simultaneous game's turn-based registration
DEFAULT_SEEDS = 1 << 10

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


class _Context:
    """What every state of one loaded game shares. Shared, not copied, when OpenSpiel clones a state
    (its Python-side clone deep-copies every attribute)."""

    def __init__(self, binding: Binding, seeds: int, rng_seed: int, turn_based: bool) -> None:
        self.binding = binding
        self.turn_based = turn_based
        self.game = binding.game
        self.seeds = seeds
        self.names = [f"player_{s}" for s in range(binding.players)]
        self.rng = random.Random(rng_seed)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Context:
        return self


class _Engine:
    """Holds the engine state; a deep copy is the game's own (cheap) clone."""

    __slots__ = ("game", "st")

    def __init__(self, game: Game[Any, Any], st: Any) -> None:
        self.game = game
        self.st = st

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.game, self.game.clone(self.st))


def game_type(game: Game[Any, Any], turn_based: bool = False) -> Any:
    info = game.info
    params: dict[str, Any] = {"players": info.min_players}
    if info.random_setup:
        params["seeds"] = DEFAULT_SEEDS
    # OpenSpiel's parameters are scalars: card counts (a mapping) stay at the printed game here.
    params.update({k: v for k, v in game.options_json(game.options()).items() if not isinstance(v, dict)})
    T = pyspiel.GameType
    return T(
        short_name=PREFIX + info.id + (TURN_BASED if turn_based else ""),
        long_name=f"Python Ziggurat {info.name}" + (" (turn-based)" if turn_based else ""),
        dynamics=(T.Dynamics.SIMULTANEOUS if info.simultaneous and not turn_based else T.Dynamics.SEQUENTIAL),
        chance_mode=T.ChanceMode.EXPLICIT_STOCHASTIC if info.random_setup else T.ChanceMode.DETERMINISTIC,
        information=(
            T.Information.IMPERFECT_INFORMATION
            if info.hidden_information
            else T.Information.PERFECT_INFORMATION
        ),
        utility=T.Utility.CONSTANT_SUM if info.always_a_winner else T.Utility.GENERAL_SUM,
        reward_model=T.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class ZigguratGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """One subclass per game (`register` makes them): OpenSpiel calls the class with the parameters."""

    game: ClassVar[Game[Any, Any]]
    gtype: ClassVar[Any]
    turn_based: ClassVar[bool] = False  # seats asked together answer one by one (module docstring)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game, gtype = self.game, self.gtype
        params = dict(params or {})
        fields = {f.name for f in dataclasses.fields(game.Options)}
        binding = bind(
            game,
            int(params.get("players", game.info.min_players)),
            {k: v for k, v in params.items() if k in fields},
        )
        stochastic = binding.stochastic
        seeds = int(params.get("seeds", DEFAULT_SEEDS)) if stochastic else 0
        if stochastic and seeds < 1:
            raise ValueError("seeds must be at least 1")
        self._ctx = _Context(binding, seeds, rng_seed=0, turn_based=self.turn_based)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(binding.space),
            max_chance_outcomes=seeds,
            num_players=binding.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0 if game.info.always_a_winner else None,
            max_game_length=binding.max_length,
        )
        super().__init__(gtype, info, params)

    def new_initial_state(self) -> ZigguratState:
        return ZigguratState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ZigguratObserver:
        return ZigguratObserver(self._ctx, iig_obs_type, params)

    @property
    def binding(self) -> Binding:
        return self._ctx.binding


class ZigguratState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: ZigguratGame) -> None:
        super().__init__(game)
        ctx: _Context = game._ctx
        self._ctx = ctx
        self._public = ""  # the public action history, "seat:action " per action ("seat:?": secret)
        self._secret: set[int] = set()  # turn-based: seats yet to answer in a simultaneous round
        b = ctx.binding
        self._box: _Engine | None = None
        if not b.stochastic:
            self._box = _Engine(ctx.game, ctx.game.new(b.players, b.options))

    # --- what the adapters and bots read -------------------------------------------------------------
    @property
    def engine_state(self) -> Any:
        """The engine state (None before the deal): for bots of this project playing in OpenSpiel."""
        return self._box.st if self._box is not None else None

    def view(self, seat: int | None) -> Json | None:
        return self._ctx.game.view(self._box.st, seat) if self._box is not None else None

    def action_id(self, action: str) -> int:
        return self._ctx.binding.space.index[action]

    # --- the OpenSpiel state API ---------------------------------------------------------------------
    def current_player(self) -> int:
        if self._box is None:
            return _CHANCE
        g, st = self._ctx.game, self._box.st
        if g.result(st) is not None:
            return _TERMINAL
        to_act = g.to_act(st)
        if len(to_act) == 1 or self._ctx.turn_based:
            return to_act[0]
        if not g.info.simultaneous:
            raise RuntimeError(f"{g.info.name} asked several seats at once: {to_act}")
        return _SIMULTANEOUS

    def _legal_actions(self, player: int) -> list[int]:
        if self._box is None:
            return []
        g, st = self._ctx.game, self._box.st
        to_act = g.to_act(st)
        if player not in to_act or (self._ctx.turn_based and player != to_act[0]):
            return []
        return self._ctx.binding.space.ids(g.legal(st, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        k = self._ctx.seeds
        return [(i, 1.0 / k) for i in range(k)]

    def _apply_action(self, action: int) -> None:
        ctx = self._ctx
        if self._box is None:
            b = ctx.binding
            self._box = _Engine(ctx.game, ctx.game.new(b.players, b.options, seed=int(action)))
            return
        seat = self.current_player()
        if not ctx.turn_based:
            self._play(seat, int(action))
            return
        g, st = ctx.game, self._box.st
        to_act = g.to_act(st)
        if len(to_act) > 1 and not self._secret:  # a simultaneous round begins
            self._secret = set(to_act)
        secret = seat in self._secret
        self._play(seat, int(action), secret)
        if secret:  # over once every seat has answered (or the question is over for the others)
            asked = g.to_act(st)
            self._secret = {s for s in self._secret if s != seat and s in asked}

    def _apply_actions(self, actions: list[int]) -> None:
        assert self._box is not None
        for seat in self._ctx.game.to_act(self._box.st):
            self._play(seat, int(actions[seat]))

    def _play(self, seat: int, action: int, secret: bool = False) -> None:
        assert self._box is not None
        a = self._ctx.binding.space.actions[action]
        self._ctx.game.apply(self._box.st, seat, a)
        self._public += f"{seat}:? " if secret else f"{seat}:{a} "

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return f"seed:{action}"
        return self._ctx.binding.space.actions[action]

    def is_terminal(self) -> bool:
        return self._box is not None and self._ctx.game.result(self._box.st) is not None

    def returns(self) -> list[float]:
        n = self._ctx.binding.players
        res = self._ctx.game.result(self._box.st) if self._box is not None else None
        if res is None:
            return [0.0] * n
        return [res.reward(s) for s in range(n)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> ZigguratState:
        """A state `player_id` cannot tell from this one (the sampler is unused: it is not callable from
        Python; the game's shared generator draws instead)."""
        return resample(self, int(player_id), self._ctx.rng)

    def __str__(self) -> str:
        if self._box is None:
            return "(the deal is not made yet)"
        return self._ctx.game.text(self._box.st, None, self._ctx.names)


def resample(state: ZigguratState, player: int, rng: random.Random) -> ZigguratState:
    out: ZigguratState = state.clone()
    if out._box is not None:
        out._box.st = out._ctx.game.determinize(out._box.st, player, rng)
    return out


def resampler(seed: int = 0) -> Any:
    """A callback for `ISMCTSBot.set_resampler` with its own generator (reproducible searches)."""
    rng = random.Random(seed)

    def cb(state: ZigguratState, player: int) -> ZigguratState:
        return resample(state, player, rng)

    return cb


class ZigguratObserver:
    """OpenSpiel's Python observer interface: `tensor`, `dict`, `set_from`, `string_from`."""

    def __init__(self, ctx: _Context, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER
        public, self.perfect_recall = True, False
        if iig_obs_type is not None:
            private, public = iig_obs_type.private_info, iig_obs_type.public_info
            self.perfect_recall = bool(iig_obs_type.perfect_recall)
        if not public or private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError(
                "observers show a seat's view or the public view (public_info=True, no ALL_PLAYERS)"
            )
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.ctx = ctx
        layout = ctx.binding.encoder.layout
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] = layout.zeros()
        self.dict = {s.name: self.tensor[s.start : s.stop] for s in layout.segments}

    def set_from(self, state: ZigguratState, player: int) -> None:
        st = state.engine_state
        if st is None:  # before the deal: nothing to see
            self.tensor.fill(0.0)
        else:
            self.ctx.binding.observe_state(st, player if self.private else None, self.tensor)

    def string_from(self, state: ZigguratState, player: int) -> str:
        view = state.view(player if self.private else None)
        text = json.dumps(view, sort_keys=True, separators=(",", ":")) if view is not None else "deal"
        return f"{text}\n{state._public}" if self.perfect_recall else text


def register() -> list[str]:
    """Register every registered game that has an adapter spec (idempotent); returns the names."""
    known = set(pyspiel.registered_names())
    for g in all_games():
        if not adaptable(g) or g.info.id in GAME_CLASSES:
            continue
        for turn_based in (False, True) if g.info.simultaneous else (False,):
            gtype = game_type(g, turn_based)
            # A class, not a closure: pyspiel keeps the creator until after the interpreter has shut
            # down, and a class (which references itself) is never freed there without the GIL.
            name = f"Ziggurat{g.info.name}{'TurnBased' if turn_based else ''}Game"
            attrs = {"game": g, "gtype": gtype, "turn_based": turn_based}
            cls = GAME_CLASSES[gtype.short_name.removeprefix(PREFIX)] = type(name, (ZigguratGame,), attrs)
            if gtype.short_name not in known:
                pyspiel.register_game(gtype, cls)
    return [PREFIX + gid for gid in sorted(GAME_CLASSES)]


GAME_CLASSES: dict[str, type[ZigguratGame]] = {}
GAMES = register()
