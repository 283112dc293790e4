"""The contract, checked on random games of every registered game: a new game is checked here without
writing a test. Each game's own tests/games/<game>/test_conformance.py keeps only its own invariants.

Checked after every action: legal actions are unique, none for a seat not asked (nor for anything that
isn't a seat), and the cached list is the fresh one; the result and `to_act` agree. Every few actions:
refused actions leave the state unchanged, the state survives JSON exactly, `clone` copies every field
of the state (read from its `__slots__`, so a new field can't be forgotten) without sharing anything
mutable, `determinize` never changes what its seat sees, and twins that differ only in hidden cards look
the same to a spectator. At the end: the match log replays to the very same state (with `apply` and
with `apply_logged`, as a restart does), and every event has words.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from ziggurat.engine import Game, IllegalAction, Match, all_games, events_for
from ziggurat.engine.jsonint import SAFE

NOT_SEATS: tuple[Any, ...] = (None, -1, "0", 1.0, True)
DEEP_EVERY = 9  # actions between the slower checks


def tables(game: Game[Any, Any]) -> list[int]:
    info = game.info
    return sorted({info.min_players, info.max_players})


# --- checked after every action ----------------------------------------------------------------------


def check_decision(game: Game[Any, Any], st: Any) -> None:
    n = st.n
    asked = game.to_act(st)
    assert (game.result(st) is None) == bool(asked), "to_act is empty exactly when the game is over"
    assert len(set(asked)) == len(asked) and all(0 <= s < n for s in asked)
    for seat in [*range(n), n, *NOT_SEATS]:
        legal = game.legal(st, seat)
        if seat in asked and type(seat) is int:
            assert legal, f"seat {seat} is asked but has nothing to do"
            assert len(legal) == len(set(legal)), "legal actions are unique"
            assert legal == game._legal(st, seat), "the cached list is the fresh one"
            declined = game.decline(st, seat)
            assert declined is None or declined in legal
        else:
            assert legal == [], f"{seat!r} is not asked, yet may {legal[:3]}"
            assert game.decline(st, seat) is None


def check_result(game: Game[Any, Any], st: Any) -> None:
    res = game.result(st)
    assert res is not None
    n = st.n
    assert len(res.ranks) == len(res.scores) == n
    assert all(res.ranks[s] == 1 for s in res.winners) and len(set(res.winners)) == len(res.winners)
    if game.info.always_a_winner:
        assert res.winners and sum(res.reward(s) for s in range(n)) == pytest.approx(1.0)
    json.dumps(res.to_json())


# --- checked every few actions -------------------------------------------------------------------------


def check_refusals(game: Game[Any, Any], st: Any) -> None:
    """Junk, other seats' turns and non-seats are refused with a code and leave the state as it was."""
    before = game.to_json(st)
    asked = game.to_act(st)
    seat = asked[0]
    legal = game.legal(st, seat)
    idle = [s for s in range(st.n) if s not in asked]
    tries: list[tuple[Any, Any]] = [
        (seat, 42),
        (seat, None),
        (seat, [legal[0]]),
        (seat, ""),
        (seat, "no-such-verb:at:all"),
        (seat, legal[0] + " "),
        *((s, legal[0]) for s in idle[:2]),
        *((s, legal[0]) for s in (st.n, *NOT_SEATS)),
    ]
    for who, action in tries:
        with pytest.raises(IllegalAction) as e:
            game.apply(st, who, action)
        assert e.value.code and e.value.message
        assert game.to_json(st) == before, f"refusing {action!r} for {who!r} changed the state"


def _exact_everywhere(value: Any, where: str) -> None:
    """Every number in `value` comes back exact through any JSON reader: an integer beyond 2**53 (a
    random stream's 193-bit state) is written as text (I-JSON, RFC 7493), as many readers round it."""
    if isinstance(value, dict):
        for k, v in value.items():
            _exact_everywhere(v, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _exact_everywhere(v, f"{where}[{i}]")
    elif isinstance(value, int) and not isinstance(value, bool):
        assert -SAFE < value < SAFE, f"{where} = {value}: beyond 2**53, a JSON reader may round it"


def check_json(game: Game[Any, Any], st: Any) -> None:
    data = game.to_json(st)
    _exact_everywhere(data, "state")
    again = game.from_json(json.loads(json.dumps(data)))
    assert game.to_json(again) == data
    assert [game.legal(again, s) for s in range(st.n)] == [game.legal(st, s) for s in range(st.n)]
    for seat in [*range(st.n), None]:
        assert game.view(again, seat) == game.view(st, seat)
        view = game.view(st, seat)
        assert json.loads(json.dumps(view)) == view, "a view is JSON"
        _exact_everywhere(view, f"view({seat})")
        assert view.get("legal", []) == (game.legal(st, seat) if seat is not None else [])


def _independent(a: Any, b: Any, where: str) -> None:
    """`b` equals `a` and shares no mutable part with it."""
    if isinstance(a, list | dict | set):
        assert a is not b, f"{where} is shared by the clone"
        assert type(a) is type(b) and len(a) == len(b), f"{where} differs in the clone"
        if isinstance(a, dict | set):  # lists are compared item by item: they may hold records
            assert a.keys() == b.keys() if isinstance(a, dict) else a == b, f"{where} differs in the clone"
        items = a.values() if isinstance(a, dict) else a
        others = b.values() if isinstance(b, dict) else b
        for i, (x, y) in enumerate(zip(items, others, strict=True)):
            _independent(x, y, f"{where}[{i}]")
    elif isinstance(a, tuple):
        assert a == b, f"{where} differs in the clone"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _independent(x, y, f"{where}[{i}]")
    elif hasattr(type(a), "__slots__") and not _frozen(a):
        assert a is not b, f"{where} is shared by the clone"
        for name in _slots(type(a)):
            _independent(getattr(a, name), getattr(b, name), f"{where}.{name}")
    else:
        assert a == b, f"{where} differs in the clone"


def _frozen(x: Any) -> bool:
    return dataclasses.is_dataclass(x) and bool(type(x).__dataclass_params__.frozen)  # type: ignore[attr-defined]


def _slots(cls: type) -> list[str]:
    out: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        out += [slots] if isinstance(slots, str) else list(slots)
    return out


# Fields a clone may share: the result and the legal-action cache are replaced, never changed in place.
SHARED = {"cache", "result"}


def check_clone(game: Game[Any, Any], st: Any) -> None:
    c = game.clone(st)
    names = _slots(type(st))
    assert names, f"{type(st).__name__} declares __slots__ (clone is checked field by field)"
    for name in names:
        assert hasattr(c, name), f"clone forgets {name}"
        if name == "events":
            assert c.events is None, "a clone records nothing"
        elif name in SHARED:
            assert getattr(c, name) == getattr(st, name)
        else:
            _independent(getattr(st, name), getattr(c, name), name)
    assert game.to_json(c) == game.to_json(st)


def check_hidden(game: Game[Any, Any], st: Any, rng: random.Random) -> None:
    """`determinize` keeps what its seat sees, and its twin looks the same to a spectator."""
    public = game.view(st, None)
    for seat in range(st.n):
        twin = game.determinize(st, seat, random.Random(rng.getrandbits(32)))
        assert game.view(twin, seat) == game.view(st, seat), f"determinize changed what seat {seat} sees"
        assert game.view(twin, None) == public, "twins that differ in hidden cards look different"
        assert game.text(twin, None, NAMES[: st.n]) == game.text(st, None, NAMES[: st.n])
        assert game.to_act(twin) == game.to_act(st)
        for s in game.to_act(twin):
            assert game.legal(twin, s), "the determinized state plays on"
        if not game.info.hidden_information:
            assert game.to_json(twin) == game.to_json(st), "nothing hidden: nothing to resample"


NAMES = [f"P{s}" for s in range(16)]


def check_words(game: Game[Any, Any], events: list[dict[str, Any]], players: int) -> None:
    """Every event has words, for everyone who may see it."""
    for e in events:
        for seat in [None, *range(players)]:
            (mine,) = events_for([e], seat)
            text = game.describe(mine, NAMES[:players])
            assert isinstance(text, str) and text != str(mine), f"no words for {e['type']!r}"


def check_logged_replay(game: Game[Any, Any], match: Match, st: Any, events: list[Any]) -> None:
    """A restart replays stored logs with `apply_logged` (no legal list first): same state, same events."""
    again = game.new(match.players, game.options(match.options), match.seed, record=True)
    seen = game.drain_events(again)
    for seat, action in match.actions:
        game.apply_logged(again, seat, action)
        seen += game.drain_events(again)
    assert game.to_json(again) == game.to_json(st), "a logged replay is exact"
    assert seen == events, "a logged replay tells the same events"


Check = Callable[[Game[Any, Any], Any], None]
DEEP: list[Check] = [check_refusals, check_json, check_clone]


def play(
    game: Game[Any, Any], players: int, seed: int, deep_every: int = DEEP_EVERY, stream: int | None = None
) -> Any:
    """A random game with every check; returns the final state. `stream`: the game's seed, if not `seed`
    (a server's keyed stream)."""
    rng = random.Random(seed)
    seed = seed if stream is None else stream
    st = game.new(players, None, seed, record=True)
    match = Match(game.info.id, players, game.options_json(game.options()), seed)
    events = game.drain_events(st)
    steps = 0
    while game.result(st) is None:
        check_decision(game, st)
        if steps % deep_every == 0:
            for check in DEEP:
                check(game, st)
            check_hidden(game, st, rng)
        for seat in game.each_to_act(st):
            action = rng.choice(game.legal(st, seat))
            game.apply(st, seat, action)
            match.actions.append((seat, action))
            events += game.drain_events(st)
        steps += 1
        assert steps < 20_000, "the game did not end"
    check_decision(game, st)
    check_result(game, st)
    check_json(game, st)
    check_clone(game, st)
    replayed = Match.from_json(json.loads(json.dumps(match.to_json()))).replay()
    assert game.to_json(replayed) == game.to_json(st), "replay is exact"
    check_logged_replay(game, match, st, events)
    check_words(game, events, players)
    _exact_everywhere(events, "events")
    return st


# Three games per table size: two small seeds, and one dealt as a server deals. Each its own test, so
# that parallel workers share out the long ones (a Faiths table of 11 plays for a minute and more).
RUNS = ["seed0", "seed1", "server"]
GAMES = [(g.info.id, n, run) for g in all_games() for n in tables(g) for run in RUNS]


@pytest.mark.parametrize(("game_id", "players", "run"), GAMES)
def test_random_games_keep_the_contract(game_id: str, players: int, run: str) -> None:
    game = next(g for g in all_games() if g.info.id == game_id)
    if run == "server":
        # A keyed stream (129-bit seed, 193-bit state), odd so that no float holds it.
        play(game, players, 7, stream=(1 << 128) | random.Random(players).getrandbits(128) | 1)
    else:
        play(game, players, int(run.removeprefix("seed")) * 1000 + players)


@settings(max_examples=80, deadline=None)
@given(
    game_id=hs.sampled_from([g.info.id for g in all_games()]),
    seed=hs.integers(0, 2**31),
    steps=hs.integers(0, 60),
    junk=hs.one_of(hs.text(max_size=24), hs.integers(), hs.none()),
)
def test_junk_changes_nothing(game_id: str, seed: int, steps: int, junk: Any) -> None:
    game = next(g for g in all_games() if g.info.id == game_id)
    rng = random.Random(seed)
    st = game.new(game.info.min_players, None, seed)
    for _ in range(steps):
        for seat in game.each_to_act(st):
            game.apply(st, seat, rng.choice(game.legal(st, seat)))
    for seat in [*game.to_act(st), 0]:
        if junk in game.legal(st, seat):
            continue
        before = game.to_json(st)
        with pytest.raises(IllegalAction) as e:
            game.apply(st, seat, junk)
        assert e.value.code and e.value.message
        assert game.to_json(st) == before
