"""The client's files over real HTTP: gzipped once at start, versioned addresses kept a year, the page
and unversioned addresses revalidated (ETag, 304), and nothing of this on the API (docs/web.md)."""

from __future__ import annotations

import gzip
import json
import re

import httpx

from ziggurat.web import STATIC_DIR
from ziggurat.web.assets import IMMUTABLE, accepts_gzip

from .harness import ThreadServer

GZIP = {"Accept-Encoding": "gzip, deflate, br"}


async def raw(c: httpx.AsyncClient, url: str, **headers: str) -> tuple[httpx.Response, bytes]:
    """The response and its body as it came over the wire (httpx would decompress it)."""
    async with c.stream("GET", url, headers=headers) as r:
        return r, b"".join([chunk async for chunk in r.aiter_raw()])


async def test_the_page_names_versioned_files_and_is_revalidated(server: ThreadServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as c:
        r, body = await raw(c, "/", **GZIP)
        assert r.status_code == 200
        assert r.headers["content-encoding"] == "gzip"
        assert r.headers["cache-control"] == "no-cache"
        assert r.headers["vary"] == "Accept-Encoding"
        html = gzip.decompress(body).decode()
        urls = re.findall(r'(?:src|href)="(/static/[^"]+)"', html)
        assert urls and all(re.fullmatch(r"/static/v/[0-9a-f]{12}/.+", u) for u in urls), urls
        main = next(u for u in urls if u.endswith("/js/main.js"))
        js, packed = await raw(c, main, **GZIP)
        assert js.status_code == 200
        assert js.headers["content-type"] == "text/javascript; charset=utf-8"
        assert js.headers["content-encoding"] == "gzip"
        assert js.headers["cache-control"] == IMMUTABLE == "public, max-age=31536000, immutable"
        assert gzip.decompress(packed) == (STATIC_DIR / "js/main.js").read_bytes()
        assert int(js.headers["content-length"]) == len(packed) < (STATIC_DIR / "js/main.js").stat().st_size
        # Relative imports and data fetched relative to a module keep the version.
        data = await c.get(main.replace("js/main.js", "data/zealous.json"), headers=GZIP)
        assert data.headers["cache-control"] == IMMUTABLE
        assert data.json() == json.loads((STATIC_DIR / "data/zealous.json").read_text())


async def test_unversioned_and_stale_addresses_are_revalidated(server: ThreadServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as c:
        for url in ("/static/js/lobby.js", "/static/v/0123456789ab/js/lobby.js", "/static/img/zealous.svg"):
            r = await c.get(url, headers=GZIP)
            assert r.status_code == 200, url
            assert r.headers["cache-control"] == "no-cache", url
            again = await c.get(url, headers={**GZIP, "If-None-Match": r.headers["etag"]})
            assert again.status_code == 304, url
            assert again.content == b""
            assert again.headers["etag"] == r.headers["etag"]
        assert (await c.get("/static/nope.js")).status_code == 404
        assert (await c.get("/static/v/x/../../../etc/passwd")).status_code == 404
        assert (await c.get("/static/../pyproject.toml")).status_code == 404


async def test_identity_for_clients_without_gzip(server: ThreadServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as c:
        r, body = await raw(c, "/static/css/app.css", **{"Accept-Encoding": "identity"})
        assert "content-encoding" not in r.headers
        assert body == (STATIC_DIR / "css/app.css").read_bytes()
        gz = await c.get("/static/css/app.css", headers=GZIP)
        assert gz.headers["etag"] != r.headers["etag"]  # one ETag per encoding


async def test_the_api_and_openapi_are_left_alone(server: ThreadServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as c:
        r = await c.get("/api/games", headers=GZIP)
        assert r.status_code == 200
        assert "content-encoding" not in r.headers
        assert "cache-control" not in r.headers
        paths = (await c.get("/openapi.json")).json()["paths"]
        assert not [p for p in paths if not p.startswith("/api/")]


def test_accept_encoding() -> None:
    assert accepts_gzip("gzip, deflate, br")
    assert accepts_gzip("br;q=1.0, gzip;q=0.8")
    assert accepts_gzip("*")
    assert not accepts_gzip("")
    assert not accepts_gzip("identity")
    assert not accepts_gzip("gzip;q=0, *")
    assert not accepts_gzip("br")
