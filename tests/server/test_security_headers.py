"""Every HTTP response carries the security headers (server/http/headers.py): pages, static files, the API's
JSON, its refusals from every layer (the guard, the CSRF check, the framework, a crash) and the API
docs, which have a policy of their own. (Chromium keeps to the policy on every page: tests/web.)"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from ziggurat.server.hall import Hall
from ziggurat.server.http.headers import SITE_POLICY

from .harness import ThreadServer, fast_settings, http

Request = tuple[str, str, dict[str, Any]]
ANSWERS: list[tuple[Request, int]] = [
    (("GET", "/", {}), 200),
    (("HEAD", "/", {}), 200),
    (("GET", "/static/js/main.js", {}), 200),
    (("GET", "/static/css/app.css", {"headers": {"If-None-Match": "*"}}), 304),
    (("GET", "/static/nope.js", {}), 404),
    (("GET", "/rules/zenith", {}), 200),
    (("GET", "/api/games", {}), 200),
    (("GET", "/openapi.json", {}), 200),
    (("GET", "/api/tables/nope", {}), 404),
    (("GET", "/no/such/address", {}), 404),
    (("DELETE", "/api/games", {}), 405),
    (("POST", "/api/tables", {"content": "{not json", "headers": {"content-type": "application/json"}}), 422),
    (("POST", "/api/tables", {"content": "[" * 40 + "]" * 40}), 422),  # (the guard's own answer)
    (("POST", "/api/tables", {"content": "x" * 20000}), 413),
    (("POST", "/api/tables", {"json": {}, "headers": {"Origin": "http://elsewhere.example"}}), 403),
    (("GET", "/docs/assets/swagger-ui.css", {}), 200),
]


def assert_secured(r: httpx.Response, policy: str = SITE_POLICY) -> None:
    assert r.headers["content-security-policy"] == policy, r.request.url
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["x-content-type-options"] == "nosniff"  # (once: the static files' own is replaced)
    assert r.headers["referrer-policy"] == "same-origin"
    assert len(r.headers.get_list("content-security-policy")) == 1


@pytest.mark.parametrize(("request_", "status"), ANSWERS, ids=[f"{m} {p} {s}" for (m, p, _), s in ANSWERS])
async def test_every_answer_carries_them(api: httpx.AsyncClient, request_: Request, status: int) -> None:
    method, path, kw = request_
    r = await api.request(method, path, **kw)
    assert r.status_code == status, r.text
    assert_secured(r)


async def test_the_policy_lets_the_site_load_only_from_itself() -> None:
    directives = dict(d.split(" ", 1) for d in SITE_POLICY.split("; "))
    assert directives == {
        "default-src": "'self'",
        "object-src": "'none'",
        "base-uri": "'none'",
        "form-action": "'self'",
        "frame-ancestors": "'none'",
    }


async def test_the_docs_page_has_its_own_policy(api: httpx.AsyncClient) -> None:
    r = await api.get("/docs")
    assert r.status_code == 200
    assert 'src="/docs/assets/swagger-ui-bundle.js"' in r.text and "cdn" not in r.text.lower()
    policy = r.headers["content-security-policy"]
    hashes = re.findall(r"'sha256-([A-Za-z0-9+/=]+)'", policy)
    assert len(hashes) == r.text.count("<script>") == 1  # its one inline script, by hash
    assert_secured(r, policy)
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert (await api.get("/docs/assets/swagger-ui-bundle.js")).status_code == 200
    for gone in ("/redoc", "/docs/oauth2-redirect"):
        assert (await api.get(gone)).status_code == 404


async def test_a_crash_answers_with_the_headers_too(
    server: ThreadServer, api: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*_: Any, **__: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(Hall, "listing", broken)
    r = await api.get("/api/tables")
    assert (r.status_code, r.json()["code"]) == (500, "internal")
    assert_secured(r)


async def test_the_rate_limits_answer_carries_them(sqlite_url: str) -> None:
    with ThreadServer(fast_settings(sqlite_url, http_rate=0.1, http_burst=1.0)) as server:
        async with http(server.url) as api:
            body = {"game": "zenith", "seats": 2, "name": "A"}
            assert (await api.post("/api/tables", json=body)).status_code == 201
            r = await api.post("/api/tables", json=body)
            assert r.status_code == 429
            assert_secured(r)
