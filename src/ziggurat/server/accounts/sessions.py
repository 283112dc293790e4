"""Signed-in sessions: the cookie, its CSRF token, and the guard that asks for it.

The cookie holds a random secret (the store keeps only its sha256). It is HttpOnly (no script reads
it), SameSite=Lax (other sites' forms and fetches don't carry it on POST) and Secure when the request
came over HTTPS. Defence in depth against cross-site requests, since the cookie authenticates:
- every state-changing request under /api/ that carries the cookie must also carry `X-CSRF-Token`,
  an HMAC of the cookie's secret that the page learns from /api/account (another site can neither read
  it nor set that header on a cross-site request without CORS, which this server never grants);
- a state-changing request, or a websocket, whose `Origin` is another site's is refused, cookie or
  not (that also stops another site from signing a browser in to an account of its choosing).
Requests without the cookie (guests' seat tokens, scripts) need neither: a bearer token is never sent
by a browser on its own.
"""

from __future__ import annotations

import hashlib
import hmac
from http.cookies import SimpleCookie
from urllib.parse import urlsplit

from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from ziggurat.server.http.guard import answer

COOKIE = "ziggurat_session"
CSRF_HEADER = "X-CSRF-Token"
_SAFE = ("GET", "HEAD", "OPTIONS")


def csrf_of(secret: str) -> str:
    return hmac.new(secret.encode(), b"ziggurat csrf", hashlib.sha256).hexdigest()


def header(scope: Scope, name: bytes) -> str | None:
    """A request header's first value (`name` in lower case, as ASGI gives them), or None."""
    for k, v in scope.get("headers", ()):
        if k == name:
            return str(v.decode("latin-1"))
    return None


def cookie_secret(scope: Scope) -> str | None:
    """The session cookie's secret, if the request carries one."""
    raw = header(scope, b"cookie")
    if not raw or COOKIE not in raw:
        return None
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(raw)
    except Exception:  # a malformed Cookie header: as if there were none
        return None
    morsel = jar.get(COOKIE)
    return morsel.value if morsel is not None and morsel.value else None


def cross_origin(scope: Scope) -> bool:
    """The request says it comes from a page of another site (`Origin` is not this host)."""
    origin = header(scope, b"origin")
    if origin is None:  # not a browser's cross-site request (scripts, same-origin GETs)
        return False
    host = header(scope, b"host")
    return origin == "null" or host is None or urlsplit(origin).netloc.lower() != host.lower()


def https(scope: Scope) -> bool:
    return scope.get("scheme") in ("https", "wss")


def set_cookie(response: Response, secret: str, max_age: int, secure: bool) -> None:
    response.set_cookie(
        COOKIE, secret, max_age=max_age, path="/", httponly=True, samesite="lax", secure=secure
    )


def clear_cookie(response: Response, secure: bool) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=secure)


class CsrfGuard:
    """Refuses cross-site state changes under /api/ (see the module's docstring). Plain ASGI."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in _SAFE and scope["path"].startswith("/api/"):
            if cross_origin(scope):
                await answer(send, 403, "cross-origin", "Requests from another site are not accepted.")
                return
            secret = cookie_secret(scope)
            if secret is not None:
                sent = header(scope, CSRF_HEADER.lower().encode()) or ""
                if not hmac.compare_digest(sent.encode(), csrf_of(secret).encode()):
                    await answer(
                        send, 403, "csrf", f"Signed-in requests need the {CSRF_HEADER} header of the session."
                    )
                    return
        await self.app(scope, receive, send)
