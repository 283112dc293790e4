"""The ASGI app: lobby routes, the play websocket, limits and error shapes; the lifespan opens the store
(migrating it), starts the bot pool and rebuilds live tables from their logs."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from ziggurat.engine import IllegalAction
from ziggurat.server import api, ws
from ziggurat.server.bots import BotRunner
from ziggurat.server.config import Settings
from ziggurat.server.errors import Refused
from ziggurat.server.hall import Hall
from ziggurat.server.limits import PerKey
from ziggurat.store import Store
from ziggurat.web import mount as mount_client

log = logging.getLogger("ziggurat.server")


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await Store.open(settings.db_url)
        bots = BotRunner(settings)
        hall = Hall(store, bots, settings)
        try:
            n = await hall.restore()
            if n:
                log.info("restored %d live tables", n)
            app.state.hall = hall
            yield
        finally:
            await hall.close()
            bots.close()
            await store.close()

    app = FastAPI(
        title="Ziggurat",
        summary="Lobby and play API for Zealous, Faiths, Zombology and Zenith.",
        description="Play goes over the websocket `/ws/tables/{id}`; see docs/server.md for its messages.",
        version="1",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.include_router(api.router)
    app.include_router(ws.router)
    limiter = PerKey(settings.http_rate, settings.http_burst)

    mount_client(app)  # the browser client at / (src/ziggurat/web)

    @app.middleware("http")
    async def limits(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        size = request.headers.get("content-length")
        if size is not None and (not size.isdigit() or int(size) > settings.max_body_bytes):
            return _json(413, "too-large", f"Request bodies are at most {settings.max_body_bytes} bytes.")
        if request.method not in ("GET", "HEAD", "OPTIONS"):
            client = request.client.host if request.client else "?"
            if not limiter.allow(client):
                return _json(429, "rate-limited", "Too many requests; slow down.")
        return await call_next(request)

    @app.exception_handler(Refused)
    async def refused(_: Request, e: Refused) -> JSONResponse:
        return _json(e.status, e.code, e.message)

    @app.exception_handler(IllegalAction)
    async def illegal(_: Request, e: IllegalAction) -> JSONResponse:
        return _json(400, e.code, e.message)

    @app.exception_handler(RequestValidationError)
    async def malformed(_: Request, e: RequestValidationError) -> JSONResponse:
        first = e.errors()[0] if e.errors() else {}
        where = ".".join(str(x) for x in first.get("loc", ()) if x != "body")
        return _json(
            422, "malformed", f"{where}: {first.get('msg', 'invalid')}" if where else "Malformed request."
        )

    return app


def _json(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"code": code, "message": message}, status_code=status)
