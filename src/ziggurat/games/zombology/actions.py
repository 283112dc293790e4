"""The Zombology action vocabulary (docs/games/zombology.md). Every action string is built once, here.

swap:<give>:<take>   Guru's Insight: give a Therapy card from hand, take a failed card of the Guru's suit
pass                 Guru's Insight: make no swap with this Guru this round
choose:<card>        the secret choice of the round's card (every player at once)
target:<card>        an Overrun, as it resolves, names the played card it discards
guru:<suit>          a Pay Rise, as it resolves, claims this Guru
counter | allow      an Overrun targets your card: discard an Army Perimeter to stop it, or let it happen
"""

from __future__ import annotations

from ziggurat.games.zombology.cards import (
    ID,
    N_CARDS,
    N_SUITS,
    PRINTED_MASK,
    SUITS,
    THERAPY_MASK,
    cards_of,
)

SWAP, PASS, CHOOSE, TARGET, GURU, COUNTER, ALLOW = range(7)

A_CHOOSE = tuple(f"choose:{c}" for c in ID)
A_TARGET = tuple(f"target:{c}" for c in ID)
A_GURU = tuple(f"guru:{u}" for u in SUITS)
# A_SWAP[give][take]; only Therapy cards are ever swapped, the other entries stay empty. The swaps of
# a variant's extra copies are written in when a game holding them is set up (`admit`): the N x N
# strings of every copy a variant may add would cost the printed game's import for nothing.
A_SWAP: list[list[str]] = [[""] * N_CARDS for _ in range(N_CARDS)]
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
for _u in range(N_SUITS):
    PARSE[A_GURU[_u]] = (GURU, _u, 0)
_admitted = 0  # the cards whose swaps are written


def admit(deck: int) -> None:
    """Write the swap actions between every two Therapy cards of `deck` (and those already written)."""
    global _admitted
    new = deck & THERAPY_MASK & ~_admitted
    if not new:
        return
    every = cards_of(_admitted | new)
    for g in every:
        row = A_SWAP[g]
        for t in every:
            if not row[t] and (new >> g & 1 or new >> t & 1):
                row[t] = a = f"swap:{ID[g]}:{ID[t]}"
                PARSE[a] = (SWAP, g, t)
    _admitted |= new


admit(PRINTED_MASK)


def action_space(players: int, deck: int = PRINTED_MASK) -> list[str]:
    """Every action that can ever be legal with the cards of `deck` (the printed deck by default), in a
    fixed order (for RL adapters); the same for any player count."""
    admit(deck)
    cards = cards_of(deck)
    therapy = cards_of(deck & THERAPY_MASK)
    out = [A_PASS, A_COUNTER, A_ALLOW]
    for c in cards:
        out += (A_CHOOSE[c], A_TARGET[c])
        out += (A_SWAP[c][t] for t in therapy if THERAPY_MASK >> c & 1)
    out += A_GURU
    return out
