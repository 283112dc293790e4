"""The designer's variant (ZenithOptions.pieces): what it changes, that its default is the printed game,
that bad values are refused clearly, that it is stored and restored, and that whole games end."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.games.zenith.helpers import check_invariants, place
from ziggurat.engine import InputError
from ziggurat.games.zenith import GAME
from ziggurat.games.zenith.board import BOARDS
from ziggurat.games.zenith.setup import MOST_PIECES, ZenithOptions, fewest_pieces
from ziggurat.games.zenith.state import NO_PIECES, ZenithState, pieces_per_player

GREEN, ORANGE, PURPLE = range(3)
PLAYERS = (2, 3, 4)
# Two players on Mt. Fuji: green builds a green-only space (1.0.0) and stacks on it; the ground is full
# after 11 placements, with green's 6 pieces all placed, and orange places its last piece on 1.1.0.
LINE: tuple[str, ...] = ("0.0.0", "0.3.0", "0.1.0", "0.0.3", "0.0.1", "0.2.0", "1.0.0", "0.1.1")
LINE += ("0.1.2", "0.2.1", "0.0.2", "1.1.0")


def random_game(players: int, options: Any, seed: int) -> tuple[ZenithState, list[tuple[list[str], str]]]:
    """A random game to its end, checking the invariants; returns the final state and each decision
    (the legal actions, the one taken)."""
    rng = random.Random(seed)
    st = GAME.new(players, options, seed, record=True)
    decisions = []
    while GAME.result(st) is None:
        check_invariants(st)
        legal = GAME.legal(st, st.turn)
        action = rng.choice(legal)
        decisions.append((legal, action))
        GAME.apply(st, st.turn, action)
        assert len(decisions) <= st.board.size, "every decision fills a space"
    check_invariants(st)
    return st, decisions


# --- the default is the printed game ----------------------------------------------------------------


def test_the_default_is_the_printed_count_and_is_a_designer_knob() -> None:
    assert ZenithOptions().pieces == 0
    assert GAME.options({"pieces": 0}) == GAME.options(None)
    assert GAME.options_spec()["pieces"] == {
        "type": "int",
        "default": 0,
        "min": 0,
        "max": MOST_PIECES,
        "variant": True,
    }
    assert MOST_PIECES == max(b.size for b in BOARDS.values()) == 39
    assert "pieces" in (ZenithOptions.__doc__ or "")
    for n in PLAYERS:
        st = GAME.new(n)
        assert st.hand == [pieces_per_player(n)] * n == [58 if n == 2 else 29] * n
        assert st.options.variant == {}
        assert "variant" not in GAME.to_json(st)
        assert all("variant" not in GAME.view(st, s) for s in (None, *range(n)))
        assert "variant" not in GAME.text(st, 0, ["a", "b", "c", "d"][:n])


@pytest.mark.parametrize("board", list(BOARDS))
def test_as_many_pieces_as_spaces_plays_exactly_as_the_printed_game(board: str) -> None:
    """Pieces that can't run out change nothing but the hands and the recorded variant: the same legal
    actions at every decision and the same end, move by move."""
    size = BOARDS[board].size
    for n in PLAYERS:
        for seed in range(3):
            printed, seen = random_game(n, {"board": board}, seed)
            varied, again = random_game(n, {"board": board, "pieces": size}, seed)
            assert again == seen
            assert varied.result == printed.result and varied.out == printed.out
            a, b = GAME.to_json(printed), GAME.to_json(varied)
            assert b.pop("variant") == {"pieces": size}
            assert [size - h for h in b.pop("hands")] == [pieces_per_player(n) - h for h in a.pop("hands")]
            assert a == b


# --- what the knob changes --------------------------------------------------------------------------


@pytest.mark.parametrize("board", list(BOARDS))
def test_each_player_starts_with_the_variants_pieces(board: str) -> None:
    b = BOARDS[board]
    for n in PLAYERS:
        for k in (fewest_pieces(b, n), b.size):
            st = GAME.new(n, {"board": board, "pieces": k})
            assert st.pieces == k and st.hand == [k] * n
            view = GAME.view(st, 0)
            assert view["hands"] == [k] * n and view["variant"] == {"pieces": k}
            assert GAME.view(st, None)["variant"] == {"pieces": k}  # spectators see the rules too
            assert f"variant: {k} pieces each" in GAME.text(st, 0, ["a", "b", "c", "d"][:n])
            assert GAME.to_json(st)["variant"] == {"pieces": k}


def test_running_out_of_pieces_eliminates_and_ends_the_game() -> None:
    st = GAME.new(2, {"pieces": 6}, record=True)
    place(st, *LINE[:-1])
    assert st.hand == [0, 1] and st.turn == ORANGE
    assert "place:1.1.0" in GAME.legal(st, ORANGE)
    GAME.drain_events(st)
    place(st, LINE[-1])
    # Green could stack on its own pieces (1.0.1 rests on two of them) but has no piece left: it is out
    # at the start of its turn, and orange, the last one standing, wins.
    assert st.out == [(GREEN, NO_PIECES, 12)]
    res = GAME.result(st)
    assert res is not None and res.winners == (ORANGE,) and res.ranks == (2, 1)
    assert GAME.view(st, None)["eliminated"] == [{"seat": GREEN, "reason": NO_PIECES, "moves": 12}]
    told = [e["type"] for e in GAME.drain_events(st)]
    assert told == ["place", "eliminate", "end"]

    printed = GAME.new(2)
    place(printed, *LINE)  # the same placements under the printed count: green goes on
    assert printed.out == [] and printed.turn == GREEN and printed.hand == [52, 52]
    assert sorted(GAME.legal(printed, GREEN)) == ["place:1.0.1", "place:1.0.2", "place:1.1.1"]


def test_pieces_run_out_in_turn_order_and_the_last_seat_with_pieces_wins() -> None:
    """With three players and 4 each, everyone fills the ground and places in turn; green, then orange,
    find their hands empty in the same round; purple wins."""
    st = GAME.new(3, {"pieces": 4})
    while GAME.result(st) is None:
        before = st.hand[st.turn]
        GAME.apply(st, st.turn, GAME.legal(st, st.turn)[0])
        check_invariants(st)
        assert before >= 1
    assert st.out == [(GREEN, NO_PIECES, 12), (ORANGE, NO_PIECES, 12)]
    assert GAME.result(st).winners == (PURPLE,)  # type: ignore[union-attr]


def test_a_setup_can_not_hand_out_more_than_the_variants_pieces() -> None:
    st = GAME.new(3, {"pieces": 5}, setup={"pieces": {"0.0.0": 0}, "hands": {"orange": 2}})
    assert st.hand == [4, 2, 5]
    with pytest.raises(InputError) as e:
        GAME.new(3, {"pieces": 5}, setup={"hands": [6, 5, 5]})
    assert e.value.code == "bad-setup" and "more than 5 pieces" in e.value.message


# --- bad values -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "said"),
    [
        (2, {"pieces": -1}, "pieces must be from 0 to 39, not -1"),
        (2, {"pieces": 40, "board": "twin"}, "Twin Peaks has 39 spaces"),
        (2, {"pieces": 21}, "Mt. Fuji has 20 spaces, so nobody can place more than 20 pieces"),
        (4, {"pieces": 28, "board": "krakatoa"}, "Krakatoa has 27 spaces"),
        (2, {"pieces": "many"}, "pieces must be a whole number, not 'many'"),
        (2, {"pieces": True}, "pieces must be a whole number"),
        (2, {"pieces": 6.5}, "pieces must be a whole number"),
        (2, {"pieces": None}, "pieces must be a whole number"),
        (2, {"pieces": 5}, "give 6 to 20, or 0 for the printed count (58)"),
        (3, {"pieces": 3}, "3 pieces each (9 in all) can't fill the 10 ground spaces of Mt. Fuji"),
        (2, {"pieces": 9, "board": "twin"}, "give 10 to 39"),
        (4, {"pieces": 1, "board": "pikes"}, "give 4 to 35, or 0 for the printed count (29)"),
        (4, {"pieces": 4, "board": "krakatoa"}, "give 5 to 27"),
    ],
)
def test_bad_values_are_refused_with_the_reason(players: int, options: Any, said: str) -> None:
    with pytest.raises(InputError) as e:
        GAME.new(players, options)
    assert e.value.code == "bad-options"
    assert said in e.value.message


def test_command_line_values_are_checked_too() -> None:
    from ziggurat.engine.options import assignment

    given = dict([assignment("pieces=12"), assignment("board=pikes")])
    assert given == {"pieces": 12, "board": "pikes"}
    assert GAME.options(given) == ZenithOptions("pikes", 12)
    with pytest.raises(InputError) as e:
        GAME.options(dict([assignment("pieces=twelve")]))
    assert e.value.code == "bad-options" and "whole number" in e.value.message


@pytest.mark.parametrize("board", list(BOARDS))
def test_the_range_is_exactly_what_fits_the_board_and_the_players(board: str) -> None:
    b = BOARDS[board]
    ground = b.ground.bit_count()
    for n in PLAYERS:
        lo = fewest_pieces(b, n)
        assert (lo - 1) * n <= ground < lo * n  # the fewest that can fill the ground together
        for ok in (lo, b.size):
            assert GAME.new(n, {"board": board, "pieces": ok}).hand == [ok] * n
        for bad in (lo - 1, b.size + 1):
            with pytest.raises(InputError) as e:
                GAME.new(n, {"board": board, "pieces": bad})
            assert e.value.code == "bad-options" and "0 for the printed count" in e.value.message


# --- stored and restored ----------------------------------------------------------------------------


@pytest.mark.parametrize("board", list(BOARDS))
def test_a_state_with_a_variant_round_trips_and_plays_on_alike(board: str) -> None:
    n = 3
    options = GAME.options({"board": board, "pieces": fewest_pieces(BOARDS[board], n) + 1})
    rng = random.Random(board)
    st = GAME.new(n, options)
    while GAME.result(st) is None:
        data = json.loads(json.dumps(GAME.to_json(st)))
        assert data["variant"] == {"pieces": options.pieces}
        again = GAME.from_json(data)
        assert again.options == options and again.pieces == options.pieces
        assert GAME.to_json(again) == data
        assert GAME.view(again, st.turn) == GAME.view(st, st.turn)
        action = rng.choice(GAME.legal(st, st.turn))
        GAME.apply(st, st.turn, action)
        GAME.apply(again, again.turn, action)
        assert GAME.to_json(again) == GAME.to_json(st)
    final = GAME.from_json(json.loads(json.dumps(GAME.to_json(st))))
    assert final.options == options and GAME.result(final) == GAME.result(st)


def test_a_clone_keeps_the_variant() -> None:
    st = GAME.new(2, {"pieces": 8, "board": "pikes"})
    copy = GAME.clone(st)
    assert copy.options is st.options and GAME.to_json(copy) == GAME.to_json(st)


@pytest.mark.parametrize(
    ("variant", "said"),
    [
        ({"pieces": 3}, "can't fill the 10 ground spaces"),
        ({"pieces": 21}, "Mt. Fuji has 20 spaces"),
        ({"size": 3}, "Unknown option 'size'"),
        ({"board": "twin"}, "the board is given apart"),
        ([12], "variant must be an object"),
    ],
)
def test_a_stored_state_with_a_bad_variant_is_refused(variant: Any, said: str) -> None:
    data = GAME.to_json(GAME.new(3))
    data["variant"] = variant
    with pytest.raises(InputError) as e:
        GAME.from_json(data)
    assert e.value.code == "bad-state" and said in e.value.message


def test_a_stored_state_holding_more_than_the_variants_pieces_is_refused() -> None:
    data = GAME.to_json(GAME.new(2, {"pieces": 6}))
    data["hands"] = [7, 6]
    with pytest.raises(InputError) as e:
        GAME.from_json(data)
    assert e.value.code == "bad-state" and "more than 6 pieces" in e.value.message


# --- whole games under extreme values ---------------------------------------------------------------


@pytest.mark.parametrize("board", list(BOARDS))
def test_random_games_under_extreme_values_end_with_a_result(board: str) -> None:
    b = BOARDS[board]
    ran_out = 0
    for n in PLAYERS:
        for k in (fewest_pieces(b, n), b.size):
            for seed in range(3):
                st, decisions = random_game(n, {"board": board, "pieces": k}, seed)
                res = GAME.result(st)
                assert res is not None and len(res.winners) == 1
                assert sorted(res.ranks) == list(range(1, n + 1))
                assert all(m.bit_count() <= k for m in st.own)
                assert len(decisions) == st.moves <= n * k
                ran_out += any(reason == NO_PIECES for _, reason, _ in st.out)
                again = GAME.from_json(json.loads(json.dumps(GAME.to_json(st))))
                assert GAME.to_json(again) == GAME.to_json(st)
    assert ran_out, "the fewest pieces make someone run out in some game"


def test_bots_play_the_variant_to_the_end() -> None:
    from ziggurat.bots import make_bot
    from ziggurat.games.zenith.heuristic import reserves

    for board, n, level in (("fuji", 2, "hard"), ("krakatoa", 3, "normal"), ("twin", 4, "random")):
        options = GAME.options({"board": board, "pieces": fewest_pieces(BOARDS[board], n)})
        bots = [make_bot(level, seed=s, iterations=8) for s in range(n)]
        st = GAME.new(n, options)
        while GAME.result(st) is None:
            assert all(r <= h for r, h in zip(reserves(st), st.hand, strict=True))
            seat = st.turn
            action = bots[seat].choose(GAME, st, seat)
            assert action in GAME.legal(st, seat)
            GAME.apply(st, seat, action)
        assert GAME.result(st) is not None


def test_the_observation_is_normalised_by_the_variants_pieces() -> None:
    np = pytest.importorskip("numpy")
    from ziggurat.rl.spec import bind

    for board, n, k in (("fuji", 2, 6), ("twin", 4, 39), ("krakatoa", 3, 7)):
        b = bind(GAME, n, {"board": board, "pieces": k})
        assert b.encoder.pieces_each == k  # type: ignore[attr-defined]
        rng = random.Random(k)
        st = GAME.new(n, b.options)
        x = b.observe(GAME.view(st, 0))
        hands = b.encoder.hands  # type: ignore[attr-defined]
        assert list(x[hands.start : hands.stop]) == [1.0] * n  # full hands: not 6/58
        while GAME.result(st) is None:
            for seat in (None, *range(n)):
                x = b.observe(GAME.view(st, seat))
                assert x.shape == (b.encoder.size,) and np.all((x >= 0) & (x <= 1))
            GAME.apply(st, st.turn, rng.choice(GAME.legal(st, st.turn)))
