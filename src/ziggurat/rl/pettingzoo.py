"""A PettingZoo AEC environment for any registered game: `env("zealous", players=4, length="advanced")`.

Agents are `player_<seat>`. The agent selected is the first seat in `to_act`; for Zombology's secret
choice every asked seat acts in turn, each seeing only its own view (the others' choices stay face
down), so the order changes nothing. Each observation is `{"observation": float32 vector in [0, 1]
encoding that agent's view, "action_mask": int8 over the fixed action space}`; the mask is zero for
every agent but the selected one. Rewards come once, at the end: `Result.reward(seat)` (1 shared
among the winners, 0 otherwise).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ziggurat.engine import Game, IllegalAction, get
from ziggurat.rl.spec import Binding, bind

Obs = dict[str, np.ndarray[Any, Any]]


class ZigguratEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    metadata_modes = ("human", "ansi")

    def __init__(
        self,
        game: str | Game[Any, Any],
        players: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        g = get(game) if isinstance(game, str) else game
        self.binding: Binding = bind(
            g, players if players is not None else g.info.min_players, options or None
        )
        self.game = g
        if render_mode not in (None, *self.metadata_modes):
            raise ValueError(f"render_mode must be one of {self.metadata_modes}, not {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": list(self.metadata_modes),
            "name": f"ziggurat_{g.info.id}_v0",
            "is_parallelizable": False,
        }
        n = self.binding.players
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self.agents = self.possible_agents[:]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        size = self.binding.encoder.size
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (len(self.binding.space),), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(len(self.binding.space)) for a in self.possible_agents}
        # The hot path's calls, looked up once: the encoder's state path (else the view's), the mask.
        encoder = self.binding.encoder
        self._encode = encoder.encode_state if encoder.reads_state else self.binding.observe_state
        self._mask = self.binding.space.mask
        self._no_mask = np.zeros(len(self.binding.space), dtype=np.int8)
        self._rng = random.Random()
        self.game_state: Any = None
        self.reset()

    # --- spaces --------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- the AEC loop ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; `seed` fixes the deal (and every later reset without a seed)."""
        if seed is not None:
            self._rng = random.Random(seed)
        b = self.binding
        self.game_state = self.game.new(b.players, b.options, seed=self._rng.getrandbits(63))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for agents whose game is over")
        seat = self._seat[agent]
        actions = self.binding.space.actions
        a = int(action)
        if not 0 <= a < len(actions):
            raise ValueError(f"action {a} is not legal for {agent}: the space has {len(actions)} actions")
        try:  # the engine checks legality (and leaves the state unchanged if it refuses)
            self.game.apply(self.game_state, seat, actions[a])
        except IllegalAction:
            raise ValueError(
                f"action {a} ({actions[a]!r}) is not legal for {agent}; the action mask lists those that are"
            ) from None
        self._cumulative_rewards[agent] = 0.0
        result = self.game.result(self.game_state)
        if result is not None:  # the only rewards come now: before, every reward is 0 (nothing to clear)
            for ag in self.agents:
                self.rewards[ag] = result.reward(self._seat[ag])
                self.terminations[ag] = True
            self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        to_act = self.game.to_act(self.game_state)
        if to_act:
            self.agent_selection = self.possible_agents[to_act[0]]
        else:  # over: the dead steps walk every agent out, in seat order
            self.agent_selection = next(a for a in self.possible_agents if a in self.agents)

    def observe(self, agent: str) -> Obs:
        seat = self._seat[agent]
        st = self.game_state
        if agent == self.agent_selection and not self.terminations[agent]:
            mask = self._mask(self.game.legal(st, seat))
        else:
            mask = self._no_mask.copy()
        return {"observation": self._encode(st, seat), "action_mask": mask}

    # --- presentation ----------------------------------------------------------------------------
    def render(self) -> str | None:
        """The board as text, as a spectator sees it (no hidden information)."""
        if self.render_mode is None:
            return None
        text = self.game.text(self.game_state, None, self.possible_agents)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game: str, players: int | None = None, render_mode: str | None = None, **options: Any) -> ZigguratEnv:
    """The AEC environment for `game` (default: its smallest player count); `options` are the game's."""
    return ZigguratEnv(game, players, render_mode, **options)


raw_env = ZigguratEnv
