"""Taking back a slip, as Board Game Arena's undo: a seat may take back its own last action while
nobody else has acted since and the action showed nothing hidden (no card drawn, nothing turned up,
no secret choice revealed).

In a match log an undo is an entry of its own, `(seat, "undo")`, which cancels the last action still
standing: the log stays append-only, so the store's optimistic lock and kill -9 guarantee are the
same for it, and a replay reproduces the state exactly (`effective` first, then the actions).

"Showed nothing hidden" is decided for every game alike, from its own `determinize`: for each seat,
the action is tried on several states that agree with everything that seat has seen and differ in
what it hasn't (other hands, the order of the decks, the dice to come, secret choices); if that
seat's view afterwards is the same in all of them, the action told it nothing it didn't know. Only
when that holds for everyone is taking the action back fair. A game of
perfect information has nothing hidden (its `determinize` is a clone), so its moves can always be
taken back while nobody else has acted.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from ziggurat.engine.errors import IllegalAction, InputError
from ziggurat.engine.game import Action, Game

UNDO: Action = "undo"  # a log entry, never a game's action (the conformance suite checks)
TRIES = 12  # states tried: a hidden card among only two kinds escapes all of them once in 2**11


def undo_event(seat: int) -> dict[str, Any]:
    """The event of a take-back, worded alike in every game (engine/text.py COMMON): what the server's
    log and `ziggurat replay` show for an undo entry."""
    return {"type": "undo", "seat": seat}


def effective(actions: Sequence[tuple[int, Action]]) -> list[tuple[int, Action]]:
    """The actions still standing once every undo in the log has cancelled the one before it."""
    out: list[tuple[int, Action]] = []
    for i, (seat, action) in enumerate(actions, 1):
        if action != UNDO:
            out.append((seat, action))
        elif not out or out[-1][0] != seat:
            raise InputError("bad-undo", f"action {i}: seat {seat} takes back a move that isn't its own.")
        else:
            out.pop()
    return out


def reveals(game: Game[Any, Any], before: Any, seat: int, action: Action, tries: int = TRIES) -> bool:
    """Would `seat`'s `action` (legal in `before`) show anyone anything they can't see in `before`?

    For each seat in turn, the action is tried on states that agree with everything that seat has
    seen (`determinize` from its side; a state where the action can't be made, because it hangs on
    the actor's own hidden cards, is passed over): if what the seat sees afterwards differs among
    them, it has learnt something (a card it drew, a card turned up, the others' secret choices)."""
    if not game.info.hidden_information:
        return False
    for observer in range(before.n):
        rng = random.Random(observer)  # (the same samples every time: the answer never hangs on luck)
        seen: str | None = None
        for _ in range(tries):
            twin = game.determinize(before, observer, rng)
            twin.cache = None  # (legal actions of the hands before the redeal must not be reused)
            if action not in game.legal(twin, seat):
                continue
            game.apply(twin, seat, action)
            view = json.dumps(game.view(twin, observer), sort_keys=True)
            if seen is None:
                seen = view
            elif view != seen:
                return True
    return False


def check_undo(game: Game[Any, Any], before: Any, seat: int, last: tuple[int, Action] | None) -> None:
    """Raise IllegalAction unless `seat` may take back `last`, the last action standing, made from
    the state `before`."""
    if last is None or last[0] != seat:
        raise IllegalAction(
            "nothing-to-undo", "Only your own last move can be taken back, before anyone else moves."
        )
    if reveals(game, before, seat, last[1]):
        raise IllegalAction(
            "undo-revealed", "That move showed something hidden (a card drawn or turned up): it stands."
        )
