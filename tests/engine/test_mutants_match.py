"""A match log (what the store keeps and a bug report attaches) comes back from its JSON whole: its
names, stacked set-up or starting position, seed and actions, so that replaying it reproduces the
game; and replaying reports where a log goes wrong."""

from __future__ import annotations

import json

import pytest

from ziggurat.engine import IllegalAction, InputError, get, secret_seed
from ziggurat.engine.match import FORMAT, Match

DECK = list(range(15, 0, -1))  # High Card, stacked: Ada holds 13, 14, 15 and Bo 10, 11, 12


def through_text(m: Match) -> Match:
    return Match.from_json(json.loads(json.dumps(m.to_json())))


def test_a_stacked_match_with_names_and_a_secret_seed_round_trips_and_replays() -> None:
    m = Match("highcard", 2, {"hand": 2}, secret_seed(), ["Ada", "Bo"], {"deck": DECK})
    m.actions = [(0, "play:15"), (1, "play:12")]  # two cards each: Ada 14, 15 and Bo 12, 13
    data = m.to_json()
    assert data["format"] == FORMAT and data["names"] == ["Ada", "Bo"] and data["setup"] == {"deck": DECK}
    back = through_text(m)
    assert back == m
    game = get("highcard")
    assert game.to_json(back.replay()) == game.to_json(m.replay())
    assert game.view(back.replay(), 0)["hand"] == [14]


def test_a_match_from_a_starting_position_round_trips() -> None:
    game = get("highcard")
    start = game.to_json(game.new(3, seed=9))
    m = Match("highcard", 3, start=start, actions=[(0, game.legal(game.from_json(start), 0)[0])])
    assert "setup" not in m.to_json() and m.to_json()["start"] == start
    back = through_text(m)
    assert back.start == start and back.setup is None
    assert game.to_json(back.replay()) == game.to_json(m.replay())


def test_what_a_log_leaves_out_is_seed_0_seat_names_and_no_actions() -> None:
    m = Match.from_json({"game": "highcard", "players": 2})
    assert (m.seed, m.names, m.actions, m.setup, m.start) == (0, ["Seat 0", "Seat 1"], [], None, None)
    with pytest.raises(InputError) as e:
        Match.from_json({"game": "highcard", "players": 2, "seed": 1.5})
    assert e.value.code == "bad-match" and "seed" in e.value.message


def test_a_recorded_replay_starts_at_0_with_the_deal_and_names_a_refused_action() -> None:
    m = Match("highcard", 2, setup={"deck": DECK}, actions=[(0, "play:15"), (1, "play:15")])
    states = m.states(record=True)
    i, action, st = next(states)
    assert (i, action) == (0, None) and [e["type"] for e in st.events] == ["deal", "deal"]
    with pytest.raises(IllegalAction) as e:
        list(states)
    assert e.value.code == "card-not-held" and e.value.message.startswith("action 2 (1: play:15)")
