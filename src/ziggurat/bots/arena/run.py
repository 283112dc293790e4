"""Running a whole arena: games spread over worker processes (a local pool, or Ray tasks on a local Ray
instance or an existing cluster), records gathered in game order."""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
from collections.abc import Callable, Generator, Mapping
from functools import partial
from typing import Any

from ziggurat.bots.arena.play import ArenaConfig, play_game
from ziggurat.engine import InputError, Json

BACKENDS = ("process", "ray")


def run(
    cfg: ArenaConfig,
    workers: int = 1,
    progress: Callable[[Json], None] | None = None,
    done: Mapping[int, Json] | None = None,
    backend: str = "process",
    address: str | None = None,
) -> list[Json]:
    """Play `cfg.games` games, but those `done` already (records by game index, kept as they are);
    `progress` hears of each game as it finishes. Results never depend on `workers`, on the backend,
    nor on a run being resumed: each game is seeded from (run seed, game index) alone.

    `backend="ray"` plays them as Ray tasks: on a local Ray instance of `workers` CPUs, or on the
    existing cluster at `address` (its CPUs set the pace there)."""
    if backend not in BACKENDS:
        raise InputError("bad-backend", f"Unknown backend {backend!r}; backends: {', '.join(BACKENDS)}.")
    done = {i: rec for i, rec in (done or {}).items() if 0 <= i < cfg.games}
    records: list[Json] = list(done.values())
    todo = [i for i in range(cfg.games) if i not in done]
    if backend == "ray":
        played = _on_ray(cfg, todo, workers, address)
    elif workers <= 1 or len(todo) <= 1:
        played = _here(cfg, todo)
    else:
        played = _on_pool(cfg, todo, workers)
    with contextlib.closing(played):  # (stopped early: its pool or Ray goes at once, not when collected)
        for rec in played:
            records.append(rec)
            if progress:
                progress(rec)
    records.sort(key=lambda r: int(r["index"]))
    return records


def _here(cfg: ArenaConfig, todo: list[int]) -> Generator[Json, None, None]:
    for i in todo:
        yield play_game(cfg, i)


def _on_pool(cfg: ArenaConfig, todo: list[int], workers: int) -> Generator[Json, None, None]:
    fork = "fork" in multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if fork else "spawn")
    with ctx.Pool(min(workers, len(todo))) as pool:
        yield from pool.imap_unordered(partial(play_game, cfg), todo)


def start_local_ray(workers: int) -> None:
    """A Ray instance on this machine with `workers` CPUs: no dashboard, a small object store (a game's
    record is a few hundred bytes)."""
    import ray

    ray.init(
        address="local",  # (a new instance, even if a cluster started on this machine is running)
        num_cpus=max(1, workers),
        include_dashboard=False,
        object_store_memory=100 * 1024 * 1024,
        logging_level=logging.ERROR,
        log_to_driver=False,
    )


def ray_module() -> Any:
    """Ray, or the error that says how to install it."""
    try:
        import ray
    except ImportError:
        raise InputError(
            "no-ray", "The ray backend needs Ray: pip install 'ziggurat[ray]' (or pip install ray)."
        ) from None
    return ray


def start_ray(workers: int, address: str | None) -> None:
    """A local Ray instance of `workers` CPUs, or a connection to the cluster at `address`."""
    if address is None:
        start_local_ray(workers)
    else:
        ray_module().init(address=address, logging_level=logging.ERROR, log_to_driver=False)


def _on_ray(
    cfg: ArenaConfig, todo: list[int], workers: int, address: str | None
) -> Generator[Json, None, None]:
    """Each game a Ray task, yielded as it finishes. A Ray started here (none running in this process)
    is shut down at the end, or when the run is stopped."""
    ray = ray_module()
    ours = not ray.is_initialized()
    if ours:
        start_ray(workers, address)
    try:
        task = ray.remote(play_game)
        pending = [task.remote(cfg, i) for i in todo]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(ready)
    finally:
        if ours:
            ray.shutdown()
