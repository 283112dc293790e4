"""Victory... or maybe not: a player wins with 7 or more points in some cured therapy."""

from __future__ import annotations

from collections.abc import Sequence

from ziggurat.engine import Result
from ziggurat.games.zombology.cards import CURED_MASK, SUIT_MASK, SUITS, VALUE, cards_of

WIN_POINTS = 7


def cured_suits(coll: Sequence[int], suits: Sequence[int]) -> list[int]:
    """The therapies with a Cured! card in some collection."""
    everything = 0
    for m in coll:
        everything |= m
    return [u for u in suits if everything & SUIT_MASK[u] & CURED_MASK]


def points(mask: int, u: int) -> int:
    """The face values of a collection's cards of one suit."""
    return sum(VALUE[c] for c in cards_of(mask & SUIT_MASK[u]))


def final_result(coll: Sequence[int], suits: Sequence[int]) -> Result:
    """Winners: 7+ in a cured therapy (none when nothing is cured). A seat's score is its best cured
    therapy. Ranks: 1 for the winners, 2 for everybody else (also when everybody loses)."""
    cured = cured_suits(coll, suits)
    table = [{SUITS[u]: points(m, u) for u in cured} for m in coll]
    scores = tuple(float(max(row.values(), default=0)) for row in table)
    winners = tuple(s for s, x in enumerate(scores) if x >= WIN_POINTS)
    ranks = tuple(1 if s in winners else 2 for s in range(len(coll)))
    return Result(winners, ranks, scores, {"cured": [SUITS[u] for u in cured], "points": table})
