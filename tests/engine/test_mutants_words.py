"""The engine's refusals in words, and small edges of options, matches, undo, cloning and the game
registry that mutation testing found unchecked: a refusal's code and words are what a player or a
script reads, and a game found twice must not play one of them at random."""

from __future__ import annotations

import dataclasses
import random
from importlib.metadata import EntryPoint
from typing import Any

import pytest

from ziggurat.engine import IllegalAction, InputError, Match, get, registry
from ziggurat.engine.cloning import cloner
from ziggurat.engine.options import counts, parse
from ziggurat.engine.undo import check_undo


@dataclasses.dataclass(frozen=True)
class Opts:
    rounds: int = dataclasses.field(default=3, metadata={"min": 1})  # a lower bound only
    cards: dict[str, int] = counts({"stone": 2, "reed": 1}, 4)


def test_options_refusals_name_what_is_wrong() -> None:
    def refusal(raw: Any) -> tuple[str, str]:
        with pytest.raises(InputError) as e:
            parse(Opts, raw, "Test")
        return e.value.code, e.value.message

    assert refusal(["rounds"]) == ("bad-options", "Options must be an object of name: value.")
    assert refusal({"cards": 5}) == ("bad-options", "cards must be an object of name: copies, not 5.")
    assert refusal({"cards": 5, "cards.stone": 3}) == ("bad-options", "cards is given twice.")
    assert refusal({"cards": {"stone": 1}, "cards.stone": 3}) == (
        "bad-options",
        "cards.stone is given twice.",
    )
    assert refusal({"rounds": 0}) == ("bad-options", "rounds must be at least 1, not 0.")  # (not "to None")
    assert parse(Opts, {"cards.stone": 3}, "Test").cards == {"stone": 3}


def test_a_match_makes_its_start_record_events_only_when_asked() -> None:
    game = get("zenith")
    start = game.to_json(game.new(2, seed=1))
    m = Match("zenith", 2, start=start)
    assert m.initial_state(record=True).events == [] and m.initial_state().events is None
    with pytest.raises(InputError, match=r"seed must be an integer"):
        Match.from_json({**m.to_json(), "seed": 1.5})


def test_an_undo_refused_says_why() -> None:
    game = get("zealous")
    st = game.new(3, seed=2)
    seat = game.to_act(st)[0]
    with pytest.raises(IllegalAction) as e:
        check_undo(game, st, seat, None)
    assert (e.value.code, e.value.message) == (
        "nothing-to-undo",
        "Only your own last move can be taken back, before anyone else moves.",
    )
    # a move that showed something hidden (found by playing at random: seed 0, the 22nd move)
    rng = random.Random(1)
    st = game.new(3, seed=0)
    for _ in range(22):
        seat = game.to_act(st)[0]
        action = rng.choice(game.legal(st, seat))
        before = game.clone(st)
        game.apply(st, seat, action)
    with pytest.raises(IllegalAction) as e:
        check_undo(game, before, seat, (seat, action))
    assert (e.value.code, e.value.message) == (
        "undo-revealed",
        "That move showed something hidden (a card drawn or turned up): it stands.",
    )


def test_an_unknown_option_names_the_game() -> None:
    with pytest.raises(InputError) as e:
        get("zenith").options({"colour": "red"})
    assert e.value.message.startswith("Unknown option 'colour' for Zenith; known: ")


def test_a_class_of_one_slot_named_as_a_string_clones() -> None:
    class One:
        __slots__ = "value"  # (Python allows one slot as a plain string)
        value: list[int]

    one = One()
    one.value = [1]
    copy = cloner(One, lists=("value",))(one)
    assert copy.value == [1] and copy.value is not one.value


def test_a_game_id_declared_twice_is_refused_and_a_refresh_finds_the_games_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    registry.refresh()
    assert {"zealous", "faiths", "zombology", "zenith", "highcard"} <= set(registry.ids())
    twice = [
        EntryPoint("zenith", "ziggurat.games.zenith:GAME", registry.GROUP),
        EntryPoint("zenith", "elsewhere:GAME", registry.GROUP),
    ]
    monkeypatch.setattr(registry, "entry_points", lambda group: twice if group == registry.GROUP else [])
    registry.refresh()
    with pytest.raises(ValueError) as e:
        registry.ids()
    assert str(e.value) == "game id 'zenith' is declared twice: ziggurat.games.zenith:GAME, elsewhere:GAME"
    monkeypatch.setattr(registry, "entry_points", lambda group: [twice[0], twice[0]])
    registry.refresh()
    assert registry.ids() == ["zenith"], "the same declaration found twice (two paths) is one game"
    monkeypatch.undo()
    registry.refresh()
    assert get("zenith").info.id == "zenith"
