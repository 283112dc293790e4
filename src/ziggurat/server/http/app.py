"""The ASGI app: lobby routes, the play websocket, limits and error shapes; the lifespan opens the store
(migrating it), starts the bot pool and rebuilds live tables from their logs."""

from __future__ import annotations

import gc
import logging
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from http import HTTPStatus

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from ziggurat.engine import ZigguratError
from ziggurat.server.accounts.attempts import Attempts
from ziggurat.server.accounts.passwords import Passwords
from ziggurat.server.accounts.sessions import CsrfGuard
from ziggurat.server.cluster.buckets import SiteBuckets
from ziggurat.server.cluster.site_redis import limits_redis
from ziggurat.server.cluster.socket_cap import SocketCap
from ziggurat.server.config import Settings
from ziggurat.server.errors import Refused, refusal
from ziggurat.server.hall import Hall
from ziggurat.server.http import accounts, api, friends, players, ws
from ziggurat.server.http.docs_page import PAGE as DOCS_PAGE
from ziggurat.server.http.docs_page import mount_docs
from ziggurat.server.http.guard import Guard
from ziggurat.server.http.headers import SecurityHeaders, security_headers
from ziggurat.server.http.lane import FastLane
from ziggurat.server.http.socket import PlaySockets
from ziggurat.server.table.bots import BotRunner
from ziggurat.server.table.histories import Histories
from ziggurat.store import Leases, Store
from ziggurat.web import mount as mount_client

log = logging.getLogger("ziggurat.server")


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await Store.open(settings.db_url)
        bots = BotRunner(settings)
        cluster = None
        if settings.redis_url:  # several processes: this one among them
            from ziggurat.server.cluster.cluster import Cluster

            cluster = Cluster(
                settings.redis_url, Leases(store.engine, secrets.token_hex(6), settings.lease_seconds)
            )
        hall = Hall(store, bots, settings, cluster)
        limits = None  # the per-address limits' own client of the site's Redis
        if cluster is not None and settings.redis_url:
            app.state.signin_limits.redis = cluster.redis
            limits = limits_redis(settings.redis_url)
            app.state.chat_limits.redis = limits
            app.state.sockets.for_site(limits, cluster.node)
        try:
            n = await hall.restore()
            if n:
                log.info("restoring %d running tables in the background", n)
            app.state.hall = hall
            # Everything made so far (modules, the app, the engine) lives as long as the server: out of
            # the collector's way, so that its full collections stay short (they pause every table).
            gc.freeze()
            yield
        finally:
            await app.state.sockets.close()
            await hall.close()
            histories.close()
            if limits is not None:
                await limits.aclose()
            bots.close()
            await store.close()

    app = FastAPI(
        title="Ziggurat",
        summary="Lobby and play API for the board games this server has (GET /api/games lists them).",
        description="Play goes over the websocket `/ws/tables/{id}`; see docs/server.md for its messages.",
        version="1",
        lifespan=lifespan,
        docs_url=None,  # (served from this server, not a CDN: docs_page.py)
        redoc_url=None,
    )
    app.state.settings = settings
    # Open websockets and chat messages per client address (site-wide through Redis once the cluster is up)
    app.state.sockets = SocketCap(settings.max_sockets_per_address, settings.socket_lease_seconds)
    app.state.chat_limits = SiteBuckets("chat", settings.chat_address_rate, settings.chat_address_burst)
    # Finished games' logs and replays, kept and computed off the loop (server/table/histories.py)
    app.state.histories = histories = Histories(settings)
    app.state.replays = histories.replays
    app.state.passwords = Passwords(settings.hash_concurrency)
    app.state.signin_limits = Attempts(settings)  # (site-wide through Redis once the cluster is up)
    app.include_router(api.router)
    app.include_router(accounts.router)
    app.include_router(players.router)
    app.include_router(friends.router)
    app.add_middleware(FastLane)  # a guest's create, join and start, without FastAPI's dispatch (lane.py)
    app.add_middleware(Guard, settings=settings)  # bounded bodies, rate limits
    app.add_middleware(CsrfGuard)  # signed-in changes carry the session's CSRF token; no other site's
    app.add_middleware(PlaySockets, handler=ws.play)  # play sockets, straight to their handler
    # Around everything, so that the answers of the guards above carry them too
    app.add_middleware(SecurityHeaders, policies={DOCS_PAGE: mount_docs(app)})

    mount_client(app)  # the browser client at / (src/ziggurat/web)

    @app.exception_handler(Refused)
    async def refused(_: Request, e: Refused) -> JSONResponse:
        return refusal(e.status, e.code, e.message)

    @app.exception_handler(ZigguratError)  # the rules' refusals and bad input (an unknown game...)
    async def illegal(_: Request, e: ZigguratError) -> JSONResponse:
        return refusal(400, e.code, e.message)

    @app.exception_handler(RequestValidationError)
    async def malformed(_: Request, e: RequestValidationError) -> JSONResponse:
        first = e.errors()[0] if e.errors() else {}
        if first.get("type") == "json_invalid":
            return refusal(422, "malformed", "The body is not valid JSON.")
        where = ".".join(str(x) for x in first.get("loc", ()) if x != "body")
        if not where:  # the body as a whole: missing, or not an object
            why = "The body must be a JSON object (Content-Type: application/json)."
            return refusal(422, "malformed", why)
        return refusal(422, "malformed", f"{where}: {first.get('msg', 'invalid')}")

    @app.exception_handler(HTTPException)
    async def framework(_: Request, e: HTTPException) -> JSONResponse:
        """The framework's own refusals (unknown route, wrong method, unreadable body) in our shape."""
        code, message = _FRAMEWORK.get(e.status_code, ("", ""))
        if not code:
            phrase = HTTPStatus(e.status_code).phrase if e.status_code in _STATUSES else "Error"
            code, message = phrase.lower().replace(" ", "-"), f"{phrase}."
        return refusal(e.status_code, code, message, e.headers)

    @app.exception_handler(Exception)
    async def crashed(_: Request, e: Exception) -> JSONResponse:
        log.error("unexpected error", exc_info=e)
        # (sent from outside every middleware: it brings the security headers itself)
        return refusal(500, "internal", "Something went wrong on our side.", security_headers())

    return app


_FRAMEWORK = {
    400: ("malformed", "The request could not be read (is the body UTF-8 JSON?)."),
    404: ("not-found", "There is nothing at this address."),
    405: ("method-not-allowed", "This address does not take that method."),
}


_STATUSES = {s.value for s in HTTPStatus}
