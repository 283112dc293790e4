"""Browser tests: the real server with the client mounted (launcher.py), driven by Playwright through
Debian's Chromium (never a downloaded browser). Async Playwright on the session's event loop keeps these
tests in the same pytest run as the server's asyncio tests."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, BrowserContext, ConsoleMessage, Page, async_playwright, expect

from .launcher import WebServer, web_settings

# Debian's headless shell (the engine without the full browser's UI processes: about a third less CPU
# a test, and the suite is CPU-bound), else its full Chromium in headless mode.
BROWSERS = (Path("/usr/bin/chromium-headless-shell"), Path("/usr/bin/chromium"))
CHROMIUM = next((b for b in BROWSERS if b.exists()), BROWSERS[0])
OUTPUT = Path(__file__).parent / "output"

# `expect` waits as long as a page's actions do (Playwright's 5 s is for an idle machine): with the
# suite's workers, servers and browsers on two cores, a right answer can take longer; a wrong one still
# fails, later.
expect.set_options(timeout=30_000)


@pytest.fixture(scope="session")
def web_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("web") / "ziggurat.db"
    with WebServer(web_settings(f"sqlite+aiosqlite:///{db}")) as server:
        yield server.url


@pytest.fixture(scope="session")
async def browser() -> AsyncIterator[Browser]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium is not installed (.ci/run: apt-get install chromium-headless-shell)")
    async with async_playwright() as p:
        b = await p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=["--disable-gpu"])
        yield b
        await b.close()


@pytest.fixture(scope="session")
def output() -> Path:
    OUTPUT.mkdir(exist_ok=True)
    return OUTPUT


class Pages:
    """New pages, each in its own browser context (its own localStorage: another person), closed at the
    end; a JavaScript error, or anything the site's Content-Security-Policy refused, on any page fails
    the test."""

    def __init__(self, browser: Browser, url: str) -> None:
        self.browser = browser
        self.url = url
        self.errors: list[str] = []
        self.contexts: list[BrowserContext] = []

    async def new(self, width: int = 1280, height: int = 900) -> Page:
        ctx = await self.browser.new_context(viewport={"width": width, "height": height})
        self.contexts.append(ctx)
        page = await ctx.new_page()
        page.set_default_timeout(30000)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("console", self._refused)
        await page.goto(self.url)
        return page

    def _refused(self, m: ConsoleMessage) -> None:
        if "Content Security Policy" in m.text:  # (how Chromium reports what the policy refused)
            self.errors.append(m.text)


@pytest.fixture
async def pages(browser: Browser, web_url: str) -> AsyncIterator[Pages]:
    p = Pages(browser, web_url)
    yield p
    for ctx in p.contexts:
        await ctx.close()
    assert not p.errors, p.errors
