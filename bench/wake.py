"""What waiting costs this machine's CPU: the process time an event loop is charged for each wait.

    python bench/wake.py [--count N]

A server that waits (on PostgreSQL's commit, on a client's next message) goes idle and is woken. On
bare metal that costs a few microseconds; on some virtual machines much more, charged to the process
that wakes (its CPU time, as `/proc` and `time.process_time` report it, which bench/load.py's CPU per
move is made of). This prints, per wait, the process's CPU time (microseconds) and the wall time:

- `sleep 0`: a turn of the event loop that never idles (the floor);
- `sleep 0.7 ms`, `sleep 3 ms`: the loop idles that long, then wakes on its timer;
- `echo`: a round trip over loopback TCP to another process that is idle between messages, as a
  database or a client is.

uvloop, as the server runs. One line of JSON per wait.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import os
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable

import uvloop

ECHO = """
import socket, sys
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(1)
print(s.getsockname()[1], flush=True)
c, _ = s.accept(); c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
while (b := c.recv(64)):
    c.sendall(b)
"""


def _measure(label: str, n: int, wait: Callable[[], Awaitable[object]]) -> Awaitable[None]:
    async def run() -> None:
        await wait()  # (warm)
        cpu, wall = time.process_time(), time.perf_counter()
        for _ in range(n):
            await wait()
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        line = {"wait": label, "cpu_us": round(cpu / n * 1e6, 1), "wall_us": round(wall / n * 1e6, 1)}
        print(json.dumps({**line, "count": n, "load": round(os.getloadavg()[0], 2)}), flush=True)

    return run()


async def main(n: int) -> None:
    for label, seconds in (("sleep 0", 0.0), ("sleep 0.7 ms", 0.0007), ("sleep 3 ms", 0.003)):
        await _measure(label, n if seconds < 0.002 else n // 4, functools.partial(asyncio.sleep, seconds))
    echo = subprocess.Popen([sys.executable, "-c", ECHO], stdout=subprocess.PIPE, text=True)
    try:
        assert echo.stdout is not None
        port = int(echo.stdout.readline())
        reader, writer = await asyncio.open_connection("127.0.0.1", port)

        async def ping() -> bytes:
            writer.write(b"x")
            return await reader.readexactly(1)

        await _measure("echo", n, ping)
        writer.close()
    finally:
        echo.kill()
        echo.wait()


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--count", type=int, default=2000, help="waits per measurement")
    uvloop.run(main(p.parse_args().count))
