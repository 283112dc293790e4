"""`ziggurat serve` killed with SIGKILL leaves no process behind: its bot workers and multiprocessing's
resource tracker end with it (before, each kill left two)."""

from __future__ import annotations

import asyncio
import os
import random
import signal
from pathlib import Path

from .harness import Client, ProcessServer, bearer, http, new_table, play_until


def _session(sid: int) -> list[int]:
    """The live processes of session `sid` (the server started its own), zombies excluded."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # after "pid (comm) "
        state, session = fields[0], int(fields[3])
        if session == sid and state != "Z":
            out.append(int(entry))
    return out


async def test_no_bot_worker_outlives_a_killed_server(tmp_path: Path) -> None:
    server = ProcessServer(f"sqlite+aiosqlite:///{tmp_path / 'z.db'}", "--bot-workers", "2")
    pid = server.proc.pid
    try:
        async with http(server.url) as api:
            tid, tokens = await new_table(api, "zenith", ["Ada"], bots=1)
            await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
            ada = await Client(server.url, tid, tokens[0]).connect()
            # Two moves each way: the bot has thought, so its worker processes exist.
            await play_until([ada], lambda state: state["version"] >= 4, random.Random(3))
            await ada.close()
        assert len(_session(pid)) >= 3, "the server, its workers and the resource tracker"
        os.kill(pid, signal.SIGKILL)  # only the server: what is left must end by itself
        server.proc.wait(10)
        async with asyncio.timeout(15):
            while _session(pid):
                await asyncio.sleep(0.2)
    finally:
        server.kill()
