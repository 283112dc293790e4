"""The server the browser tests drive: the real app (create_app + ziggurat.web.mount) under uvicorn, in
a thread with its own event loop, on a free loopback port. Run it by hand to look at the client:

    .venv/bin/python -m tests.web.launcher [--port 8765] [--bot-delay 0.5]
"""

from __future__ import annotations

import argparse
import threading
import time
from typing import Any

import uvicorn

from tests.server.harness import fast_settings
from ziggurat.server.cli.serve import Server, bind, url_of
from ziggurat.server.config import Settings
from ziggurat.server.http.app import create_app
from ziggurat.web import mount


def web_settings(db_url: str, **over: Any) -> Settings:
    """The server tests' fast settings, with a short bot delay and the default idle limit."""
    return fast_settings(
        db_url,
        **{"bot_delay": 0.05, "host_idle_seconds": Settings().host_idle_seconds, "clock_floor": 0.05, **over},
    )


def make(settings: Settings, port: int = 0) -> tuple[Server, str]:
    app = create_app(settings)
    mount(app)
    sock = bind("127.0.0.1", port)
    config = uvicorn.Config(
        app, log_level="warning", ws_max_size=settings.max_frame_bytes, lifespan="on", access_log=False
    )
    return Server(config, sock, announce=False), url_of(sock)


class WebServer:
    """uvicorn with the client mounted, in a daemon thread."""

    def __init__(self, settings: Settings, port: int = 0) -> None:
        self.server, self.url = make(settings, port)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.server.sock]}, daemon=True
        )

    def __enter__(self) -> WebServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the web test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(20)
        self.server.sock.close()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--db", default="sqlite+aiosqlite:////tmp/ziggurat-web.db")
    p.add_argument("--bot-delay", type=float, default=0.5)
    a = p.parse_args()
    server, url = make(web_settings(a.db, bot_delay=a.bot_delay), a.port)
    print(f"serving on {url}", flush=True)
    server.run(sockets=[server.sock])


if __name__ == "__main__":
    main()
