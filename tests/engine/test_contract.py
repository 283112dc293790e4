"""The game-agnostic pieces: registry, options, results, event filtering, match logs."""

from __future__ import annotations

import json
import random

import pytest

from ziggurat.engine import IllegalAction, InputError, Match, Result, all_games, events_for, get, secret_seed


def test_registry_knows_zealous_and_refuses_unknown_games() -> None:
    assert get("zealous").info.name == "Zealous"
    assert "zealous" in [g.info.id for g in all_games()]
    with pytest.raises(InputError) as e:
        get("chess")
    assert e.value.code == "unknown-game"


def test_options_are_validated() -> None:
    g = get("zealous")
    assert g.options(None).length == "beginner"
    assert g.options({"length": "advanced"}).length == "advanced"
    for bad in ({"length": "forever"}, {"speed": 1}, ["length"]):
        with pytest.raises(InputError) as e:
            g.options(bad)  # type: ignore[arg-type]
        assert e.value.code == "bad-options"


def test_result_reward_is_shared_among_winners() -> None:
    r = Result(winners=(0, 2), ranks=(1, 3, 1), scores=(5.0, 1.0, 5.0))
    assert r.reward(0) == r.reward(2) == 0.5 and r.reward(1) == 0.0
    assert r.to_json() == {"winners": [0, 2], "ranks": [1, 3, 1], "scores": [5.0, 1.0, 5.0]}


def test_events_for_strips_secrets_of_other_seats() -> None:
    events = [{"type": "draw", "seat": 1, "deck": "miracle", "secret": {"card": "vision"}}, {"type": "round"}]
    assert events_for(events, 1) == events
    assert events_for(events, 0) == [{"type": "draw", "seat": 1, "deck": "miracle"}, {"type": "round"}]
    assert events_for(events, None)[0] == {"type": "draw", "seat": 1, "deck": "miracle"}


def test_match_log_roundtrips_and_replays_exactly() -> None:
    g = get("zealous")
    rng = random.Random(4)
    m = Match("zealous", 4, {"length": "beginner"}, seed=99)
    st = m.initial_state()
    for _ in range(150):
        if g.result(st) is not None:
            break
        (seat,) = g.to_act(st)
        a = rng.choice(g.legal(st, seat))
        g.apply(st, seat, a)
        m.actions.append((seat, a))
    again = Match.from_json(json.loads(json.dumps(m.to_json())))
    assert again == m
    assert g.to_json(again.replay()) == g.to_json(st)


def test_match_from_a_start_position() -> None:
    g = get("zealous")
    st = g.new(3, {}, 5)
    g.apply(st, 0, "birth:bm1")
    m = Match("zealous", 3, start=g.to_json(st), actions=[(1, "birth:be2")])
    replayed = m.replay()
    assert g.view(replayed, None)["prophets"] == ["bm1", "be2", None]


def test_a_bad_log_is_refused_with_the_failing_action() -> None:
    m = Match("zealous", 3, actions=[(0, "birth:bm1"), (0, "birth:bm2")])
    with pytest.raises(IllegalAction) as e:
        m.replay()
    assert "action 2" in e.value.message
    with pytest.raises(InputError) as bad:
        Match.from_json({"players": 3})
    assert bad.value.code == "bad-match"


@pytest.mark.parametrize("game_id", [g.info.id for g in all_games()])
def test_a_secret_seeded_match_stores_and_replays_exactly(game_id: str) -> None:
    """Server tables use 129-bit seeds (the keyed stream): state JSON and match logs keep them exactly,
    and the log carries the seed as text (JavaScript rounds integers above 2**53)."""
    g = get(game_id)
    rng = random.Random(7)
    players = g.info.min_players
    m = Match(game_id, players, seed=secret_seed())
    st = m.initial_state()
    for _ in range(300):
        if g.result(st) is not None:
            break
        seat = g.to_act(st)[0]
        a = rng.choice(g.legal(st, seat))
        g.apply(st, seat, a)
        m.actions.append((seat, a))
        st = g.from_json(json.loads(json.dumps(g.to_json(st))))  # a stored state goes on identically
    data = json.loads(json.dumps(m.to_json()))
    assert data["seed"] == str(m.seed)
    again = Match.from_json(data)
    assert again == m
    assert g.to_json(again.replay()) == g.to_json(st)


@pytest.mark.parametrize("game_id", ["zealous", "faiths", "zombology", "zenith"])
def test_a_state_from_json_records_on_exactly_as_the_played_one(game_id: str) -> None:
    """A server snapshot is a state's to_json: read back and made to record, it goes on with the same
    events and the same states as the state that was played there."""
    g = get(game_id)
    rng = random.Random(game_id)
    for _ in range(5):
        st = g.new(g.info.min_players, None, secret_seed(), record=True)
        g.drain_events(st)
        stop = rng.randint(0, 80)
        again = None
        for k in range(stop + 40):
            if g.result(st) is not None:
                break
            if k == stop:
                again = g.from_json(json.loads(json.dumps(g.to_json(st))))
                again.events = []  # (from_json makes a state that doesn't record)
            seat = g.to_act(st)[0]
            action = rng.choice(g.legal(st, seat))
            g.apply(st, seat, action)
            events = g.drain_events(st)
            if again is not None:
                g.apply(again, seat, action)
                assert g.drain_events(again) == events
                assert g.to_json(again) == g.to_json(st)
