"""Every Zealous event of a player's own move names that player's seat (the log's dots, the client's
rings and the replay's highlights follow it), a Birth Site at the set-up is no rebirth, and the
first round after the set-up is round 1. Mutation testing found these unchecked: the words of the log
come from other fields."""

from __future__ import annotations

import random

from ziggurat.games.zealous import GAME

OWN_MOVES = {"place", "play", "stay", "skip", "birth"}


def test_a_players_own_events_name_their_seat_and_the_set_up_is_no_rebirth() -> None:
    seen: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        st = GAME.new(3, None, seed, record=True)
        GAME.drain_events(st)
        rounds: list[int] = []
        while GAME.result(st) is None and len(rounds) < 8:
            for s in GAME.each_to_act(st):
                setup = st.round == 0
                GAME.apply(st, s, rng.choice(GAME.legal(st, s)))
                for e in GAME.drain_events(st):
                    if e["type"] in OWN_MOVES:
                        assert e["seat"] == s, e
                        seen.add(e["type"])
                    if e["type"] == "birth" and setup:
                        assert e["rebirth"] is False, e
                    if e["type"] == "round":
                        rounds.append(e["round"])
        assert rounds[:1] == [1], "the set-up is followed by round 1"
    assert seen == OWN_MOVES, f"not every kind of own move was played: {seen}"
