"""The Faiths action vocabulary (docs/games/faiths.md). Every action string is built once, here.

religion:<religion>        set-up with religions chosen at the table: take a religion
place:<territory>          Growth: place one gained PC
pair:<magnitude>:<event>   Event phase: announce a pair
end                        Event phase: play no more pairs
opponent:<seat>            name the opponent of Heresy, Reformation or Mysticism
bonus | no_bonus           declare the homeland bonus for this pair, or not (option)
negate:<magnitude>         reaction: play Zealots & Fanatics with this Magnitude card
pass                       reaction: let the card stand
add:<territory>            Add one PC
remove:<territory>:<seat>  Remove one of that seat's PC
replace:<territory>:<seat> Replace one of that seat's PC with one of yours
from:<territory>           Move: take one of your PC from here (then `to:`), or, after a removal
                           with "& MXPCIST", move one straight into the chosen territory
to:<territory>             Move: where the PC taken with `from:` goes
into:<territory>           "& MXPCIST": the territory (where PC were removed) to move PC into
done                       stop an event early (its effects are "up to X")
discard:<card>             End phase (over 7 cards) or Heresy: discard one card
"""

from __future__ import annotations

from ziggurat.games.faiths.board import N_TERRITORIES, RELIGIONS, TERRITORIES
from ziggurat.games.faiths.cards import CARDS, MAGNITUDES, N_CARDS, PAIR_EVENTS, ZEALOTS

MAX_SEATS = 11
(
    RELIGION,
    PLACE,
    PAIR,
    END,
    OPPONENT,
    BONUS,
    NO_BONUS,
    NEGATE,
    PASS,
    ADD,
    REMOVE,
    REPLACE,
    FROM,
    TO,
    INTO,
    DONE,
    DISCARD,
) = range(17)

A_RELIGION = tuple(f"religion:{r}" for r in RELIGIONS)
A_PLACE = tuple(f"place:{t}" for t in TERRITORIES)
A_PAIR = tuple(tuple(f"pair:{CARDS[m].id}:{CARDS[e].id}" for e in range(N_CARDS)) for m in MAGNITUDES)
A_OPPONENT = tuple(f"opponent:{s}" for s in range(MAX_SEATS))
A_NEGATE = tuple(f"negate:{CARDS[m].id}" for m in MAGNITUDES)
A_ADD = tuple(f"add:{t}" for t in TERRITORIES)
A_REMOVE = tuple(tuple(f"remove:{t}:{s}" for s in range(MAX_SEATS)) for t in TERRITORIES)
A_REPLACE = tuple(tuple(f"replace:{t}:{s}" for s in range(MAX_SEATS)) for t in TERRITORIES)
A_FROM = tuple(f"from:{t}" for t in TERRITORIES)
A_TO = tuple(f"to:{t}" for t in TERRITORIES)
A_INTO = tuple(f"into:{t}" for t in TERRITORIES)
A_DISCARD = tuple(f"discard:{c.id}" for c in CARDS)
A_END, A_BONUS, A_NO_BONUS, A_PASS, A_DONE = "end", "bonus", "no_bonus", "pass", "done"

# action string -> (verb, x, y): a dict lookup instead of parsing on the hot path.
PARSE: dict[str, tuple[int, int, int]] = {
    A_END: (END, 0, 0),
    A_BONUS: (BONUS, 0, 0),
    A_NO_BONUS: (NO_BONUS, 0, 0),
    A_PASS: (PASS, 0, 0),
    A_DONE: (DONE, 0, 0),
}
for _r in range(len(RELIGIONS)):
    PARSE[A_RELIGION[_r]] = (RELIGION, _r, 0)
for _t in range(N_TERRITORIES):
    PARSE[A_PLACE[_t]] = (PLACE, _t, 0)
    PARSE[A_ADD[_t]] = (ADD, _t, 0)
    PARSE[A_FROM[_t]] = (FROM, _t, 0)
    PARSE[A_TO[_t]] = (TO, _t, 0)
    PARSE[A_INTO[_t]] = (INTO, _t, 0)
    for _s in range(MAX_SEATS):
        PARSE[A_REMOVE[_t][_s]] = (REMOVE, _t, _s)
        PARSE[A_REPLACE[_t][_s]] = (REPLACE, _t, _s)
for _m in MAGNITUDES:
    PARSE[A_NEGATE[_m]] = (NEGATE, _m, 0)
    for _e in PAIR_EVENTS:
        PARSE[A_PAIR[_m][_e]] = (PAIR, _m, _e)
    PARSE[A_PAIR[_m][ZEALOTS]] = (PAIR, _m, ZEALOTS)  # known, so that it is refused with a reason
for _s in range(MAX_SEATS):
    PARSE[A_OPPONENT[_s]] = (OPPONENT, _s, 0)
for _c in range(N_CARDS):
    PARSE[A_DISCARD[_c]] = (DISCARD, _c, 0)

_SEAT_VERBS = (OPPONENT, REMOVE, REPLACE)


def action_space(players: int) -> list[str]:
    """Every action that can ever be legal with this many players (fixed order: for RL adapters)."""
    out = []
    for a, (verb, x, y) in PARSE.items():
        seat = x if verb == OPPONENT else y if verb in (REMOVE, REPLACE) else 0
        if (verb not in _SEAT_VERBS or seat < players) and not (verb == PAIR and y == ZEALOTS):
            out.append(a)
    return out
