"""The words shared by the games' logs: a drawn card named to whoever may see it, counted nouns, and
the bots' derived seeds pinned (a change would change every bot's play under the same seed)."""

from __future__ import annotations

from ziggurat.engine.options import short
from ziggurat.engine.rng import derive
from ziggurat.engine.text import Told, describe, draws, plural, secret_cards, who

NAMES = ["Ada", "Bo"]


def test_a_draw_names_the_card_only_in_the_copy_that_holds_the_secret() -> None:
    mine = Told({"type": "draw", "seat": 1, "secret": {"card": "stone"}}, NAMES)
    theirs = Told({"type": "draw", "seat": 1}, NAMES)
    empty = Told({"type": "draw", "seat": 0, "empty": True}, NAMES)
    assert draws(mine, "a Miracle card", str.upper) == "Bo draws a Miracle card: STONE."
    assert draws(theirs, "a Miracle card", str.upper) == "Bo draws a Miracle card."
    assert draws(empty, "a Miracle card", str.upper) == "Ada would draw a Miracle card, but none are left."


def test_secret_cards_are_listed_for_their_owner_and_nothing_for_the_others() -> None:
    mine = Told({"type": "deal", "seat": 0, "secret": {"cards": ["a", "b"]}}, NAMES)
    assert secret_cards(mine, str.upper) == ": A, B"
    assert secret_cards(mine, str.upper, " ({})") == " (A, B)"
    assert secret_cards(Told({"type": "deal", "seat": 0}, NAMES), str.upper) == ""


def test_counted_nouns() -> None:
    assert [plural(k, "card") for k in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert plural(2, "die", "dice") == "2 dice" and plural(1, "die", "dice") == "1 die"


def test_a_value_in_an_error_message_is_cut_at_the_limit() -> None:
    assert short("x" * 22) == repr("x" * 22)  # 24 characters: whole
    cut = short("x" * 23)
    assert cut == repr("x" * 23)[:23] + "…" and len(cut) == 24
    assert short(10**30, limit=5) == "1000…"


def test_derived_seeds_are_pinned() -> None:
    assert derive(5, "bot", 1, 7) == 6499185246750984722
    assert derive(-5, "bot", 1, 7) == derive(5, "bot", 1, 7)
    assert derive(1 << 128 | 99, "arena") == 8692329571281528714
    assert max(derive(s, "x") for s in range(64)).bit_length() == 63


def test_a_seat_is_named_from_a_number_or_digits_and_anything_else_shown_as_it_is() -> None:
    assert [who(s, NAMES) for s in (0, "1", 2, -1, True, None, "Bo")] == [
        "Ada",
        "Bo",
        "2",
        "-1",
        "True",
        "None",
        "Bo",
    ]


def test_an_event_is_worded_by_the_games_table_then_the_engines_then_shown_as_it_is() -> None:
    table = {"draw": "{me} draws.", "undo": "{me} undoes."}
    assert describe(table, {"type": "draw", "seat": 1}, NAMES) == "Bo draws."
    assert describe({}, {"type": "undo", "seat": 0}, NAMES) == "Ada takes back a move."
    assert describe(table, {"seat": 0}, NAMES) == "{'seat': 0}"
    assert describe({"": "untyped"}, {"seat": 0}, NAMES) == "untyped"
