"""Page weight: the bytes a browser transfers to show the lobby, and a running table of each game.

    python bench/pages.py [--src OTHER/src]

Starts `ziggurat serve` on loopback (a fresh SQLite file) and opens each page in Debian's Chromium
(`/usr/bin/chromium`) through Playwright, in a fresh browser context (an empty cache: a first visit),
then once more in the same context (a second visit: what the cache saves). A table is opened the way a
share link is: a table of that game with bots in every seat but the host's, started, watched as a
spectator. Counted: every HTTP response's encoded bytes (headers and body as they came over the wire,
from Chromium's `Network.loadingFinished`), not the websocket. `--src` measures another checkout.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import tempfile
from pathlib import Path
from typing import Any

import httpx
from playwright.async_api import Browser, BrowserContext, async_playwright

from _server import NO_CAPS, start, stop

# Debian's headless shell, else its full browser (the bytes a page loads are the same in both)
BROWSERS = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")
CHROMIUM = next((b for b in BROWSERS if Path(b).exists()), BROWSERS[-1])
GAMES = {"zealous": 3, "faiths": 4, "zombology": 3, "zenith": 2}
READY = {"lobby": ".game-card", "table": "#game[data-status]"}


async def running_table(url: str, game: str, players: int) -> str:
    async with httpx.AsyncClient(base_url=url) as c:
        r = (
            await c.post("/api/tables", json={"game": game, "options": {}, "seats": players, "name": "Ada"})
        ).json()
        auth = {"Authorization": f"Bearer {r['token']}"}
        tid = r["table"]["id"]
        for seat in range(1, players):
            (
                await c.put(f"/api/tables/{tid}/seats/{seat}/bot", json={"level": "random"}, headers=auth)
            ).raise_for_status()
        (await c.post(f"/api/tables/{tid}/start", headers=auth)).raise_for_status()
        return str(tid)


async def visit(ctx: BrowserContext, url: str, ready: str) -> tuple[int, int, list[str]]:
    """(bytes, requests, script paths) of one page load in this context."""
    page = await ctx.new_page()
    cdp = await ctx.new_cdp_session(page)
    await cdp.send("Network.enable")
    sizes: dict[str, int] = {}
    urls: dict[str, str] = {}

    def sent(e: dict[str, Any]) -> None:
        urls[e["requestId"]] = e["request"]["url"]

    def done(e: dict[str, Any]) -> None:
        sizes[e["requestId"]] = int(e["encodedDataLength"])

    cdp.on("Network.requestWillBeSent", sent)
    cdp.on("Network.loadingFinished", done)
    await page.goto(url)
    await page.wait_for_selector(ready)
    await page.wait_for_load_state("networkidle")
    await page.wait_for_timeout(300)
    scripts = sorted({re.sub(r"^.*/static/(v/\w+/)?", "", u) for u in urls.values() if u.endswith(".js")})
    total, count = sum(sizes.values()), len(sizes)
    await page.close()
    return total, count, scripts


async def measure(browser: Browser, url: str, ready: str) -> tuple[int, int, int, int, list[str]]:
    ctx = await browser.new_context()
    try:
        first, n1, scripts = await visit(ctx, url, ready)
        again, n2, _ = await visit(ctx, url, ready)
    finally:
        await ctx.close()
    return first, n1, again, n2, scripts


async def main_async(src: str | None) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = start(f"sqlite:///{tmp}/pages.db", *NO_CAPS, "--bot-delay", "0.3", src=src)
        try:
            async with async_playwright() as p:
                browser = await p.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=["--disable-gpu"]
                )
                rows = [("lobby", await measure(browser, url, READY["lobby"]))]
                for game, players in GAMES.items():
                    tid = await running_table(url, game, players)
                    rows.append(
                        (f"{game} table", await measure(browser, f"{url}#/table/{tid}", READY["table"]))
                    )
                await browser.close()
        finally:
            stop(proc)
    print(f"{'page':16} {'first visit':>12} {'requests':>8} {'second visit':>13} {'requests':>8}  scripts")
    for name, (first, n1, again, n2, scripts) in rows:
        js = ", ".join(s.removeprefix("js/") for s in scripts)
        print(f"{name:16} {first / 1024:9.1f} KiB {n1:8} {again / 1024:10.1f} KiB {n2:8}  {js}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--src", help="another checkout's src/ directory")
    asyncio.run(main_async(p.parse_args().src))


if __name__ == "__main__":
    main()
