"""The client's files: served by mount(), every import and asset present, card texts and error codes in
step with the Python side and the docs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx

from tests.test_error_codes import friendly_codes
from ziggurat.games.faiths.board import _BORDERS, HOMELAND, RELIGIONS, TERRITORIES
from ziggurat.games.faiths.cards import CARDS as FAITHS_CARDS
from ziggurat.games.zealous.cards import CARDS as ZEALOUS_CARDS
from ziggurat.games.zealous.cards import DECKS
from ziggurat.server.config import Settings
from ziggurat.server.http.app import create_app
from ziggurat.web import STATIC_DIR, mount

ROOT = Path(__file__).resolve().parents[2]
JS = sorted(STATIC_DIR.rglob("*.js"))


def _client(tmp_path: Path) -> httpx.AsyncClient:
    app = create_app(Settings(db_url=f"sqlite+aiosqlite:///{tmp_path / 'z.db'}", bot_pool="thread"))
    mount(app)
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test")


async def test_mount_serves_the_client_at_the_root(tmp_path: Path) -> None:
    async with _client(tmp_path) as c:
        r = await c.get("/")
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/html")
        assert re.search(r'<script type="module" src="/static/v/[0-9a-f]{12}/js/main.js">', r.text)
        js = await c.get("/static/js/main.js")
        assert js.status_code == 200
        assert "javascript" in js.headers["content-type"]
        assert js.headers["cache-control"] == "no-cache"  # unversioned: revalidated (versioned: tests/server)
        assert (await c.get("/static/css/app.css")).headers["content-type"].startswith("text/css")
        assert (await c.get("/static/img/zealous.svg")).headers["content-type"].startswith("image/svg")
        assert (await c.get("/static/nope.js")).status_code == 404
        # the OpenAPI schema stays about the API
        assert "/" not in (await c.get("/openapi.json")).json()["paths"]


def test_every_import_and_asset_exists() -> None:
    assert JS
    for f in JS:
        text = f.read_text()
        for spec in re.findall(r"""(?:import\(?|from)\s*["'](\.{1,2}/[^"']+)["']""", text):
            assert (f.parent / spec).resolve().is_file(), f"{f.name} imports missing {spec}"
        for url in re.findall(r"""["'`](/static/[^"'`$]+)["'`]""", text):
            assert (STATIC_DIR / url.removeprefix("/static/")).is_file(), f"{f.name} names missing {url}"
        for rel in re.findall(r"""new URL\("([^"]+)", import\.meta\.url\)""", text):
            assert (f.parent / rel).resolve().is_file(), f"{f.name} loads missing {rel}"
    html = (STATIC_DIR / "index.html").read_text()
    for url in re.findall(r"""(?:src|href)="(/static/[^"]+)\"""", html):
        assert (STATIC_DIR / url.removeprefix("/static/")).is_file(), url


def test_every_game_has_a_renderer_and_a_picture() -> None:
    registry = (STATIC_DIR / "js/games/registry.js").read_text()
    for game in ("zealous", "faiths", "zombology", "zenith"):
        assert f'{game}: () => import("./{game}.js")' in registry
        assert (STATIC_DIR / f"img/{game}.svg").is_file()


def test_card_texts_match_the_rules() -> None:
    z = json.loads((STATIC_DIR / "data/zealous.json").read_text())
    timing = ("before", "as", "after")
    assert z["cards"] == [
        {
            "id": c.id,
            "name": c.name,
            "deck": DECKS[c.deck],
            "copies": c.copies,
            "timing": timing[c.timing],
            "text": c.text,
        }
        for c in ZEALOUS_CARDS
    ]
    f = json.loads((STATIC_DIR / "data/faiths.json").read_text())
    assert [(c["id"], c["name"], c["value"], c["text"]) for c in f["cards"]] == [
        (c.id, c.name, c.value, c.text) for c in FAITHS_CARDS
    ]
    assert f["territories"] == list(TERRITORIES)
    assert f["borders"] == {t: _BORDERS[t].split() for t in TERRITORIES}
    assert f["homelands"] == {r: TERRITORIES[HOMELAND[i]] for i, r in enumerate(RELIGIONS)}
    positions = (STATIC_DIR / "js/games/faiths-map.js").read_text()
    for t in TERRITORIES:
        assert re.search(rf"\b{t}: \[\d+, \d+\]", positions), t


def _documented_codes() -> set[str]:
    codes: set[str] = set()
    server = (ROOT / "docs/server.md").read_text()
    lobby = server.split("Codes of the lobby:")[1].split("\n## ")[0]
    codes |= set(re.findall(r"`([a-z][a-z-]+)`", lobby))
    # the accounts' section: its closing "Codes:" paragraph (the rest names fields and examples)
    accounts = server.split("\n## Accounts")[1].split("\n## ")[0].split("\nCodes: ")[1].split("\n\n")[0]
    codes |= set(re.findall(r"`([a-z][a-z-]+)`", accounts))
    ws = server.split("### Error codes (websocket)")[1].split("## Storage")[0]
    for row in re.findall(r"^\| (`[a-z-]+`(?:, `[a-z-]+`)*) \|", ws, re.M):
        codes |= set(re.findall(r"`([a-z-]+)`", row))
    protocol = (ROOT / "docs/protocol.md").read_text().split("## Errors")[1].split("## Views")[0]
    for row in re.findall(r"^\| (`[^|]+) \|", protocol, re.M):
        codes |= set(re.findall(r"`([a-z-]+)`", row))
    for page in ("zenith", "zombology"):
        errors = (ROOT / f"docs/games/{page}.md").read_text().split("## Errors")[1].split("\n## ")[0]
        for row in re.findall(r"^\| `([a-z-]+)`", errors, re.M):
            codes.add(row)
    codes.add("reaction-only")  # Faiths names it in prose
    return codes


def test_every_error_code_has_a_friendly_sentence() -> None:
    known = friendly_codes()  # errors.js's, and each game's in its renderer
    missing = sorted(_documented_codes() - known)
    assert not missing, f"errors.js and the renderers' ERRORS have no sentence for {missing}"
    text = (STATIC_DIR / "js/errors.js").read_text()
    assert '"card-not-valid": "This card isn\'t valid this turn."' in text


def test_only_the_table_controller_talks_to_the_server() -> None:
    """docs/web.md, "The table page in parts": the views read the controller's state and call its
    actions; they neither import the socket or the lobby API nor write the state."""
    views = [STATIC_DIR / "js/table.js", *(STATIC_DIR / "js/table").glob("*.js")]
    assert len(views) > 5
    for f in views:
        if f.name == "controller.js":
            continue
        text = f.read_text()
        talks = set(re.findall(r"""from\s*["'](?:\./|\.\./)(socket|api)\.js["']""", text))
        assert not talks, f"{f.name} imports {sorted(talks)}: only table/controller.js talks to the server"
        writes = re.findall(r"\b(?:st|state)\.\w+\s*(?:=[^=]|\+\+|--|\+=|-=)", text)
        assert not writes, f"{f.name} writes the controller's state: {writes}"
