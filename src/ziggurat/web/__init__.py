"""The browser client: static ES modules, CSS and SVG (no build step), served by the game server.

`mount(app)` serves `index.html` at `/` and everything under `static/` at `/static/`. The client speaks
only the public lobby API (`/api`) and the play websocket (`/ws/tables/{id}`) of docs/server.md.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.responses import Response
from starlette.routing import BaseRoute, Route
from starlette.types import Scope

STATIC_DIR = Path(__file__).parent / "static"
INDEX = STATIC_DIR / "index.html"
NO_CACHE = {"Cache-Control": "no-cache"}  # revalidate: a new release's modules are never mixed with old ones


class _Static(StaticFiles):
    """Static files that the browser revalidates (ETag) instead of caching blindly."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        response.headers.update(NO_CACHE)
        return response


def _is_root(route: BaseRoute) -> bool:
    return isinstance(route, Route) and route.path == "/"


def mount(app: FastAPI) -> None:
    """Serve the client at `/` (replacing any placeholder page there) and its files under `/static/`."""
    app.router.routes[:] = [r for r in app.router.routes if not _is_root(r)]
    app.mount("/static", _Static(directory=STATIC_DIR), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(INDEX, media_type="text/html", headers=NO_CACHE)


__all__ = ["STATIC_DIR", "mount"]
