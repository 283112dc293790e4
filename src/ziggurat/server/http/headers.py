"""The security headers every HTTP response carries: pages, the API's JSON, static files and errors.

The browser client is static ES modules, stylesheets and SVG from this origin, talking to this origin
(fetch and its websocket), so its Content-Security-Policy allows exactly that: nothing inline, nothing
evaluated, nothing from elsewhere, no plugins, no `<base>`, no framing by any site. A page may name a
policy of its own (the API docs: docs_page.py). `Referrer-Policy: same-origin`, not `no-referrer`:
with `no-referrer` a browser sends `Origin: null` on its own page's POSTs, which the CSRF guard
(sessions.py) rightly refuses.

Plain ASGI, around everything else (the guard's and the CSRF check's answers included). The one
response it can't reach is the framework's answer to a crash, which app.py gives the same headers.
"""

from __future__ import annotations

from collections.abc import Mapping

from starlette.types import ASGIApp, Message, Receive, Scope, Send

SITE_POLICY = "; ".join(
    [
        "default-src 'self'",  # scripts, styles, images, fonts, fetch and websockets: this origin only
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
OTHERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",  # (frame-ancestors' forerunner, for browsers without it)
    "Referrer-Policy": "same-origin",
}


def security_headers(policy: str = SITE_POLICY) -> dict[str, str]:
    """Every security header, with this Content-Security-Policy."""
    return {"Content-Security-Policy": policy, **OTHERS}


def _encoded(policy: str) -> list[tuple[bytes, bytes]]:
    return [(k.lower().encode(), v.encode()) for k, v in security_headers(policy).items()]


class SecurityHeaders:
    def __init__(self, app: ASGIApp, policies: Mapping[str, str] | None = None) -> None:
        """`policies`: a path's own Content-Security-Policy, for the pages that need another."""
        self.app = app
        self.site = _encoded(SITE_POLICY)
        self.own = {path: _encoded(policy) for path, policy in (policies or {}).items()}
        self.names = {k for k, _ in self.site}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        ours = self.own.get(scope["path"], self.site)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [(k, v) for k, v in message.get("headers", ()) if k.lower() not in self.names]
                message = {**message, "headers": kept + ours}
            await send(message)

        await self.app(scope, receive, send_with_headers)
