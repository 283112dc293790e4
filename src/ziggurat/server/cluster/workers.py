"""`ziggurat serve --workers N`: N server processes on one port, one site.

The parent binds the port and hands the listening socket to N worker processes (spawned, not forked:
the parent has threads); the kernel spreads connections among them. They share PostgreSQL and Redis
like processes on several machines (server/cluster/cluster.py). A worker that dies is started again; the
parent ends them all when it is stopped, and a worker ends if the parent dies (even with SIGKILL).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import socket
import time
from multiprocessing.synchronize import Event
from typing import Any

from ziggurat.server.config import Settings

_spawn = multiprocessing.get_context("spawn")


def _worker(settings: Settings, sock: socket.socket, log_level: str, ready: Event, parent: int) -> None:
    from ziggurat.server.cli.serve import make_server
    from ziggurat.server.table.bot_worker import die_with

    die_with(parent)
    server = make_server(sock, settings, log_level, announce=False)
    server.on_ready = ready.set
    server.run(sockets=[sock])


class Supervisor:
    def __init__(self, settings: Settings, sock: socket.socket, log_level: str) -> None:
        self.settings, self.sock, self.log_level = settings, sock, log_level
        self.procs: list[Any] = []
        self.stopping = False

    def _start(self) -> tuple[Any, Event]:
        ready = _spawn.Event()
        args = (self.settings, self.sock, self.log_level, ready, os.getpid())
        proc = _spawn.Process(target=_worker, args=args, name="ziggurat-worker", daemon=False)
        proc.start()
        return proc, ready

    def run(self, announce: str) -> None:
        started = [self._start() for _ in range(self.settings.workers)]
        self.procs = [p for p, _ in started]
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, self._stop)
        deadline = time.monotonic() + 120
        for proc, ready in started:
            while not ready.wait(0.2):
                if not proc.is_alive() or time.monotonic() > deadline:
                    self._stop()
                    raise SystemExit("ziggurat serve: a worker did not start")
        print(announce, flush=True)
        while not self.stopping:  # keep N workers: one that died is started again
            time.sleep(0.5)
            for i, proc in enumerate(self.procs):
                if not proc.is_alive() and not self.stopping:
                    print(f"worker {proc.pid} ended ({proc.exitcode}); starting another", flush=True)
                    self.procs[i], _ = self._start()
        for proc in self.procs:
            proc.join(30)
            if proc.is_alive():
                proc.kill()

    def _stop(self, *_: Any) -> None:
        self.stopping = True
        for proc in self.procs:
            if proc.is_alive():
                proc.terminate()  # SIGTERM: uvicorn shuts down cleanly, handing its tables on
