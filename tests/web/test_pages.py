"""Page weight (docs/web.md "Files and caching"): the lobby downloads no game renderer and no table
code; a table downloads its own game's renderer only; scripts come gzipped, versioned and kept."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field

import httpx
import pytest
from playwright.async_api import Browser, Page, Response

from ziggurat.web import STATIC_DIR

from .driver import create_table

RENDERERS = re.compile(r"/js/games/(?!registry\.js|common\.js)[\w-]+\.js$")  # common.js: the table's
# the table page's controller and views; the lobby's form and "Your tables"
TABLE_PARTS = tuple(f"table/{p.name}" for p in (STATIC_DIR / "js/table").glob("*.js"))
LOBBY_PARTS = tuple(f"lobby/{p.name}" for p in (STATIC_DIR / "js/lobby").glob("*.js"))


@dataclass
class Seen:
    """Every response a page got: address → headers."""

    page: Page
    responses: dict[str, dict[str, str]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def scripts(self, pattern: re.Pattern[str] = re.compile(r"\.js$")) -> list[str]:
        return sorted(u for u in self.responses if pattern.search(u.split("?")[0]))

    def named(self, *names: str) -> list[str]:
        return sorted({n for u in self.scripts() for n in names if u.endswith(f"/{n}")})


Opener = Callable[[str], Awaitable[Seen]]


@pytest.fixture
async def open_page(browser: Browser) -> AsyncIterator[Opener]:
    contexts = []
    seen_all: list[Seen] = []

    async def open_(url: str) -> Seen:
        ctx = await browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(ctx)
        page = await ctx.new_page()
        page.set_default_timeout(30000)
        seen = Seen(page)
        seen_all.append(seen)
        page.on("pageerror", lambda e: seen.errors.append(str(e)))

        async def got(r: Response) -> None:
            seen.responses[r.url] = await r.all_headers()

        page.on("response", got)
        await page.goto(url)
        return seen

    yield open_
    for ctx in contexts:
        await ctx.close()
    assert not [e for s in seen_all for e in s.errors]


async def settle(page: Page) -> None:
    await page.wait_for_load_state("networkidle")


async def test_the_lobby_loads_only_the_lobby(open_page: Opener, web_url: str) -> None:
    seen = await open_page(web_url)
    await seen.page.wait_for_selector(".game-card")
    await settle(seen.page)
    assert seen.scripts(RENDERERS) == []
    assert seen.named("table.js", "seats.js", "gamelog.js", "result.js", "socket.js", *TABLE_PARTS) == []
    assert not [u for u in seen.responses if u.endswith(".json") and "/static/" in u]  # no card data
    page_headers = seen.responses[web_url.rstrip("/") + "/"]
    assert page_headers["cache-control"] == "no-cache"
    scripts = seen.scripts()
    assert len(scripts) >= 5
    for url in scripts + [u for u in seen.responses if u.endswith(".css")]:
        h = seen.responses[url]
        assert re.search(r"/static/v/[0-9a-f]{12}/", url), url
        assert h.get("content-encoding") == "gzip", url
        assert h["cache-control"] == "public, max-age=31536000, immutable", url
    # A second visit in the same browser asks for the page and the API again, no script.
    before = set(seen.responses)
    again: list[str] = []
    seen.page.on("request", lambda r: again.append(r.url))
    await seen.page.reload()
    await seen.page.wait_for_selector(".game-card")
    await settle(seen.page)
    assert set(again) - before <= {u for u in again if "/api/" in u}
    network = [u for u in again if u.endswith(".js")]
    responses = await seen.page.evaluate(
        "() => performance.getEntriesByType('resource').filter(e => e.name.endsWith('.js'))"
        ".map(e => [e.name, e.transferSize])"
    )
    assert network == [] or all(size == 0 for _, size in responses), responses


async def test_a_table_loads_its_own_renderer_only(open_page: Opener, web_url: str) -> None:
    seen = await open_page(web_url)
    await seen.page.wait_for_selector(".game-card")
    await create_table(seen.page, "zenith", 2)
    await settle(seen.page)
    assert [u.rsplit("/", 1)[1] for u in seen.scripts(RENDERERS)] == ["zenith.js"]

    # A share link opened in another browser: the table's code and renderer, no lobby.
    tid = re.search(r"#/table/([\w-]+)", seen.page.url)
    assert tid
    async with httpx.AsyncClient(base_url=web_url) as c:
        game = (await c.get(f"/api/tables/{tid.group(1)}")).json()["game"]
    assert game == "zenith"
    friend = await open_page(f"{web_url}#/table/{tid.group(1)}")
    await friend.page.wait_for_selector("#waiting-room h2")
    await settle(friend.page)
    assert [u.rsplit("/", 1)[1] for u in friend.scripts(RENDERERS)] == ["zenith.js"]
    assert friend.named("lobby.js", *LOBBY_PARTS) == []
    assert friend.named("table.js", *TABLE_PARTS) == sorted(["table.js", *TABLE_PARTS])
    # Its "How to play" ends with the game's complete rules.
    await friend.page.click("#rules summary")
    link = friend.page.locator("#rules a.rules-link")
    assert await link.get_attribute("href") == "/rules/zenith"
    async with friend.page.context.expect_page() as popup:
        await link.click()
    rules = await popup.value
    await rules.wait_for_selector("h1")
    assert await rules.inner_text("h1") == "How to play Zenith"
