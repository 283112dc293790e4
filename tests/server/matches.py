"""Finished games for the replay tests: random bots play a whole game, fast and the same every time."""

from __future__ import annotations

from ziggurat.bots import make_bot
from ziggurat.engine import Match, registry
from ziggurat.engine.undo import UNDO

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]


def bot_match(game_id: str, seed: int = 1, undo_at: int | None = None) -> Match:
    """A whole game of random bots. With `undo_at`: the action made then is taken back at once, and the
    bot chooses again (a log with a take-back in it)."""
    game = registry.get(game_id)
    n = max(game.info.min_players, min(3, game.info.max_players))
    state = game.new(n, None, seed)
    bot = make_bot("random", seed)
    actions: list[tuple[int, str]] = []
    while game.result(state) is None:
        for seat in game.each_to_act(state):
            if undo_at == len(actions):
                taken_back = bot.choose(game, state, seat)
                game.apply(game.clone(state), seat, taken_back)
                actions += [(seat, taken_back), (seat, UNDO)]
            action = bot.choose(game, state, seat)
            game.apply(state, seat, action)
            actions.append((seat, action))
    return Match(game_id, n, game.options_json(game.options()), seed, NAMES[:n], actions=actions)
