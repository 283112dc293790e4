"""The map of the rulings page: 26 territories, symmetric borders, eleven homelands."""

from __future__ import annotations

from ziggurat.engine.bits import bits
from ziggurat.games.faiths.board import (
    ADJ,
    ADJ_MASK,
    HOMELAND,
    N_TERRITORIES,
    RELIGIONS,
    TERRITORIES,
    WIN,
    adjacent,
)
from ziggurat.games.faiths.board import INDEX as T


def test_twenty_six_territories_and_the_win_at_fourteen() -> None:
    assert N_TERRITORIES == 26 and len(set(TERRITORIES)) == 26
    assert WIN == 14


def test_borders_are_symmetric_and_connected() -> None:
    for t, nb in enumerate(ADJ):
        assert t not in nb
        for u in nb:
            assert t in ADJ[u], (TERRITORIES[t], TERRITORIES[u])
        assert ADJ_MASK[t] == sum(1 << u for u in nb)
    seen, todo = {0}, [0]
    while todo:
        for u in ADJ[todo.pop()]:
            if u not in seen:
                seen.add(u)
                todo.append(u)
    assert len(seen) == N_TERRITORIES


def test_some_borders_from_the_rulings() -> None:
    names = lambda t: {TERRITORIES[u] for u in ADJ[T[t]]}  # noqa: E731
    assert names("tibet") == {
        "mongolia",
        "north_china",
        "south_china",
        "indochina",
        "east_india",
        "north_india",
        "central_asia",
    }
    assert names("iran") == {"west_india", "afghanistan", "central_asia", "caucasus", "mesopotamia", "arabia"}
    assert names("ceylon") == {"malaya", "south_india"}
    assert names("yemen") == {"arabia", "egypt"}


def test_homelands() -> None:
    home = {r: TERRITORIES[HOMELAND[i]] for i, r in enumerate(RELIGIONS)}
    assert home == {
        "shinto": "japan",
        "taoism": "south_china",
        "confucianism": "north_china",
        "buddhism": "south_india",
        "jainism": "north_india",
        "hinduism": "east_india",
        "sikhism": "west_india",
        "zoroastrianism": "iran",
        "islam": "arabia",
        "judaism": "south_israel",
        "christianity": "north_israel",
    }


def test_adjacent_is_the_border_without_the_occupied() -> None:
    occ = 1 << T["south_india"] | 1 << T["ceylon"]
    assert {TERRITORIES[t] for t in bits(adjacent(occ))} == {
        "malaya",
        "east_india",
        "north_india",
        "west_india",
    }
    assert adjacent(0) == 0
