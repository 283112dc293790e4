"""Running a whole arena: games spread over worker processes, records gathered in game order."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from functools import partial

from ziggurat.bots.arena.play import ArenaConfig, play_game
from ziggurat.engine import Json


def run(cfg: ArenaConfig, workers: int = 1, progress: Callable[[Json], None] | None = None) -> list[Json]:
    """Play `cfg.games` games; `progress` hears of each as it finishes. Results never depend on
    `workers`: each game is seeded from (run seed, game index) alone."""
    records: list[Json] = []
    if workers <= 1 or cfg.games <= 1:
        for i in range(cfg.games):
            rec = play_game(cfg, i)
            records.append(rec)
            if progress:
                progress(rec)
    else:
        ctx = multiprocessing.get_context(
            "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        )
        with ctx.Pool(min(workers, cfg.games)) as pool:
            for rec in pool.imap_unordered(partial(play_game, cfg), range(cfg.games)):
                records.append(rec)
                if progress:
                    progress(rec)
    records.sort(key=lambda r: int(r["index"]))
    return records
