"""Running a whole arena: games spread over worker processes, records gathered in game order."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Mapping
from functools import partial

from ziggurat.bots.arena.play import ArenaConfig, play_game
from ziggurat.engine import Json


def run(
    cfg: ArenaConfig,
    workers: int = 1,
    progress: Callable[[Json], None] | None = None,
    done: Mapping[int, Json] | None = None,
) -> list[Json]:
    """Play `cfg.games` games, but those `done` already (records by game index, kept as they are);
    `progress` hears of each game as it finishes. Results never depend on `workers`, nor on a run
    being resumed: each game is seeded from (run seed, game index) alone."""
    done = {i: rec for i, rec in (done or {}).items() if 0 <= i < cfg.games}
    records: list[Json] = list(done.values())
    todo = [i for i in range(cfg.games) if i not in done]
    if workers <= 1 or len(todo) <= 1:
        for i in todo:
            rec = play_game(cfg, i)
            records.append(rec)
            if progress:
                progress(rec)
    else:
        ctx = multiprocessing.get_context(
            "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        )
        with ctx.Pool(min(workers, len(todo))) as pool:
            for rec in pool.imap_unordered(partial(play_game, cfg), todo):
                records.append(rec)
                if progress:
                    progress(rec)
    records.sort(key=lambda r: int(r["index"]))
    return records
