"""The arena: bot tournaments with seats rotated, for balancing the games.

play.py plays one seeded game (counting cards from the uniform "play" events of the games), run.py
spreads a run over processes, journal.py writes each game down as it finishes (a run stopped early
resumes from there), stats.py computes the numbers; report.py (rich) and plots.py
(matplotlib) need the `arena` extra; cli.py is `ziggurat arena`.
"""

from ziggurat.bots.arena.play import ArenaConfig, Entry, play_game
from ziggurat.bots.arena.run import run
from ziggurat.bots.arena.stats import summarize, wilson

__all__ = ["ArenaConfig", "Entry", "play_game", "run", "summarize", "wilson"]
