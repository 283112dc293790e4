"""The Zealous action vocabulary (docs/protocol.md). Every action string is built once, here.

birth:<tile>            stand your prophet on a Birth Site (set-up, or rebirth after death)
play:<card>             play a card from your hand
move:<tile> | stay      step 2: move your prophet, or leave it where it is
place:<tile> | skip     step 3: place a follower, or end the turn without placing
tile:<tile>             a card's choice of tile (also: proliferation with short supply)
follower:<tile>:<seat>  a card's choice of one follower: whose, and on which tile
card:<card>             which drawn Miracle to play now (Vision, Salvation)
done                    stop early where a card allows it (Samson, Pilgrimage)
"""

from __future__ import annotations

from ziggurat.games.zealous.board import N_TILES, TILES
from ziggurat.games.zealous.cards import CARDS, N_CARDS

MAX_SEATS = 6
BIRTH, PLAY, MOVE, STAY, PLACE, SKIP, TILE, FOLLOWER, CARD, DONE = range(10)

A_BIRTH = tuple(f"birth:{t}" for t in TILES)
A_PLAY = tuple(f"play:{c.id}" for c in CARDS)
A_MOVE = tuple(f"move:{t}" for t in TILES)
A_PLACE = tuple(f"place:{t}" for t in TILES)
A_TILE = tuple(f"tile:{t}" for t in TILES)
A_FOLLOWER = tuple(tuple(f"follower:{t}:{s}" for s in range(MAX_SEATS)) for t in TILES)
A_CARD = tuple(f"card:{c.id}" for c in CARDS)
A_STAY, A_SKIP, A_DONE = "stay", "skip", "done"

# action string -> (verb, x, y): a dict lookup instead of parsing on the hot path.
PARSE: dict[str, tuple[int, int, int]] = {A_STAY: (STAY, 0, 0), A_SKIP: (SKIP, 0, 0), A_DONE: (DONE, 0, 0)}
for _t in range(N_TILES):
    PARSE[A_BIRTH[_t]] = (BIRTH, _t, 0)
    PARSE[A_MOVE[_t]] = (MOVE, _t, 0)
    PARSE[A_PLACE[_t]] = (PLACE, _t, 0)
    PARSE[A_TILE[_t]] = (TILE, _t, 0)
    for _s in range(MAX_SEATS):
        PARSE[A_FOLLOWER[_t][_s]] = (FOLLOWER, _t, _s)
for _c in range(N_CARDS):
    PARSE[A_PLAY[_c]] = (PLAY, _c, 0)
    PARSE[A_CARD[_c]] = (CARD, _c, 0)


def action_space(players: int) -> list[str]:
    """Every action that can ever be legal with this many players (fixed order: for RL adapters)."""
    return [a for a, (v, _, y) in PARSE.items() if v != FOLLOWER or y < players]
