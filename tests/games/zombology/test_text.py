"""Words: every event kind described in a sentence, every action labelled, the board as text."""

from __future__ import annotations

import random

from ziggurat.games.zombology import GAME
from ziggurat.games.zombology.state import ZombologyState

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def played_out(players: int, seed: int) -> tuple[ZombologyState, list[dict[str, object]], set[str]]:
    rng = random.Random(seed)
    st = GAME.new(players, None, seed, record=True)
    labels: set[str] = set()
    while GAME.result(st) is None:
        for s in GAME.to_act(st):
            for a in GAME.legal(st, s):
                label = GAME.describe_action(st, s, a)
                assert label and label != a
                labels.add(a.split(":")[0])
            assert GAME.text(st, s, NAMES[:players])
            GAME.apply(st, s, rng.choice(GAME.legal(st, s)))
    assert st.events is not None
    return st, st.events, labels


def test_every_event_and_action_has_words() -> None:
    kinds: set[str] = set()
    verbs: set[str] = set()
    for seed in range(40):
        st, events, labels = played_out(8, seed)
        verbs |= labels
        for e in events:
            text = GAME.describe(e, NAMES)
            assert text != str(e) and "{" not in text
            kinds.add(str(e["type"]))
        assert "over" in GAME.text(st, None, NAMES)
    assert verbs == {"choose", "swap", "pass", "target", "guru", "counter", "allow"}
    assert kinds >= {"round", "swap", "insight_pass", "chosen", "reveal", "overrun", "overrun_hit", "counter"}
    assert kinds >= {"payrise", "army", "therapy", "pass", "draw", "end"}


def test_unknown_events_and_actions_fall_back_to_themselves() -> None:
    st = GAME.new(3)
    assert GAME.describe({"type": "mystery"}, NAMES) == "{'type': 'mystery'}"
    assert GAME.describe_action(st, 0, "dance") == "dance"
