"""High Card bound to the engine contract: its metadata and its one module of hooks."""

from __future__ import annotations

from ziggurat.engine import Game, Info
from ziggurat_toygame import rules
from ziggurat_toygame.rules import HighCardOptions, HighCardState


class HighCard(Game[HighCardState, HighCardOptions]):
    info = Info(
        id="highcard",
        name="High Card",
        min_players=2,
        max_players=4,
        hidden_information=True,
        simultaneous=False,
        summary="Each trick, the highest card wins: three tricks, secret hands.",
        action_example="play:7",
        action_space=rules.action_space,
        max_length=rules.max_length,
        observer="ziggurat_toygame.observe:HighCardEncoder",  # needs numpy: imported by rl/ only
    )
    Options = HighCardOptions

    def __init__(self) -> None:
        # One small module is the rules, the records, the views and the words at once.
        super().__init__(rules, rules, rules, rules)

    determinize = staticmethod(rules.determinize)


GAME = HighCard()
