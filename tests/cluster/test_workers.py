"""`ziggurat serve --workers N`: N processes on one port; the refusals when they can't work."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from ziggurat.devcluster import Redis

from ..server.harness import ProcessServer
from ..store.pg import Cluster
from .players import check_the_record, seat_players

EXE = str(Path(sys.executable).parent / "ziggurat")


def _children(pid: int) -> list[int]:
    """The supervisor's worker processes (not multiprocessing's resource tracker)."""
    kids = [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    return [k for k in kids if b"spawn_main" in Path(f"/proc/{k}/cmdline").read_bytes()]


async def test_two_workers_serve_one_port_and_a_dead_one_is_replaced(pg: Cluster, redis: Redis) -> None:
    server = ProcessServer(
        pg.new_database(),
        "--workers",
        "2",
        "--redis",
        redis.url,
        "--lease-seconds",
        "1.5",
        "--bot-pool",
        "thread",
    )
    try:
        assert any("2 workers" in line for line in server.output)
        workers = _children(server.proc.pid)
        assert len(workers) == 2
        urls = [server.url] * 3  # one address: the kernel spreads the sockets over both workers
        players = await seat_players(urls, "zenith", ["Ada", "Bo", "Cy"])
        await asyncio.gather(*(p.play(until=lambda s: s["version"] >= 6) for p in players))
        os.kill(workers[0], signal.SIGKILL)
        await asyncio.gather(*(p.play() for p in players))  # whoever was there reconnects
        await check_the_record(server.url, players)
        async with asyncio.timeout(30):  # and the supervisor has two workers again
            while len(_children(server.proc.pid)) < 2 or workers[0] in _children(server.proc.pid):
                await asyncio.sleep(0.2)
    finally:
        server.stop()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--workers", "2", "--db", "sqlite:///{tmp}/z.db"], "several workers need PostgreSQL"),
        (["--workers", "2", "--db", "{pg}"], "several workers need Redis"),
        (
            ["--redis", "{redis}", "--db", "sqlite:///{tmp}/z.db"],
            "--redis is for several processes on PostgreSQL",
        ),
        (["--redis", "redis://127.0.0.1:1/0", "--db", "{pg}"], "can't reach Redis at redis://127.0.0.1:1/0"),
    ],
)
def test_what_cant_work_is_one_clear_line(
    args: list[str], says: str, tmp_path: Path, pg: Cluster, redis: Redis
) -> None:
    filled = [a.format(tmp=tmp_path, pg=pg.url(), redis=redis.url) for a in args]
    run = subprocess.run([EXE, "serve", "--port", "0", *filled], capture_output=True, text=True, timeout=60)
    lines = run.stderr.strip().splitlines()
    assert run.returncode != 0 and len(lines) == 1 and says in lines[0], run.stderr
