"""The browser client: static ES modules, CSS and SVG (no build step), served by the game server.

`mount(app)` serves `index.html` at `/`, everything under `static/` at `/static/` (versioned, gzipped,
with cache headers: assets.py) and each game's rules at `/rules/<game>` (rules.py). The client speaks
only the public lobby API (`/api`) and the play websocket (`/ws/tables/{id}`) of docs/server.md.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from starlette.routing import BaseRoute, Route

from ziggurat.web.assets import Assets

STATIC_DIR = Path(__file__).parent / "static"


def _is_root(route: BaseRoute) -> bool:
    return isinstance(route, Route) and route.path == "/"


def mount(app: FastAPI) -> Assets:
    """Serve the client at `/` (replacing any placeholder page there) and its files under `/static/`.

    The files are read and compressed here, once: a changed file is served after a restart. Plain
    routes, no middleware, so the API and the websockets don't pay for them."""
    if isinstance(getattr(app.state, "assets", None), Assets):  # create_app mounts it already
        return app.state.assets  # type: ignore[no-any-return]
    assets = app.state.assets = Assets(STATIC_DIR)
    app.router.routes[:] = [r for r in app.router.routes if not _is_root(r)]
    app.router.add_route("/", assets.page, methods=["GET", "HEAD"], include_in_schema=False)
    app.router.add_route(
        "/static/{path:path}", assets.static, methods=["GET", "HEAD"], include_in_schema=False
    )
    app.router.add_route("/rules/{game}", assets.rules_page, methods=["GET", "HEAD"], include_in_schema=False)
    return assets


__all__ = ["STATIC_DIR", "Assets", "mount"]
