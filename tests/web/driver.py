"""What a person does in the client, as Playwright steps: create a table, fill it with bots, start, and
play by clicking highlighted targets until the game is over."""

from __future__ import annotations

import re
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.async_api import Locator, Page, WebSocket, expect

if TYPE_CHECKING:
    from .conftest import Pages

Pick = Callable[[Page], Awaitable[Locator | None]]

MY_TURN_OR_OVER = '#game[data-my-turn="true"], [data-result]'


async def create_table(page: Page, game: str, seats: int, name: str = "Ada", **options: str) -> str:
    """From the lobby: type a name, open the game's form, set options, create. Returns the table id."""
    await page.fill("#player-name", name)
    await page.locator(f'[data-game="{game}"] button').click()
    await page.select_option("#opt-seats", str(seats))
    for key, value in options.items():
        field = page.locator(f"#opt-{key}")
        if await field.evaluate("e => e.tagName") == "SELECT":
            await field.select_option(value)
        else:
            await field.fill(value)
    await page.get_by_role("button", name="Create table").click()
    await page.wait_for_selector("#waiting-room h2")
    m = re.search(r"#/table/([\w-]+)", page.url)
    assert m, page.url
    return m.group(1)


# The table's join form. Not `get_by_label("Your name")` alone: pages.new() opens the lobby, whose
# name field carries the same label and stays on screen until the table page has loaded.
JOIN_FORM = "#waiting-room .join-form"


async def join_by_link(page: Page, url: str, table: str, name: str) -> None:
    """A second person opens the share link, types a name in the table's join form (not the lobby's
    name field, which the page may still show for a moment) and joins."""
    trace = Trace(page)
    await trace.events(page, "click", "submit", "invalid")
    await page.goto(f"{url}#/table/{table}")
    form = page.locator(JOIN_FORM)
    field = form.get_by_label("Your name")
    await field.fill(name)
    await expect(field).to_have_value(name)  # (a redraw that emptied it would leave the form unsent)
    await form.get_by_role("button", name="Join this table").click()
    await seated(page, trace)


class Trace:
    """What a page asked and heard (requests, sockets, console), timed, for a failure to tell."""

    def __init__(self, page: Page) -> None:
        self.lines: list[str] = []
        self.t0 = time.monotonic()
        page.on("request", lambda r: self.add(f"-> {r.method} {r.url}"))
        page.on("requestfinished", lambda r: self.add(f"<- {r.method} {r.url}"))
        page.on("requestfailed", lambda r: self.add(f"x {r.method} {r.url} {r.failure}"))
        page.on("console", lambda m: self.add(f"console {m.type}: {m.text}"))
        page.on("websocket", self._socket)

    async def events(self, page: Page, *types: str) -> None:
        """Also trace these DOM events of the page (an `invalid` is a form the browser refused to send)."""
        await page.evaluate(
            """types => { for (const t of types) window.addEventListener(t, (e) => console.log(
                 "event", t, e.target?.tagName, e.target?.className, e.target?.isConnected), true); }""",
            list(types),
        )

    def add(self, line: str) -> None:
        self.lines.append(f"{time.monotonic() - self.t0:6.2f} {line}")

    def _socket(self, ws: WebSocket) -> None:
        self.add(f"ws open {ws.url}")
        ws.on("framesent", lambda p: self.add(f"ws sent {str(p)[:120]}"))
        ws.on("framereceived", lambda p: self.add(f"ws got {str(p)[:120]}"))
        ws.on("close", lambda _: self.add("ws closed"))


async def seated(page: Page, trace: Trace | None = None) -> None:
    """The page shows its person in a seat within 30 s; if not, the failure says what the page said
    meanwhile (toasts last seconds, so they are gathered as they come), and what it asked and heard."""
    said: set[str] = set()
    for _ in range(300):
        if re.search("You are seat", await page.locator(".role").inner_text()):
            return
        said.update(await page.locator(".toast, .conn-banner, .notice").all_inner_texts())
        await page.wait_for_timeout(100)
    heard = "\n".join(trace.lines) if trace else ""
    raise AssertionError(f"not seated; the page said {sorted(said)}\n{heard}")


async def two_people_started(pages: Pages, game: str = "zenith") -> tuple[Page, Page, Page, Page]:
    """Ada creates a table of two, Bo joins through its link, Ada starts: (ada, bo, mover, other),
    the mover being whoever is asked first."""
    ada = await pages.new()
    table = await create_table(ada, game, 2, name="Ada")
    bo = await pages.new()
    await join_by_link(bo, pages.url, table, "Bo")
    await ada.get_by_role("button", name="Start the game").click()
    for p in (ada, bo):
        await p.wait_for_selector('#game[data-status="running"]')
    await ada.wait_for_selector('#game[data-my-turn="true"], #game[data-my-turn="false"]')
    mover, other = (ada, bo) if await ada.get_attribute("#game", "data-my-turn") == "true" else (bo, ada)
    return ada, bo, mover, other


async def fill_with_bots_and_start(page: Page, level: str = "random") -> None:
    await page.get_by_label("Bot level").select_option(level)
    await page.get_by_role("button", name=re.compile(r"^Fill .* bots$")).click()
    start = page.get_by_role("button", name="Start the game")
    await start.wait_for()
    await page.wait_for_function("() => !document.querySelector('#waiting-room button.primary')?.disabled")
    await start.click()
    await page.wait_for_selector('#game[data-status="running"], #game[data-status="finished"]')


async def is_over(page: Page) -> bool:
    return await page.locator("[data-result]").count() > 0


async def first_target(page: Page) -> Locator | None:
    for sel in (".chooser-item", "#game .target", "#game .verb-buttons button", "#other-actions button"):
        loc = page.locator(sel)
        if await loc.count():
            return loc.first
    return None


async def step(page: Page, pick: Pick | None = None, timeout: float = 60000) -> bool:
    """Wait for my turn (or the end); click one thing. False once the game is over."""
    await page.wait_for_selector(MY_TURN_OR_OVER, timeout=timeout)
    if await is_over(page):
        return False
    target = (await pick(page) if pick else None) or await first_target(page)
    if target is None:  # the turn just ended under us: look again
        await page.wait_for_timeout(100)
        return True
    render = await page.get_attribute("#game", "data-render")
    await target.click()
    await page.wait_for_function(
        "r => document.querySelector('#game').dataset.render !== r || !!document.querySelector('.chooser')",
        arg=render,
        timeout=timeout,
    )
    return True


async def play_to_the_end(
    page: Page,
    pick: Pick | None = None,
    max_steps: int = 800,
    shot: Path | None = None,
    shot_at: int = 12,
) -> int:
    """Click until the final ranking shows; a screenshot of the board at step `shot_at`."""
    for n in range(max_steps):
        if n == shot_at and shot is not None:
            await page.wait_for_selector(MY_TURN_OR_OVER)
            await page.screenshot(path=str(shot), full_page=True)
        if not await step(page, pick):
            return n
    raise AssertionError(f"the game did not end in {max_steps} clicks")
