"""N games of one game stepped in lockstep, for training loops: stacked numpy arrays in and out.

    from ziggurat.rl.vector import VectorEnv
    envs = VectorEnv("zenith", 64, players=2, seed=1)                    # self-play: every seat learns
    envs = VectorEnv("zenith", 64, players=2, learners=[0], opponent="normal", seed=1)  # against a bot
    obs, mask, seat = envs.reset()
    obs, mask, rewards, dones, seat = envs.step(actions)                 # actions: int array [N]

Each game has one decision to make at a time: the first learner seat the game asks (`seat[i]`), seen
from that seat: `obs[i]` is its observation (the same vector as the PettingZoo environment's) and
`mask[i]` its legal actions over the game's fixed action space. Seats that are not learners are played
by bots of the `opponent` level, inside `step`, until a learner is asked again. `rewards[i]` holds
every seat's reward for the step (`Result.reward`: 1 shared among the winners, at the end of a game,
0 before), `dones[i]` says game `i` ended in it: it was then reset at once (auto-reset), so `obs`,
`mask` and `seat` already describe the next game's first decision, and `results[i]` keeps the
finished game's `Result`.

Reproducible: game `i`'s deals come from (`seed`, `i`, how many games it has played), its bots' choices
from (`seed`, `i`) too, so the same seed and actions give the same arrays with any N and any machine.
An action that is not legal raises ValueError naming the game, before any game moves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ziggurat.engine import Game, Result, get
from ziggurat.rl.spec import Binding, bind


class VectorEnv:
    def __init__(
        self,
        game: str | Game[Any, Any],
        num_envs: int,
        players: int | None = None,
        seed: int = 0,
        learners: Sequence[int] | None = None,
        opponent: str = "normal",
        **options: Any,
    ) -> None:
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        g = get(game) if isinstance(game, str) else game
        n = players if players is not None else g.info.min_players
        # One binding for every game: its encoder reads any state (it keeps nothing between calls),
        # and Zombology's action space alone (6,281 actions and their index) is worth sharing.
        self.binding: Binding = bind(g, n, options or None)
        b = self.binding
        self.game, self.num_envs, self.players = g, num_envs, n
        self.learners = frozenset(range(n) if learners is None else learners)
        if not self.learners or not self.learners <= set(range(n)):
            raise ValueError(f"learners must be seats of 0..{n - 1}")
        self.opponent = opponent
        self.observation_size = b.encoder.size
        self.num_actions = len(b.space)
        self.actions = b.space.actions
        self.seed = seed
        self.obs: npt.NDArray[np.float32] = np.zeros((num_envs, self.observation_size), np.float32)
        self.mask: npt.NDArray[np.int8] = np.zeros((num_envs, self.num_actions), np.int8)
        self.seat: npt.NDArray[np.int64] = np.zeros(num_envs, np.int64)
        self.rewards: npt.NDArray[np.float32] = np.zeros((num_envs, n), np.float32)
        self.dones: npt.NDArray[np.bool_] = np.zeros(num_envs, np.bool_)
        self.results: list[Result | None] = [None] * num_envs
        self.states: list[Any] = [None] * num_envs
        # Each game's decision as Python values, turned into the arrays once per call for all games
        # (`_publish`): a numpy call per game would cost more than the encoder reading its state.
        self._seats = [0] * num_envs
        self._rows: list[bytes] = [b""] * num_envs  # observation numerators (encoders that read states)
        self._masks: list[bytearray] = [bytearray()] * num_envs
        self._games_played = [0] * num_envs
        self._bots: list[dict[int, Any]] = [{} for _ in range(num_envs)]

    # --- the loop ---------------------------------------------------------------------------------------
    def reset(
        self, seed: int | None = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        """Every game anew (`seed`: a new run's seed); the first decisions."""
        if seed is not None:
            self.seed = seed
        self._games_played = [0] * self.num_envs
        self.results = [None] * self.num_envs
        if len(self.learners) < self.players:
            from ziggurat.bots import make_bot

            self._bots = [
                {
                    s: make_bot(self.opponent, self._seed(i, 1_000 + s))
                    for s in range(self.players)
                    if s not in self.learners
                }
                for i in range(self.num_envs)
            ]
        for i in range(self.num_envs):
            self._new_game(i)
        self._publish()
        return self.obs, self.mask, self.seat

    def step(
        self, actions: Sequence[int] | npt.NDArray[np.integer[Any]]
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.int8],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.int64],
    ]:
        """Each game's decision taken (`actions[i]`, an id in the action space); the next decisions."""
        if self.states[0] is None:
            raise RuntimeError("call reset() first")
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"actions must be one per game: shape ({self.num_envs},), not {acts.shape}")
        chosen = acts.tolist()
        masks, num_actions = self._masks, self.num_actions
        for i, a in enumerate(chosen):  # all checked before any game moves
            if not 0 <= a < num_actions or not masks[i][a]:
                shown = self.actions[a] if 0 <= a < num_actions else a
                raise ValueError(
                    f"game {i}: action {a} ({shown!r}) is not legal; mask[{i}] lists those that are"
                )
        self.rewards.fill(0.0)
        self.dones.fill(False)
        g, names, seats = self.game, self.actions, self._seats
        for i, a in enumerate(chosen):
            g.apply(self.states[i], seats[i], names[a])
            result = self._advance(i)
            if result is not None:
                self.rewards[i] = [result.reward(s) for s in range(self.players)]
                self.dones[i] = True
                self.results[i] = result
                self._new_game(i)
            else:
                self._observe(i)
        self._publish()
        return self.obs, self.mask, self.rewards, self.dones, self.seat

    # --- one game -----------------------------------------------------------------------------------------
    def _seed(self, i: int, k: int) -> int:
        return random.Random(f"{self.seed}:{i}:{k}").getrandbits(63)

    def _new_game(self, i: int) -> None:
        b = self.binding
        self.states[i] = self.game.new(self.players, b.options, seed=self._seed(i, self._games_played[i]))
        self._games_played[i] += 1
        if self._advance(i) is not None:  # (bots alone finished it: a game with no learner decision)
            self._new_game(i)
            return
        self._observe(i)

    def _advance(self, i: int) -> Result | None:
        """Bots play until a learner is asked (its seat in `seat[i]`) or the game ends (its result)."""
        g, state = self.game, self.states[i]
        while (result := g.result(state)) is None:
            asked = g.to_act(state)
            mine = [s for s in asked if s in self.learners]
            if mine:
                self._seats[i] = mine[0]
                return None
            bots = self._bots[i]
            for s in g.each_to_act(state):  # (an answer may end the question for the others)
                g.apply(state, s, bots[s].choose(g, state, s))
        return result

    def _observe(self, i: int) -> None:
        """Game `i`'s decision, for `_publish`: the seat's observation and its legal actions."""
        b, state, seat = self.binding, self.states[i], self._seats[i]
        if b.encoder.reads_state:
            self._rows[i] = b.encoder.numerator_bytes(state, seat)  # (the seat's view, read from the state)
        else:  # (a variant the state path can't read: its view, encoded in place)
            b.observe(self.game.view(state, seat), self.obs[i])
        self._masks[i] = b.space.mask_bytes(self.game.legal(state, seat))

    def _publish(self) -> None:
        """Every game's decision into the arrays, a numpy call or two for all of them."""
        n, enc = self.num_envs, self.binding.encoder
        if enc.reads_state:  # one division by the scales, as `Encoder.encode_state` makes for one game
            numerators = np.frombuffer(b"".join(self._rows), np.uint8).reshape(n, self.observation_size)
            np.divide(numerators, enc.scale, out=self.obs)
            if enc.saturate:
                np.minimum(self.obs, 1.0, out=self.obs)
        self.mask[...] = np.frombuffer(b"".join(self._masks), np.int8).reshape(n, self.num_actions)
        self.seat[...] = self._seats
