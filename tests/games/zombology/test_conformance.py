"""Random games for 3-8 players with Zombology's own invariants checked after every action: cards
conserved, views, events and text leak no card a seat may not know the place of, the order of the
secret choices changes nothing, and determinization keeps what each seat remembers (the contract itself
is checked for every game in tests/engine/test_conformance.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from tests.games.zombology.helpers import everything
from ziggurat.engine import IllegalAction, events_for
from ziggurat.games.zombology import GAME
from ziggurat.games.zombology.cards import ID, KIND, SUIT, THERAPY, VALUE, cards_of
from ziggurat.games.zombology.state import CHOOSE, ZombologyState


def hidden_from(st: ZombologyState, seat: int | None) -> int:
    """The cards `seat` (None: a spectator) may not know the place of right now."""
    m = 0
    for d in st.deck:
        for c in d:
            m |= 1 << c
    for t in range(st.n):
        if t == seat:
            continue
        held = st.hand[t]
        if st.phase == CHOOSE and st.chosen[t] >= 0:
            held |= 1 << st.chosen[t]
        if seat is not None:
            known = st.memory[seat][t]
        else:  # what every player knows is public (a card taken by a Guru's Insight swap)
            known = -1
            for o in range(st.n):
                if o != t:
                    known &= st.memory[o][t]
        m |= held & ~known
    return m


def strings(x: Any) -> set[str]:
    if isinstance(x, str):
        return {x}
    if isinstance(x, dict):
        return set().union(*(strings(v) for v in x.values())) | set(map(str, x))
    if isinstance(x, list | tuple):
        return set().union(*(strings(v) for v in x)) if x else set()
    return set()


def check_invariants(st: ZombologyState) -> None:
    everything(st)
    n = st.n
    for o in range(n):
        assert st.memory[o][o] == 0
        for t in range(n):
            held = st.hand[t] | (1 << st.chosen[t] if st.phase == CHOOSE and st.chosen[t] >= 0 else 0)
            assert st.memory[o][t] & ~held == 0, "a player remembers only cards still held"
    best = [0] * 6
    for m in st.collection:
        for c in cards_of(m):
            if KIND[c] == THERAPY:
                best[SUIT[c]] = max(best[SUIT[c]], VALUE[c])
    assert st.best == best


def check_no_leak(st: ZombologyState, new_events: list[dict[str, Any]]) -> None:
    for seat in [*range(st.n), None]:
        secret = {ID[c] for c in cards_of(hidden_from(st, seat))}
        assert not secret & strings(GAME.view(st, seat)), f"view of {seat} leaks"
        assert not secret & strings(events_for(new_events, seat)), f"events for {seat} leak"
        assert not secret & strings(GAME.text(st, seat, [f"P{s}" for s in range(st.n)]))


def check_determinize(st: ZombologyState, rng: random.Random) -> None:
    """A redealt state keeps every invariant (what a seat remembers stays with its holder)."""
    for seat in range(st.n):
        check_invariants(GAME.determinize(st, seat, rng))


def play_random(players: int, seed: int, deep: bool) -> ZombologyState:
    rng = random.Random(seed)
    st = GAME.new(players, None, seed, record=True)
    check_invariants(st)
    steps = 0
    while GAME.result(st) is None:
        seats = GAME.to_act(st)
        for seat in rng.sample(seats, len(seats)):  # simultaneous choices in any order
            GAME.apply(st, seat, rng.choice(GAME.legal(st, seat)))
            steps += 1
            new_events = GAME.drain_events(st)
            check_invariants(st)
            if deep:
                check_no_leak(st, new_events)
                if steps % 5 == 0:
                    check_determinize(st, rng)
    res = GAME.result(st)
    assert res is not None
    if res.detail["cured"]:
        assert all((res.scores[s] >= 7) == (s in res.winners) for s in range(players))
    else:
        assert res.winners == () and st.round == 8
    return st


@pytest.mark.parametrize("players", range(3, 9))
def test_random_games_keep_invariants(players: int) -> None:
    for seed in range(3):
        play_random(players, seed * 100 + players, deep=seed == 0)


@settings(max_examples=30, deadline=None)
@given(seed=hs.integers(0, 2**31), players=hs.integers(3, 8))
def test_any_seed_plays_out(seed: int, players: int) -> None:
    play_random(players, seed, deep=False)


def advance_to_choice(players: int, seed: int, steps: int) -> ZombologyState:
    """A random position during the secret choice, nobody having chosen yet."""
    rng = random.Random(seed)
    st = GAME.new(players, None, seed)
    while True:
        for seat in GAME.to_act(st):
            if GAME.result(st) is not None:
                break
            GAME.apply(st, seat, rng.choice(GAME.legal(st, seat)))
        if GAME.result(st) is not None:
            st = GAME.new(players, None, seed + 1)
        if st.phase == CHOOSE and len(GAME.to_act(st)) == players and steps <= 0:
            return st
        steps -= 1


@settings(max_examples=40, deadline=None)
@given(
    seed=hs.integers(0, 2**31),
    players=hs.integers(3, 8),
    steps=hs.integers(0, 40),
    data=hs.data(),
)
def test_the_order_of_the_secret_choices_changes_nothing(
    seed: int, players: int, steps: int, data: Any
) -> None:
    st = advance_to_choice(players, seed, steps)
    rng = random.Random(seed)
    choices = {s: rng.choice(GAME.legal(st, s)) for s in range(players)}
    outcomes = []
    for order in (list(range(players)), data.draw(hs.permutations(range(players)))):
        copy = GAME.clone(st)
        for s in order:
            GAME.apply(copy, s, choices[s])
        outcomes.append(GAME.to_json(copy))
    assert outcomes[0] == outcomes[1]


@settings(max_examples=60, deadline=None)
@given(seed=hs.integers(0, 2**31), players=hs.integers(3, 8))
def test_cards_and_answers_not_yours_are_refused(seed: int, players: int) -> None:
    rng = random.Random(seed)
    st = GAME.new(players, None, seed)
    for _ in range(rng.randrange(50)):
        if GAME.result(st) is not None:
            return
        seat = GAME.to_act(st)[0]
        GAME.apply(st, seat, rng.choice(GAME.legal(st, seat)))
    if GAME.result(st) is not None:
        return
    before = GAME.to_json(st)
    seats = GAME.to_act(st)
    seat = seats[0]
    legal = GAME.legal(st, seat)
    idle = [s for s in range(players) if s not in seats]
    others_card = [f"choose:{ID[c]}" for s in range(players) if s != seat for c in cards_of(st.hand[s])]
    tries: list[tuple[Any, Any]] = [(seat, a) for a in others_card[:3]]
    tries += [(seat, "swap:overrun-1:overrun-2"), (seat, "guru:vegan"), (seat, "target:" + ID[0])]
    tries += [(s, legal[0]) for s in idle[:2]] + [(seat, "counter")]
    for who, action in tries:
        if who == seat and action in legal:
            continue
        with pytest.raises(IllegalAction) as e:
            GAME.apply(st, who, action)
        assert e.value.code and e.value.message
        assert GAME.to_json(st) == before


def test_determinize_resamples_what_was_not_seen() -> None:
    st = advance_to_choice(5, 3, 12)
    for s in range(4):
        GAME.apply(st, s, GAME.legal(st, s)[0])  # seat 4 is still choosing
    rng = random.Random(1)
    samples = [GAME.determinize(st, 4, rng) for _ in range(20)]
    for other in samples:
        check_invariants(other)
        for t in range(5):
            held = other.hand[t] | (1 << other.chosen[t] if other.chosen[t] >= 0 else 0)
            assert st.memory[4][t] & ~held == 0, "remembered cards stay with their holder"
        assert other.hand[4] == st.hand[4]
    assert len({tuple(o.hand) for o in samples}) > 1 and len({tuple(o.chosen) for o in samples}) > 1
    assert len({tuple(o.deck[1]) for o in samples}) > 1
