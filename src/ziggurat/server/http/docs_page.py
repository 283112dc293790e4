"""The API's interactive docs at `/docs`: FastAPI's own Swagger UI page, with Swagger UI's script and
stylesheet served by this server from the fastapi-offline package instead of a CDN.

FastAPI's default page loads Swagger UI from a CDN: a third party's script running on this origin (with
the players' seat tokens in its localStorage), and no docs on a machine without the internet. Served
from here, the page works offline and keeps a strict policy: scripts from this origin plus the page's
one inline script (Swagger UI's set-up), allowed by its hash. Swagger UI's stylesheet draws its icons
as `data:` images, so this page allows those (every other address keeps the site's policy,
headers.py). ReDoc and the OAuth2 redirect page (this API has no OAuth2 flow) are not served.
"""

from __future__ import annotations

import base64
import hashlib
import re
from importlib.resources import files

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.staticfiles import StaticFiles

PAGE = "/docs"
ASSETS = "/docs/assets"
_SWAGGER_UI = files("fastapi_offline") / "static"  # swagger-ui-bundle.js, swagger-ui.css
_INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.S)


def policy(page: bytes) -> str:
    """The docs page's Content-Security-Policy: each of its inline scripts by hash."""
    hashes = [base64.b64encode(hashlib.sha256(s).digest()).decode() for s in _INLINE_SCRIPT.findall(page)]
    return "; ".join(
        [
            "default-src 'self'",
            "script-src 'self' " + " ".join(f"'sha256-{h}'" for h in hashes),
            "img-src 'self' data:",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ]
    )


def mount_docs(app: FastAPI) -> str:
    """Serve the docs page and Swagger UI's files (the app is made with `docs_url=None`); the page's
    Content-Security-Policy."""
    assert app.openapi_url is not None
    page = get_swagger_ui_html(
        openapi_url=app.openapi_url,
        title=f"{app.title} API",
        swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
        swagger_css_url=f"{ASSETS}/swagger-ui.css",
        swagger_favicon_url="/static/img/logo.svg",
        oauth2_redirect_url=None,
    ).body

    async def docs(_: Request) -> Response:
        return HTMLResponse(page, headers={"Cache-Control": "no-cache"})

    app.add_route(PAGE, docs, methods=["GET", "HEAD"], include_in_schema=False)
    app.mount(ASSETS, StaticFiles(directory=str(_SWAGGER_UI)), name="docs-assets")
    return policy(bytes(page))
