"""Shared by the server benchmarks: start `ziggurat serve` (this tree's, or another checkout's for a
side-by-side comparison) on a free loopback port, and read its memory and CPU time from /proc."""

from __future__ import annotations

import collections
import contextlib
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

# Every benchmark client comes from 127.0.0.1: lift the per-address caps (they have their own tests).
NO_CAPS = ["--max-open-tables", "1000000", "--max-sockets", "1000000", "--http-rate", "100000"]
LOGS: dict[int, collections.deque[str]] = {}
_MAIN = "import sys; from ziggurat.cli import main; sys.exit(main(sys.argv[1:]))"


def start(
    db: str, *flags: str, src: str | None = None, commit_wait: float = 0.0
) -> tuple[subprocess.Popen[str], str]:
    """`ziggurat serve` on a free port; `src` runs another checkout's code (its src/ directory);
    `commit_wait` seconds make SQLite's writer wait with each batch it commits (bench/_commit_wait.py)."""
    env = dict(os.environ)
    if src:
        env["PYTHONPATH"] = src
    main = _MAIN
    if commit_wait:
        here = str(Path(__file__).resolve().parent)
        env["PYTHONPATH"] = os.pathsep.join(x for x in (env.get("PYTHONPATH"), here) if x)
        main = f"import _commit_wait; _commit_wait.install({commit_wait!r}); {_MAIN}"
    cmd = [sys.executable, "-c", main, "serve", "--port", "0", "--db", db, "--log-level", "warning", *flags]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    assert proc.stdout is not None
    deadline = time.monotonic() + 120
    lines = []
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        m = re.search(r"serving on (http://127\.0\.0\.1:\d+/)", line)
        if m:
            # Read on what it logs, or a full pipe would block the server mid-run; keep the tail.
            tail: collections.deque[str] = collections.deque(maxlen=200)
            LOGS[proc.pid] = tail
            threading.Thread(target=tail.extend, args=(proc.stdout,), daemon=True).start()
            return proc, m.group(1)
    proc.kill()
    raise SystemExit("the server did not start:\n" + "".join(lines))


def logged(proc: subprocess.Popen[str]) -> list[str]:
    """The last lines a server started here has logged (warnings and errors, at the default level)."""
    return list(LOGS.get(proc.pid, ()))


async def new_game(api: httpx.AsyncClient, game: str, players: int) -> tuple[str, list[str]]:
    """A table of `players` people through the lobby (created, then joined), not started: its id and
    the seat tokens, the host's first."""
    r = await api.post("/api/tables", json={"game": game, "seats": players, "name": "P0"})
    r.raise_for_status()
    tid, tokens = r.json()["table"]["id"], [r.json()["token"]]
    for i in range(1, players):
        r = await api.post(f"/api/tables/{tid}/join", json={"name": f"P{i}"})
        r.raise_for_status()
        tokens.append(r.json()["token"])
    return tid, tokens


def stop(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


def memory_mib(pid: int) -> tuple[float, float]:
    """(resident now, peak resident) of a process, in MiB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0]) / 1024
    return fields["VmRSS"], fields["VmHWM"]


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process (all its threads), in seconds."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat[stat.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_of(pids: list[int]) -> float:
    """CPU time of these processes together (those still alive)."""
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            total += cpu_seconds(pid)
    return total


def workers_of(pid: int) -> list[int]:
    """A supervisor's worker processes (`ziggurat serve --workers N`), not multiprocessing's helpers."""
    try:
        kids = [int(k) for k in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []
    return [k for k in kids if b"spawn_main" in Path(f"/proc/{k}/cmdline").read_bytes()]


def cpu_seconds_named(comm: str) -> float:
    """CPU time of every live process of that name (a local PostgreSQL's backends), in seconds."""
    total = 0.0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if stat[stat.index("(") + 1 : stat.rindex(")")] == comm:
                total += cpu_seconds(int(entry))
    return total


def load() -> str:
    return Path("/proc/loadavg").read_text().split(" ", 3)[:3].__str__()


__all__ = [
    "NO_CAPS",
    "cpu_of",
    "cpu_seconds",
    "cpu_seconds_named",
    "load",
    "logged",
    "memory_mib",
    "new_game",
    "start",
    "stop",
    "workers_of",
]
