"""Arena throughput: games per second with 1 and 2 workers, on the process pool and on Ray.

    python bench/arena.py [--game zealous] [--players 4] [--bots normal] [--games 40] [--rounds 2]
                          [--workers 1,2] [--backends process,ray]

Plays the same seeded run (`--games` games, seats rotated) with every backend and worker count,
interleaved round by round (process 1, ray 1, process 2, ray 2, then again), and prints one JSON line
per run: games/s, and for Ray the start of its local instance apart (`start_s`: what a designer waits
for before the first game). Every run's records are checked equal to the first's: the
backends and worker counts must not change results. Bounded: at most 400 games a run.
"""

from __future__ import annotations

import argparse
import json
import os
import time

from ziggurat.bots.arena import ArenaConfig, Entry, run
from ziggurat.bots.arena.run import start_local_ray


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="zealous")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--bots", default="normal", help="lineup, as `ziggurat arena --bots`")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--workers", default="1,2")
    p.add_argument("--backends", default="process,ray")
    args = p.parse_args()
    if not (1 <= args.games <= 400 and 1 <= args.rounds <= 5):
        raise SystemExit("--games is 1..400, --rounds 1..5")
    lineup = tuple(Entry.parse(b) for b in args.bots.split(","))
    lineup += (lineup[-1],) * (args.players - len(lineup))
    cfg = ArenaConfig(args.game, args.players, lineup, args.games, seed=1)
    first = None
    for r in range(1, args.rounds + 1):
        for workers in (int(w) for w in args.workers.split(",")):
            for backend in args.backends.split(","):
                t0 = time.perf_counter()
                if backend == "ray":  # (started here, to time its start apart from the games)
                    start_local_ray(workers)
                t1 = time.perf_counter()
                records = run(cfg, workers=workers, backend=backend)
                t2 = time.perf_counter()
                if backend == "ray":
                    import ray

                    ray.shutdown()
                first = first if first is not None else records
                row = {"round": r, "backend": backend, "workers": workers, "games": args.games}
                row |= {"game": args.game, "players": args.players, "bots": args.bots}
                row |= {"games_per_s": round(args.games / (t2 - t1), 2), "start_s": round(t1 - t0, 2)}
                row |= {"same_results": records == first, "load": [round(x, 2) for x in os.getloadavg()]}
                print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
