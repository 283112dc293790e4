"""The OpenSpiel games: registration, metadata, OpenSpiel's random simulation test, observers, and
the resampler that lets OpenSpiel's Python ISMCTSBot play."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import ziggurat.rl.openspiel as zos
from ziggurat.engine import get

T = pyspiel.GameType


def load(gid: str, **params: object) -> object:
    return pyspiel.load_game(zos.PREFIX + gid, params)


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    for g in get("zealous"), get("zenith"), get("zombology"), get("faiths"):
        assert zos.PREFIX + g.info.id in names
    assert zos.register() == zos.GAMES  # idempotent


@pytest.mark.parametrize(
    ("gid", "dynamics", "chance", "information", "utility"),
    [
        ("zealous", "SEQUENTIAL", "EXPLICIT_STOCHASTIC", "IMPERFECT_INFORMATION", "CONSTANT_SUM"),
        ("zenith", "SEQUENTIAL", "DETERMINISTIC", "PERFECT_INFORMATION", "CONSTANT_SUM"),
        ("zombology", "SIMULTANEOUS", "EXPLICIT_STOCHASTIC", "IMPERFECT_INFORMATION", "GENERAL_SUM"),
        ("zombology_turn_based", "SEQUENTIAL", "EXPLICIT_STOCHASTIC", "IMPERFECT_INFORMATION", "GENERAL_SUM"),
        ("faiths", "SEQUENTIAL", "EXPLICIT_STOCHASTIC", "IMPERFECT_INFORMATION", "CONSTANT_SUM"),
    ],
)
def test_game_type_metadata(gid: str, dynamics: str, chance: str, information: str, utility: str) -> None:
    expected = (
        getattr(T.Dynamics, dynamics),
        getattr(T.ChanceMode, chance),
        getattr(T.Information, information),
        getattr(T.Utility, utility),
    )
    info = get(gid.removesuffix(zos.TURN_BASED)).info
    game = load(gid)
    t = game.get_type()
    assert (t.dynamics, t.chance_mode, t.information, t.utility) == expected
    assert (t.min_num_players, t.max_num_players) == (info.min_players, info.max_players)
    assert t.reward_model == T.RewardModel.TERMINAL
    assert game.num_players() == info.min_players
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert t.provides_information_state_string and t.provides_observation_tensor


@pytest.mark.parametrize(
    ("gid", "params", "sims", "serialize"),
    [
        ("zenith", {"players": 2}, 2, True),
        ("zenith", {"players": 3, "board": "pikes"}, 1, False),
        ("zealous", {"players": 4}, 1, True),
        ("zealous", {"players": 6, "length": "advanced"}, 1, False),
        ("zombology", {"players": 4}, 2, True),
        ("zombology", {"players": 8}, 1, False),
        ("zombology_turn_based", {"players": 4}, 2, True),
        ("zombology_turn_based", {"players": 7}, 1, False),
        ("faiths", {"players": 4}, 1, False),
    ],
)
def test_random_simulation(gid: str, params: dict[str, object], sims: int, serialize: bool) -> None:
    pyspiel.random_sim_test(load(gid, **params), num_sims=sims, serialize=serialize, verbose=False)


def test_parameters_reach_the_game() -> None:
    game = load("faiths", players=5, max_rounds=3, seeds=1)
    assert game.num_players() == 5 and game.binding.options.max_rounds == 3
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(0, 1.0)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "seed:0"
    state.apply_action(0)
    assert state.engine_state is not None
    assert game.num_distinct_actions() == len(game.binding.space)
    assert game.max_chance_outcomes() == 1
    assert load("zenith").max_chance_outcomes() == 0


def test_the_seed_decides_the_deal_and_nobody_sees_it() -> None:
    game = load("zombology", players=4)
    a, b = game.new_initial_state(), game.new_initial_state()
    a.apply_action(3)
    b.apply_action(4)
    assert a.observation_string(0) != b.observation_string(0)  # another hand
    assert "seed" not in a.information_state_string(0)
    assert a.information_state_string(0).endswith("\n")  # no public action yet


def play_random(state: object, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(rng.randrange(len(state.chance_outcomes())))
        elif state.is_simultaneous_node():
            n = state.get_game().num_players()
            state.apply_actions([rng.choice(state.legal_actions(p) or [0]) for p in range(n)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    ("gid", "players"),
    [("zealous", 4), ("zenith", 2), ("zombology", 5), ("zombology_turn_based", 4), ("faiths", 5)],
)
def test_resampling_keeps_the_information_state(gid: str, players: int) -> None:
    game = load(gid, players=players)
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        play_random(state, rng, rng.randrange(1, 8))
        for p in range(players):
            other = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert isinstance(other, zos.ZigguratState)
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.observation_tensor(p) == state.observation_tensor(p)
            assert other.history() == state.history()


def test_strings_and_tensors() -> None:
    game = load("zealous", players=3)
    state = game.new_initial_state()
    play_random(state, random.Random(1), 10)
    seat = state.current_player()
    info, obs = state.information_state_string(seat), state.observation_string(seat)
    assert info.startswith(obs + "\n") and ":birth:" in info and ":birth:" not in obs
    assert len(state.observation_tensor(seat)) == game.observation_tensor_size()
    assert state.information_state_tensor(seat) == state.observation_tensor(seat)
    public = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                        private_info=pyspiel.PrivateInfoType.NONE)  # fmt: skip
    spectator = game.make_py_observer(public)
    assert '"hand"' in obs and '"hand"' not in spectator.string_from(state, seat)
    spectator.set_from(state, seat)
    assert spectator.tensor.shape == (game.observation_tensor_size(),)
    assert spectator.dict["hand"].size == 19 and not spectator.dict["hand"].any()
    everyone = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                          private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)  # fmt: skip
    with pytest.raises(ValueError):
        game.make_py_observer(everyone)


@pytest.mark.parametrize(("gid", "players"), [("zealous", 4), ("zenith", 3), ("zombology", 5), ("faiths", 4)])
def test_tensors_are_the_view_encoding(gid: str, players: int) -> None:
    """The tensors read the engine state (the fast path); they are the encoding of the view."""
    game = load(gid, players=players)
    binding = game.binding
    seat_of = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                         private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)  # fmt: skip
    public = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                        private_info=pyspiel.PrivateInfoType.NONE)  # fmt: skip
    mine, everyone = game.make_py_observer(seat_of), game.make_py_observer(public)
    state = game.new_initial_state()
    if state.is_chance_node():
        mine.tensor.fill(1.0)
        mine.set_from(state, 0)
        assert not mine.tensor.any()  # before the deal
    rng = random.Random(4)
    while not state.is_terminal():
        play_random(state, rng, 1)
        for p in range(players):
            expected = binding.observe(state.view(p))
            assert np.array_equal(np.asarray(state.observation_tensor(p), dtype=np.float32), expected)
            mine.set_from(state, p)
            assert np.array_equal(mine.tensor, expected)
        everyone.set_from(state, 0)
        assert np.array_equal(everyone.tensor, binding.observe(state.view(None)))


def test_state_text_is_the_spectators_board() -> None:
    game = load("zombology", players=3)
    state = game.new_initial_state()
    assert "deal" in str(state)
    state.apply_action(0)
    assert str(state) == get("zombology").text(state.engine_state, None, [f"player_{s}" for s in range(3)])


def test_zombology_choice_is_one_simultaneous_node() -> None:
    game = load("zombology", players=4)
    state = game.new_initial_state()
    state.apply_action(5)
    assert state.is_simultaneous_node()
    moves = [state.legal_actions(p)[0] for p in range(4)]
    assert all(state.action_to_string(p, a).startswith("choose:") for p, a in enumerate(moves))
    state.apply_actions(moves)
    view = state.view(0)
    assert view is not None and all(c is not None for c in view["played"])


def test_turn_based_zombology_hides_the_choices_made_before_yours() -> None:
    """Seats asked together answer one by one; the earlier choices stay face down (their backs show)
    until the round is over, in views, history strings and resamples, and the round ends as the
    simultaneous game's joint action does."""
    turns, joint = load("zombology_turn_based", players=4), load("zombology", players=4)
    t, j = turns.new_initial_state(), joint.new_initial_state()
    t.apply_action(5)
    j.apply_action(5)
    picks = [t.legal_actions(p)[0] if p == 0 else j.legal_actions(p)[0] for p in range(4)]
    assert [len(t.legal_actions(p)) > 0 for p in range(4)] == [True, False, False, False]
    t.apply_action(picks[0])
    chosen = t.action_to_string(0, picks[0]).removeprefix("choose:")
    assert t.current_player() == 1 and t.information_state_string(1).endswith("\n0:? ")
    assert chosen not in t.observation_string(1) and chosen in t.observation_string(0)
    samples = {json.dumps(t.resample_from_infostate(1, None).view(0)["choice"]) for _ in range(40)}
    assert len(samples) > 1  # seat 1 does not know which card of that back seat 0 chose
    for p in (1, 2, 3):
        t.apply_action(picks[p])
    j.apply_actions(picks)
    assert t.view(0) == j.view(0) and t.information_state_string(0).endswith("0:? 1:? 2:? 3:? ")
    assert not t._secret


@pytest.mark.parametrize(("gid", "players"), [("zealous", 4), ("faiths", 4), ("zombology_turn_based", 4)])
def test_ismcts_bot_plays(gid: str, players: int) -> None:
    game = load(gid, players=players)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 1.4, 8, random_state=np.random.RandomState(0))
    bot.set_resampler(zos.resampler(1))
    state = game.new_initial_state()
    state.apply_action(2)
    for _ in range(6):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    default = ismcts.ISMCTSBot(game, evaluator, 1.4, 4, random_state=np.random.RandomState(1))
    assert default.step(state) in state.legal_actions()  # through state.resample_from_infostate
