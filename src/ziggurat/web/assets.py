"""The client's files, read once at start, gzipped once, served from memory with cache headers.

Every file is reachable twice:
- `/static/v/<version>/<path>`: the versioned address `index.html` uses. `<version>` is a hash of every
  file's bytes, so a release that changes any file changes every address; the browser keeps these for
  a year without asking again (`immutable`). ES modules import each other by relative paths and fetch
  their data relative to `import.meta.url`, so everything they load carries the same version.
  An address with another version (a page opened before a deploy asking for a module it has not
  loaded yet) gets this release's file, revalidated rather than kept.
- `/static/<path>`: unversioned (the pictures the scripts name), revalidated on each use (`no-cache`
  and an ETag, so a 304 when unchanged).
`index.html` is always revalidated. Text files are stored gzipped too (level 9, once) and sent that way
to browsers that accept it; nothing is compressed per request, and no middleware is added: the API
and the websockets never pass through this code.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from dataclasses import dataclass
from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from ziggurat.web.rules import rules_pages

PREFIX = "/static/"
VERSIONED = "v/"
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
TEXT = (".js", ".css", ".html", ".json", ".svg", ".txt", ".md", ".map")
MEDIA = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".json": "application/json",
    ".svg": "image/svg+xml",
}
MIN_GZIP = 256  # bytes: below this the gzip header costs more than it saves


@dataclass(frozen=True)
class Asset:
    body: bytes
    gzipped: bytes | None  # None when gzip doesn't make it smaller
    media_type: str
    etag: str  # strong, of the bytes; the gzipped variant adds "-gz"


def _media_type(path: str) -> str:
    suffix = Path(path).suffix.lower()
    media = MEDIA.get(suffix) or mimetypes.guess_type(path)[0] or "application/octet-stream"
    if media.startswith("text/") or suffix in (".json", ".svg"):
        media += "; charset=utf-8"
    return media


def make_asset(path: str, body: bytes) -> Asset:
    gzipped = None
    if path.endswith(TEXT) and len(body) >= MIN_GZIP:
        packed = gzip.compress(body, compresslevel=9, mtime=0)
        gzipped = packed if len(packed) < len(body) else None
    digest = hashlib.sha256(body).hexdigest()[:20]
    return Asset(body, gzipped, _media_type(path), f'"{digest}"')


def accepts_gzip(header: str) -> bool:
    """Whether an Accept-Encoding header admits gzip (`gzip`, `gzip;q=0.5` or `*`, not `gzip;q=0`)."""
    star = False
    for part in header.lower().split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        if name.strip() == "gzip":
            return q > 0
        if name.strip() == "*":
            star = q > 0
    return star


class Assets:
    """Every file under `root`, with the site's version; `index.html` rewritten to versioned addresses."""

    def __init__(self, root: Path) -> None:
        raw = {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}
        h = hashlib.sha256()
        for path, body in raw.items():
            h.update(path.encode() + b"\0" + hashlib.sha256(body).digest())
        self.version = h.hexdigest()[:12]
        self.files = {path: make_asset(path, body) for path, body in raw.items()}
        html = raw["index.html"].decode()
        html = html.replace(f'="{PREFIX}', f'="{self.base}')
        self.index = make_asset("index.html", html.encode())
        pages = rules_pages(stylesheet=f"{self.base}css/app.css")
        self.rules = {game: make_asset(f"{game}.html", page) for game, page in pages.items()}

    @property
    def base(self) -> str:
        """Where this release's files are: `/static/v/<version>/`."""
        return f"{PREFIX}{VERSIONED}{self.version}/"

    def respond(self, request: Request, asset: Asset, cache: str) -> Response:
        gz = asset.gzipped is not None and accepts_gzip(request.headers.get("accept-encoding", ""))
        etag = asset.etag[:-1] + '-gz"' if gz else asset.etag
        headers = {
            "Cache-Control": cache,
            "ETag": etag,
            "Vary": "Accept-Encoding",
            "X-Content-Type-Options": "nosniff",
        }
        tags = [t.strip().removeprefix("W/") for t in request.headers.get("if-none-match", "").split(",")]
        if etag in tags or "*" in tags:
            return Response(status_code=304, headers=headers)
        if gz:
            headers["Content-Encoding"] = "gzip"
        return Response(
            asset.gzipped if gz and asset.gzipped else asset.body,
            headers=headers,
            media_type=asset.media_type,
        )

    async def page(self, request: Request) -> Response:
        """`/`: the page, always revalidated (it names this release's version)."""
        return self.respond(request, self.index, REVALIDATE)

    async def static(self, request: Request) -> Response:
        """`/static/{path}`: a file, versioned (kept a year) or not (revalidated)."""
        path: str = request.path_params["path"]
        cache = REVALIDATE
        if path.startswith(VERSIONED):
            version, _, path = path[len(VERSIONED) :].partition("/")
            if version == self.version:
                cache = IMMUTABLE
        asset = self.files.get(path)
        if asset is None:
            raise HTTPException(404)
        return self.respond(request, asset, cache)

    async def rules_page(self, request: Request) -> Response:
        """`/rules/{game}`: the game's rules (docs/games/<game>.md, its Rules section), revalidated."""
        asset = self.rules.get(request.path_params["game"])
        if asset is None:
            raise HTTPException(404)
        return self.respond(request, asset, REVALIDATE)
