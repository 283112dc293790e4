"""What each card does, as atomic decisions: one module per deck, as the tests are split (miracles,
judgments, divine), on the common ground of base.py.

A played card pushes a `Frame` on the state's stack; `options` lists the choices for the frame on
top and `choose` applies one. A card that needs no choice resolves in `begin`. When a card has
finished it calls `finish`, which discards it and hands control back to the frame below (Vision and
Salvation wait there for the Miracles they play).
"""

from __future__ import annotations

from ziggurat.games.zealous.cards import DECK_OF, N_CARDS
from ziggurat.games.zealous.effects import divine, judgments, miracles
from ziggurat.games.zealous.effects.base import EFFECTS, finish, play_card

MODULES = (miracles, judgments, divine)  # in deck order; importing them registers their cards
assert sorted(EFFECTS) == list(range(N_CARDS)), "every card has its effect"
assert all(type(EFFECTS[c]).__module__ == MODULES[DECK_OF[c]].__name__ for c in range(N_CARDS))

__all__ = ["EFFECTS", "MODULES", "finish", "play_card"]
