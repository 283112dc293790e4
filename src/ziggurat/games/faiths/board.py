"""The Faiths map: 26 territories of Asia and the Middle East, and the eleven religions' homelands
(ids, borders and homelands from the rulings page)."""

from __future__ import annotations

from ziggurat.engine.bits import bits
from ziggurat.engine.spaces import spaces

# Every territory and the ones it borders, in the rulings' order (territory i is the i-th listed).
_BORDERS = {
    "japan": "korea manchuria south_china",
    "korea": "japan manchuria north_china",
    "manchuria": "japan korea north_china mongolia siberia",
    "siberia": "manchuria mongolia central_asia",
    "mongolia": "siberia manchuria north_china tibet central_asia",
    "north_china": "korea manchuria mongolia tibet south_china",
    "south_china": "japan north_china tibet indochina",
    "tibet": "mongolia north_china south_china indochina east_india north_india central_asia",
    "indochina": "south_china tibet east_india malaya",
    "malaya": "indochina east_india ceylon",
    "ceylon": "malaya south_india",
    "south_india": "ceylon east_india north_india west_india",
    "east_india": "tibet indochina malaya south_india north_india",
    "north_india": "tibet east_india south_india west_india afghanistan",
    "west_india": "north_india south_india afghanistan iran",
    "afghanistan": "north_india west_india iran central_asia",
    "central_asia": "siberia mongolia tibet afghanistan iran",
    "iran": "west_india afghanistan central_asia caucasus mesopotamia arabia",
    "caucasus": "iran anatolia",
    "anatolia": "caucasus mesopotamia north_israel",
    "mesopotamia": "iran anatolia north_israel arabia",
    "north_israel": "anatolia mesopotamia south_israel",
    "south_israel": "north_israel arabia egypt",
    "arabia": "iran mesopotamia south_israel egypt yemen",
    "yemen": "arabia egypt",
    "egypt": "south_israel arabia yemen",
}
TERRITORIES, INDEX, ADJ = spaces(_BORDERS)
N_TERRITORIES = len(TERRITORIES)

CAPACITY = 10  # PC of all faiths together in one territory
WIN = N_TERRITORIES // 2 + 1  # "over 50%": 14 of 26

ADJ_MASK: tuple[int, ...] = tuple(sum(1 << a for a in nb) for nb in ADJ)

RELIGIONS: tuple[str, ...] = (
    "shinto",
    "taoism",
    "confucianism",
    "buddhism",
    "jainism",
    "hinduism",
    "sikhism",
    "zoroastrianism",
    "islam",
    "judaism",
    "christianity",
)
RELIGION_INDEX: dict[str, int] = {r: i for i, r in enumerate(RELIGIONS)}
_HOMELANDS = {
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
HOMELAND: tuple[int, ...] = tuple(INDEX[_HOMELANDS[r]] for r in RELIGIONS)
START_PC = 10


def religion_name(r: int) -> str:
    return RELIGIONS[r].title()


def adjacent(occupied: int) -> int:
    """AT: territories without the player's PC that border one with the player's PC."""
    m = 0
    for t in bits(occupied):
        m |= ADJ_MASK[t]
    return m & ~occupied


def _check() -> None:
    for i, nb in enumerate(ADJ):
        assert i not in nb, TERRITORIES[i]
        for j in nb:
            assert i in ADJ[j], (TERRITORIES[i], TERRITORIES[j])
    assert len(set(HOMELAND)) == len(RELIGIONS)


_check()
