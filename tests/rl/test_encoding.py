"""The shared part of both adapters: fixed action spaces and view-only observations."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numpy")

import numpy as np

from tests.rl.play import CONFIGS, states
from ziggurat.engine import InputError, get
from ziggurat.rl.spec import ActionSpace, bind


@pytest.mark.parametrize(("gid", "players", "options"), CONFIGS)
def test_space_covers_every_legal_action_and_observations_stay_in_bounds(
    gid: str, players: int, options: dict[str, Any]
) -> None:
    game = get(gid)
    b = bind(game, players, options)
    for seed in range(2):
        for st in states(game, players, options, seed):
            for seat in range(players):
                view = game.view(st, seat)
                ids = b.space.ids(view["legal"])
                assert [b.space.actions[i] for i in ids] == sorted(view["legal"], key=b.space.index.get)
                x = b.observe(view)
                assert x.shape == (b.encoder.size,) and x.dtype == np.float32
                assert np.all((x >= 0) & (x <= 1))
            assert b.observe(game.view(st, None)).shape == (b.encoder.size,)


@pytest.mark.parametrize(("gid", "players", "options"), CONFIGS)
def test_an_observation_depends_only_on_what_its_seat_has_seen(
    gid: str, players: int, options: dict[str, Any]
) -> None:
    """Redealing everything a seat has not seen (determinize) leaves its observation unchanged."""
    game = get(gid)
    b = bind(game, players, options)
    rng = random.Random(5)
    for k, st in enumerate(states(game, players, options, seed=11)):
        if k % 4:
            continue
        for seat in range(players):
            other = game.determinize(st, seat, rng)
            assert np.array_equal(b.observe(game.view(other, seat)), b.observe(game.view(st, seat)))


def test_observations_differ_between_seats_only_by_what_each_may_see() -> None:
    game = get("zealous")
    b = bind(game, 4)
    st = next(s for k, s in enumerate(states(game, 4, {}, seed=3)) if k == 12)
    mine = b.observe(game.view(st, 0))
    hand = next(s for s in b.encoder.layout.segments if s.name == "hand")
    seat = next(s for s in b.encoder.layout.segments if s.name == "seat")
    assert mine[hand.start : hand.stop].any()
    spectator = b.observe(game.view(st, None))
    assert not spectator[hand.start : hand.stop].any() and not spectator[seat.start : seat.stop].any()


def test_layout_segments_tile_the_vector() -> None:
    for gid, players, options in CONFIGS:
        layout = bind(get(gid), players, options).encoder.layout
        pos = 0
        for s in layout.segments:
            assert s.start == pos and s.size > 0
            pos = s.stop
        assert pos == layout.size
        assert layout.table().count("\n") == len(layout.segments) + 1


def test_action_space_is_fixed_per_table() -> None:
    assert len(bind(get("zealous"), 4).space) == len(bind(get("zealous"), 4).space) == 169
    assert len(bind(get("zealous"), 6).space) > len(bind(get("zealous"), 3).space)
    assert bind(get("zenith"), 2).space.actions[0] == "place:0.0.0"
    with pytest.raises(ValueError, match="twice"):
        ActionSpace(["stay", "stay"])
    with pytest.raises(ValueError, match="not in the action space"):
        bind(get("zenith"), 2).space.ids(["place:9.9.9"])


def test_bind_refuses_bad_tables() -> None:
    with pytest.raises(InputError) as e:
        bind(get("zenith"), 5)
    assert e.value.code == "bad-players"
    with pytest.raises(InputError) as e:
        bind(get("zealous"), 4, {"speed": 2})
    assert e.value.code == "bad-options"
