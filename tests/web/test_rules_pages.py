"""First contact: each game's rules live in the repository (docs/games/<game>.md, a "## Rules" section),
the README leads to the site and to them with links that work in a clone, and the server shows them
at /rules/<game>, where the table's "How to play" points."""

from __future__ import annotations

import re
from pathlib import Path

import httpx

from ziggurat.server.config import Settings
from ziggurat.server.http.app import create_app
from ziggurat.web import mount
from ziggurat.web.rules import markdown, rules_section

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("zealous", "faiths", "zombology", "zenith")


def test_every_game_has_its_rules_in_the_repository() -> None:
    for game in GAMES:
        page = (ROOT / f"docs/games/{game}.md").read_text()
        found = rules_section(page)
        assert found, game
        name, body = found
        assert name.lower() == game
        assert len(body.split()) > 200, f"{game}: the rules are too short to play from"
        assert "../shared" not in page and "seeds/" not in page, game


def test_the_readme_leads_to_the_site_and_its_links_work() -> None:
    readme = (ROOT / "README.md").read_text()
    first = readme.split("\n## ")[1]  # the first section
    assert "make serve" in first and "http://127.0.0.1:8000/" in first and "docs/web.md" in first
    for target in re.findall(r"\]\(([^)#:]+)\)", readme):
        assert (ROOT / target).exists(), f"README links to missing {target}"
    for game in GAMES:
        assert f"(docs/games/{game}.md)" in readme
    assert "../shared" not in readme


def test_markdown_of_the_rules() -> None:
    html = markdown(
        "Some **bold**, *it* and `code`.\n\n1. one\n   goes on\n2. two\n   - a\n   - b\n3. three\n\n"
        "| a | b |\n|---|---|\n| 1 \\| 2 | <x> |\n"
    )
    assert "<p>Some <strong>bold</strong>, <em>it</em> and <code>code</code>.</p>" in html
    assert (
        "<ol><li>\none goes on\n</li><li>\ntwo\n<ul><li>\na\n</li><li>\nb\n</li></ul>\n</li><li>\nthree"
        in html
    )
    assert "<td>1 | 2</td><td>&lt;x&gt;</td>" in html


async def test_the_server_shows_the_rules(tmp_path: Path) -> None:
    app = create_app(Settings(db_url=f"sqlite+aiosqlite:///{tmp_path / 'z.db'}", bot_pool="thread"))
    mount(app)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test") as c:
        for game in GAMES:
            r = await c.get(f"/rules/{game}", headers={"Accept-Encoding": "gzip"})
            assert r.status_code == 200, game
            assert r.headers["content-type"] == "text/html; charset=utf-8"
            assert r.headers["content-encoding"] == "gzip"
            assert r.headers["cache-control"] == "no-cache"
            assert f"<h1>How to play {game.capitalize()}</h1>" in r.text
            assert re.search(r'href="/static/v/[0-9a-f]{12}/css/app.css"', r.text)
        assert "<table>" in (await c.get("/rules/zealous")).text
        assert (await c.get("/rules/nope")).status_code == 404


def test_the_rules_ship_inside_the_package() -> None:
    """An installed wheel has no docs/ folder: the package reaches the rules through its own
    `web/rules_md` link to docs/games, and its package data copies them into the wheel."""
    from ziggurat.web import rules

    assert rules.DOCS.resolve() == (ROOT / "docs/games").resolve()
    assert rules.DOCS.relative_to(Path(rules.__file__).parent) == Path("rules_md")
    assert '"web/rules_md/*.md"' in (ROOT / "pyproject.toml").read_text()
    assert sorted(rules.rules_pages("x.css")) == sorted(GAMES)
