"""`ziggurat serve` killed with SIGKILL while many tables play at once, so that the kill falls among
batches of moves being committed together: every acknowledged move is there after the restart, and
every log still replays."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
from pathlib import Path

import pytest

from .harness import Client, ProcessServer, bearer, http, new_table

TABLES = 16


async def _hammer(client: Client, acked: dict[str, int], rng: random.Random) -> None:
    """Play as fast as the table allows; remember the highest version the server acknowledged."""
    with contextlib.suppress(Exception):  # the server dies under us: that is the point
        while True:
            st = client.state
            if st and st["legal"] and st["result"] is None:
                answer = await client.act(rng.choice(st["legal"]), st["version"])
                if answer["type"] == "ack":
                    acked[client.table] = max(acked.get(client.table, 0), answer["version"])
                    continue
            await client.next("state", timeout=2)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
async def test_a_kill_among_group_commits_loses_no_acknowledged_move(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if kind == "sqlite":
        db = f"sqlite:///{tmp_path / 'crash.db'}"
    else:
        db = request.getfixturevalue("pg").new_database()
    server = ProcessServer(db, "--max-open-tables", "1000", "--max-sockets", "1000", "--http-rate", "100000")
    acked: dict[str, int] = {}
    try:
        async with http(server.url) as api:
            clients = []
            for _ in range(TABLES):
                tid, tokens = await new_table(api, "zealous", ["Ada", "Bo", "Cy"])
                await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
                clients += [await Client(server.url, tid, t).connect() for t in tokens]
            rng = random.Random(3)
            players = [asyncio.create_task(_hammer(c, acked, rng)) for c in clients]
            async with asyncio.timeout(60):
                while sum(acked.values()) < 40 * TABLES:  # well into play on every table
                    await asyncio.sleep(0.05)
            os.kill(server.proc.pid, signal.SIGKILL)  # mid-flight: moves queued, a batch committing
            server.proc.wait(10)
            await asyncio.gather(*players)
            for c in clients:
                await c.close()
        server.kill()
        server = ProcessServer(db)
        async with http(server.url) as api:
            for tid, version in acked.items():
                table = (await api.get(f"/api/tables/{tid}")).json()
                assert table["version"] >= version, f"table {tid} lost acknowledged moves"
                log = (await api.get(f"/api/tables/{tid}/log")).json()["log"]
                assert log[-1]["version"] == table["version"]  # and its log replays to the end
    finally:
        server.kill()
