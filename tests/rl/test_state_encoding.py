"""The encoders that read the engine state give the view encoders' tensors, bit for bit.

The view encoder (`Encoder.encode(game.view(state, seat))`) is the reference: it sees only what the
seat's view shows. The state path (`Encoder.encode_state`) reads the state itself, for speed; these
tests hold it to the reference on thousands of random positions of every game (every seat and the
spectator, at several table sizes and options, designers' variants included), and to the redeal
test: everything the seat has not seen, resampled, leaves its observation unchanged.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numpy")

import numpy as np

from tests.rl.play import CONFIGS, states
from ziggurat.engine import get
from ziggurat.rl.spec import bind

# Options that change what the encoders read or how they scale it, beyond the shared CONFIGS.
VARIANTS: list[tuple[str, int, dict[str, Any]]] = [
    ("zealous", 4, {}),
    ("zealous", 5, {"length": "intermediate"}),
    ("zealous", 3, {"followers": 30, "cards": {"stone": 8, "vision": 6}, "last_round": 4}),
    ("zenith", 2, {"board": "twin"}),
    ("zenith", 3, {"board": "pikes", "pieces": 14}),
    ("zombology", 5, {}),
    ("zombology", 4, {"removed_4p": 1, "cards": {"overrun": 8, "crystals-6": 3, "tea-1": 0}}),
    ("faiths", 5, {"religions": "choose", "cards": {"theology": 8, "mysticism": 3, "heresy": 2}}),
    ("faiths", 6, {"hand_limit": 3, "territories_to_win": 6, "zealots_copies": 4}),
]
TABLES = CONFIGS + [t for t in VARIANTS if t not in CONFIGS]
GAMES_PER_TABLE = 6


def label(table: tuple[str, int, dict[str, Any]]) -> str:
    gid, n, options = table
    return f"{gid}-{n}-" + ",".join(f"{k}={v}" for k, v in options.items())


def mismatch(encoder: Any, ref: np.ndarray[Any, Any], got: np.ndarray[Any, Any]) -> str:
    """Which segments differ, and how (for the failure message)."""
    wrong = np.flatnonzero(ref != got)
    names = sorted({s.name for s in encoder.layout.segments for i in wrong if s.start <= i < s.stop})
    return f"segments {names}: " + ", ".join(f"[{i}] {ref[i]} != {got[i]}" for i in wrong[:8])


@pytest.mark.parametrize("table", TABLES, ids=label)
def test_the_state_encoder_gives_the_view_encoders_tensor(table: tuple[str, int, dict[str, Any]]) -> None:
    gid, players, options = table
    game = get(gid)
    b = bind(game, players, options)
    encoder = b.encoder
    out = encoder.layout.zeros()
    positions = 0
    for seed in range(GAMES_PER_TABLE):
        for st in states(game, players, options, seed=100 + seed):
            positions += 1
            for seat in [*range(players), None]:
                ref = encoder.encode(game.view(st, seat))
                got = b.observe_state(st, seat)
                assert got.dtype == np.float32 and got.shape == ref.shape
                assert np.array_equal(ref, got), f"seat {seat}: {mismatch(encoder, ref, got)}"
                assert b.observe_state(st, seat, out) is out and np.array_equal(out, ref)
    assert positions >= 5 * GAMES_PER_TABLE


def test_every_built_in_game_reads_states_but_a_variant_past_a_byte_reads_views() -> None:
    for gid, players, options in VARIANTS:
        assert bind(get(gid), players, options).encoder.reads_state, (gid, options)
    # A count that could pass 255 does not fit the state path's bytes: such tables encode views.
    for gid, players, options in [
        ("zealous", 4, {"points_to_win": 400}),
        ("faiths", 4, {"territories_to_win": 26}),
    ]:
        game = get(gid)
        b = bind(game, players, options)
        assert not b.encoder.reads_state
        st = game.new(players, options, seed=3)
        assert np.array_equal(b.observe_state(st, 1), b.observe(game.view(st, 1)))


@pytest.mark.parametrize("table", TABLES, ids=label)
def test_a_state_observation_depends_only_on_what_its_seat_has_seen(
    table: tuple[str, int, dict[str, Any]],
) -> None:
    """Redealing everything a seat has not seen (determinize) leaves its state-read observation
    unchanged: the state path reads no hidden field."""
    gid, players, options = table
    game = get(gid)
    b = bind(game, players, options)
    rng = random.Random(8)
    for seed in range(2):
        for k, st in enumerate(states(game, players, options, seed=200 + seed)):
            if k % 3:
                continue
            for seat in range(players):
                mine = b.observe_state(st, seat)
                for _ in range(2):
                    other = game.determinize(st, seat, rng)
                    assert np.array_equal(b.observe_state(other, seat), mine)
