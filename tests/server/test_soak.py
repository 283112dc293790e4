"""A bounded soak of a real `ziggurat serve`: thousands of tables created and abandoned, a hundred games
played to the end and fetched again and again. Its memory stays under a bound while it works and comes
back near where it started once open tables expire and idle ones are unloaded.

(bench/soak.py runs the same at a larger scale and prints the numbers; docs/performance.md has them.)
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import httpx

from .harness import Client, ProcessServer, bearer, http, new_table, play_until

ABANDONED = 2000
PLAYED = 100
FETCHES = 4
TTL = 5.0  # long enough that a loaded machine starts a played table before it expires
WORKING_BOUND_MIB = 30  # above the warmed-up baseline, at the peak
FINAL_BOUND_MIB = 15  # above the baseline, once the sweep has passed


def resident_mib(pid: int) -> tuple[float, float]:
    """(now, peak) resident memory of a process, from /proc."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines())
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


async def _play(server: ProcessServer, api: httpx.AsyncClient, seed: int) -> None:
    tid, tokens = await new_table(api, "zenith", ["Ada"], bots=1)
    await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
    ada = await Client(server.url, tid, tokens[0]).connect()
    await play_until([ada], lambda s: False, random.Random(seed))
    await ada.close()
    for _ in range(FETCHES):
        assert (await api.get(f"/api/tables/{tid}")).json()["status"] == "finished"
        assert (await api.get(f"/api/tables/{tid}/log")).status_code == 200


async def _workload(server: ProcessServer, api: httpx.AsyncClient, abandoned: int, played: int) -> None:
    gate = asyncio.Semaphore(8)

    async def play(seed: int) -> None:
        async with gate:
            await _play(server, api, seed)

    async def abandon() -> None:
        for i in range(abandoned):
            r = await api.post("/api/tables", json={"game": "zealous", "seats": 4, "name": f"Nobody {i}"})
            assert r.status_code == 201, r.text

    await asyncio.gather(abandon(), *(play(k) for k in range(played)))


async def test_memory_stays_bounded_and_comes_back(tmp_path: Path) -> None:
    server = ProcessServer(
        f"sqlite:///{tmp_path / 'soak.db'}",
        *("--bot-pool", "thread", "--open-table-ttl", str(TTL), "--max-idle-tables", "64"),
        *("--max-open-tables", "1000000", "--max-sockets", "1000000", "--http-rate", "100000"),
        *("--history-rate", "100000"),
    )
    pid = server.proc.pid
    try:
        async with http(server.url) as api:
            await _workload(server, api, 100, 10)  # warm up: imports, caches, pools
            await asyncio.sleep(TTL + 1.5)
            baseline = resident_mib(pid)[0]
            async with asyncio.timeout(240):
                await _workload(server, api, ABANDONED, PLAYED)
            _, peak = resident_mib(pid)
            async with asyncio.timeout(30):  # every abandoned table expires...
                while (await api.get("/api/tables?status=open")).json():
                    await asyncio.sleep(0.2)
            await asyncio.sleep(TTL + 1.5)  # ...and the sweep after gives the memory back
            final = resident_mib(pid)[0]
            finished = (await api.get("/api/tables?status=finished&limit=500")).json()
            assert len(finished) == PLAYED + 10  # nothing of value was lost on the way
    finally:
        server.stop()
    print(f"resident memory: baseline {baseline:.1f} MiB, peak {peak:.1f}, final {final:.1f}")
    assert peak - baseline < WORKING_BOUND_MIB, (baseline, peak)
    assert final - baseline < FINAL_BOUND_MIB, (baseline, final)
