"""Every page of the site in Chromium under the server's Content-Security-Policy (server/http/headers.py):
the lobby with its dialogs, a table of each game being played (and one played to its end), the replay,
the rules pages, the account menu, the leaderboard, a profile and the API docs. Not one violation
(the `securitypolicyviolation` event, or the console's report of one) and no page error; each page
came with the policy and the other security headers."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import pytest
from playwright.async_api import Browser, BrowserContext, ConsoleMessage, Page, Response, expect

from ziggurat.server.http.headers import SITE_POLICY

from .driver import create_table, fill_with_bots_and_start, play_to_the_end, step
from .rated import rated_games, sign_up_all, username
from .test_accounts import sign_up

GAMES = {
    "zealous": (4, {"length": "beginner"}),
    "faiths": (4, {"max_rounds": "2"}),
    "zombology": (4, {}),
    "zenith": (3, {"board": "pikes"}),
}
# Reported as a console error too, so that the console listener sees every violation, whoever caught it.
REPORT = """document.addEventListener("securitypolicyviolation", (e) =>
  console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} ${e.sample}`));"""


@dataclass
class Watch:
    """What went wrong on the pages of one person, and the security headers of each page they loaded."""

    ctx: BrowserContext
    violations: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    documents: dict[str, dict[str, str]] = field(default_factory=dict)

    async def page(self) -> Page:
        page = await self.ctx.new_page()
        page.set_default_timeout(30000)
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("response", self._response)
        return page

    def _console(self, m: ConsoleMessage) -> None:
        if "Content Security Policy" in m.text or "Content-Security-Policy" in m.text:
            self.violations.append(m.text)

    async def _response(self, r: Response) -> None:
        if r.request.resource_type == "document":
            self.documents[r.url] = await r.all_headers()


@pytest.fixture
async def watch(browser: Browser) -> AsyncIterator[Watch]:
    ctx = await browser.new_context(viewport={"width": 1280, "height": 900})
    await ctx.add_init_script(REPORT)
    yield Watch(ctx)
    await ctx.close()


async def test_every_page_keeps_to_the_policy(watch: Watch, web_url: str) -> None:
    page = await watch.page()
    await page.goto(web_url)
    await page.wait_for_selector(".game-card")

    for game, (seats, options) in GAMES.items():
        await page.goto(web_url)
        await create_table(page, game, seats, **options)
        await fill_with_bots_and_start(page)
        if game == "zenith":  # one to its end: the final ranking, "Play again", the replay's link
            await play_to_the_end(page)
        else:
            for _ in range(4):  # (moves highlighted, the log's seat marks, the board's animations)
                if not await step(page):
                    break
    await expect(page.locator("[data-result]")).to_have_count(1)

    await page.get_by_role("link", name="Watch the replay").click()
    await page.wait_for_selector("#replay[data-version='0']")
    for _ in range(3):
        await page.get_by_role("button", name="Next move").click()
    await page.keyboard.press("End")
    await page.wait_for_selector("[data-result]")

    for game in GAMES:
        await page.goto(f"{web_url}rules/{game}")
        await expect(page.locator("h1")).to_contain_text("How to play")

    await page.goto(web_url)
    await sign_up(page, username("csp"))  # (the account dialog, then the signed-in lobby)
    await page.locator("#account-button").click()  # the account menu
    await page.keyboard.press("Escape")
    # A leaderboard and a profile with games in them (rated High Card games, played over the API).
    names = [username("lead"), username("rival")]
    await sign_up_all(web_url, names)
    await rated_games(web_url, names, games=2)
    await page.goto(f"{web_url}#/ratings/highcard")
    await page.wait_for_selector(f'#standings tr[data-player="{names[0]}"]')
    await page.goto(f"{web_url}#/players/{names[0]}")
    await expect(page.get_by_role("heading", name=names[0])).to_be_visible()
    await page.wait_for_timeout(300)  # (its rating chart is drawn)

    await page.goto(f"{web_url}docs")  # the API docs: Swagger UI, served from here, under its own policy
    await page.wait_for_selector(".opblock")
    await page.locator(".opblock-summary").first.click()
    await page.get_by_role("button", name="Try it out").first.click()
    await page.get_by_role("button", name="Execute").first.click()
    await page.wait_for_selector(".live-responses-table")

    assert watch.violations == [] and watch.errors == [], (watch.violations, watch.errors)
    site, docs = f"{web_url}", f"{web_url}docs"
    assert {site, docs} | {f"{web_url}rules/{g}" for g in GAMES} <= set(watch.documents)
    for url, headers in watch.documents.items():
        policy = headers["content-security-policy"]
        assert policy == SITE_POLICY if url != docs else re.search(r"script-src 'self' 'sha256-", policy), url
        assert "frame-ancestors 'none'" in policy
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "same-origin"
