"""The Zombology action vocabulary (docs/games/zombology.md). Every action string is built once, here.

swap:<give>:<take>   Guru's Insight: give a Therapy card from hand, take a failed card of the Guru's suit
pass                 Guru's Insight: make no swap with this Guru this round
choose:<card>        the secret choice of the round's card (every player at once)
target:<card>        an Overrun, as it resolves, names the played card it discards
guru:<suit>          a Pay Rise, as it resolves, claims this Guru
counter | allow      an Overrun targets your card: discard an Army Perimeter to stop it, or let it happen
"""

from __future__ import annotations

from ziggurat.games.zombology.cards import ID, KIND, N_CARDS, N_SUITS, SUITS, THERAPY

SWAP, PASS, CHOOSE, TARGET, GURU, COUNTER, ALLOW = range(7)

A_CHOOSE = tuple(f"choose:{c}" for c in ID)
A_TARGET = tuple(f"target:{c}" for c in ID)
A_GURU = tuple(f"guru:{u}" for u in SUITS)
# A_SWAP[give][take]; only Therapy cards are ever swapped, the other entries stay empty.
A_SWAP = tuple(
    tuple(
        f"swap:{ID[g]}:{ID[t]}" if KIND[g] == THERAPY and KIND[t] == THERAPY else "" for t in range(N_CARDS)
    )
    for g in range(N_CARDS)
)
A_PASS, A_COUNTER, A_ALLOW = "pass", "counter", "allow"

# action string -> (verb, x, y): a dict lookup instead of parsing on the hot path.
PARSE: dict[str, tuple[int, int, int]] = {
    A_PASS: (PASS, 0, 0),
    A_COUNTER: (COUNTER, 0, 0),
    A_ALLOW: (ALLOW, 0, 0),
}
for _c in range(N_CARDS):
    PARSE[A_CHOOSE[_c]] = (CHOOSE, _c, 0)
    PARSE[A_TARGET[_c]] = (TARGET, _c, 0)
    for _t in range(N_CARDS):
        if A_SWAP[_c][_t]:
            PARSE[A_SWAP[_c][_t]] = (SWAP, _c, _t)
for _u in range(N_SUITS):
    PARSE[A_GURU[_u]] = (GURU, _u, 0)


def action_space(players: int) -> list[str]:
    """Every action that can ever be legal (fixed order: for RL adapters); the same for any count."""
    return list(PARSE)
