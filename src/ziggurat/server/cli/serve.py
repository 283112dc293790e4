"""Run the app under uvicorn on a socket we bind ourselves, so port 0 works and the real URL is printed
once the server is ready (tests and `make serve` read that line)."""

from __future__ import annotations

import asyncio
import copy
import socket
import sys
from collections.abc import Callable
from typing import Any

import uvicorn
import uvicorn.config

from ziggurat.server.config import Settings
from ziggurat.server.http.app import create_app
from ziggurat.server.http.protocol import with_header_timeout
from ziggurat.store import BadDatabaseUrl, Store, async_url
from ziggurat.store.urls import shown


def bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.setblocking(False)
    return sock


def url_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


class Server(uvicorn.Server):
    """uvicorn, saying where it listens once it's ready."""

    def __init__(self, config: uvicorn.Config, sock: socket.socket, announce: bool = True) -> None:
        super().__init__(config)
        self.sock = sock
        self.announce = announce

    on_ready: Callable[[], object] = staticmethod(lambda: None)  # (a worker tells its supervisor)

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            self.on_ready()
            if self.announce:
                print(announcement(self.sock), flush=True)


def announcement(sock: socket.socket, workers: int = 1) -> str:
    many = f", {workers} workers" if workers > 1 else ""
    return f"Ziggurat is serving on {url_of(sock)}  (API docs: {url_of(sock)}docs{many})"


def make_server(
    sock: socket.socket, settings: Settings, log_level: str = "info", announce: bool = True
) -> Server:
    config = uvicorn.Config(
        create_app(settings),
        log_level=log_level,
        ws_max_size=settings.max_frame_bytes,
        ws_per_message_deflate=settings.ws_compression,
        ws_ping_interval=settings.ws_ping_interval,
        ws_ping_timeout=settings.ws_ping_timeout,
        http=with_header_timeout(settings.header_timeout),
        lifespan="on",
        access_log=log_level == "debug",
        log_config=_log_config(log_level),
    )
    return Server(config, sock, announce)


def _log_config(level: str) -> dict[str, Any]:
    """uvicorn's own logging set-up, with the server's logger ("ziggurat") printed the same way."""
    config = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    config["loggers"]["ziggurat"] = {"handlers": ["default"], "level": level.upper(), "propagate": False}
    return config


async def _open_database(url: str) -> None:
    """Open (creating and migrating) the database once, so that a URL that can't work is one clear line
    here rather than a traceback from inside the server's start-up."""
    store = await Store.open(url)
    await store.close()


def _why(e: BaseException) -> str:
    """The driver's own reason, on one line, without SQLAlchemy's wrapping."""
    inner = getattr(e, "orig", None) or e
    text = " ".join(str(inner).split()) or type(inner).__name__
    return text[:300]


def _several(settings: Settings) -> None:
    """Several processes need a database they can share and a way to talk: say so in one line."""
    sqlite = settings.db_url.startswith("sqlite")
    if settings.workers > 1 and sqlite:
        sys.exit(
            "ziggurat serve: several workers need PostgreSQL (--db postgresql://...) and Redis"
            " (--redis redis://...); a SQLite file has one writer."
        )
    if settings.workers > 1 and not settings.redis_url:
        sys.exit("ziggurat serve: several workers need Redis (--redis redis://...) to talk to each other.")
    if settings.redis_url and sqlite:
        sys.exit("ziggurat serve: --redis is for several processes on PostgreSQL (--db postgresql://...).")


async def _reach_redis(url: str) -> None:
    import redis.asyncio as aioredis

    client = aioredis.Redis.from_url(url)
    try:
        await client.ping()
    finally:
        await client.aclose()


def serve(host: str, port: int, settings: Settings, log_level: str = "info") -> None:
    try:
        settings.db_url = async_url(settings.db_url)
        _several(settings)
        asyncio.run(_open_database(settings.db_url))
    except BadDatabaseUrl as e:
        sys.exit(f"ziggurat serve: {e}")
    except Exception as e:
        sys.exit(f"ziggurat serve: can't open the database {shown(settings.db_url)}: {_why(e)}")
    if settings.redis_url:
        try:
            asyncio.run(_reach_redis(settings.redis_url))
        except Exception as e:
            sys.exit(f"ziggurat serve: can't reach Redis at {shown(settings.redis_url)}: {_why(e)}")
    try:
        sock = bind(host, port)
    except OSError as e:
        sys.exit(f"ziggurat serve: can't listen on {host}:{port}: {e.strerror}")
    print(f"Database: {shown(settings.db_url)}", flush=True)
    if settings.workers > 1:
        from ziggurat.server.cluster.workers import Supervisor

        Supervisor(settings, sock, log_level).run(announcement(sock, settings.workers))
    else:
        make_server(sock, settings, log_level).run(sockets=[sock])
