"""Everything a game's observer (its `Info.observer`, an `Encoder`) imports of the research adapters.

The adapters import a game's observer when they first encode the game; the observer imports this
module and no other of `ziggurat.rl`, so the adapters can rearrange their insides without touching a
game (tests/test_layers.py holds them to it; docs/adding-a-game.md shows how to write one). It needs
numpy (the `rl` extra), as every observer does; playing a game never imports it.

- `Encoder`: the observation's layout (`build`), a seat's view written into it (`fill`), and
  optionally the same entries read from the state (`numerators`); `index_of` numbers a vocabulary.
- `Writer`: what `fill` writes a view with, entry by entry.
- `Memo`, `one_hots`, `multi_hot`, `bits`, `bit_digits`, `bits16`, `BYTE_BITS`: ready-made bytes for
  `numerators` (one byte per entry, its numerator).
"""

from ziggurat.rl.layout import Writer
from ziggurat.rl.observe.base import Encoder, index_of
from ziggurat.rl.observe.numerators import BYTE_BITS, Memo, bit_digits, bits, bits16, multi_hot, one_hots

__all__ = [
    "BYTE_BITS",
    "Encoder",
    "Memo",
    "Writer",
    "bit_digits",
    "bits",
    "bits16",
    "index_of",
    "multi_hot",
    "one_hots",
]
