"""When the game comes back to you, a strip under the prompt lists what the others did since your last
action, in the log's own words (the last lines of your log), with "and N more" leading to the log and a
short form for screen readers; none at your first decision; gone once you act or dismiss it."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from axe_playwright_python.async_playwright import Axe
from playwright.async_api import Browser, Page, expect

from .conftest import Pages
from .driver import MY_TURN_OR_OVER, create_table, fill_with_bots_and_start, is_over, step
from .launcher import WebServer, web_settings
from .test_layout import DESKTOPS, MEASURE, PHONE, SMALLEST_TARGET, _inside

SHOWN = 6  # js/summary.js: lines in the strip before "and N more"


@pytest.fixture(scope="module")
def slow_bots_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose bots wait 1.5 s before a move: in a secret choice I choose before them, so the
    round is resolved by their choice (with the others' fast bots I would choose last, and the strip,
    which never opens in the middle of a decision, would have nothing to show)."""
    db = tmp_path_factory.mktemp("summary") / "ziggurat.db"
    with WebServer(web_settings(f"sqlite+aiosqlite:///{db}", bot_delay=1.5)) as server:
        yield server.url


@pytest.fixture
async def slow_pages(browser: Browser, slow_bots_url: str) -> AsyncIterator[Pages]:
    p = Pages(browser, slow_bots_url)
    yield p
    for ctx in p.contexts:
        await ctx.close()
    assert not p.errors, p.errors


async def _until_summary(page: Page, max_steps: int = 60) -> None:
    """Play (first highlighted target) until it comes back to me with the strip shown."""
    since = page.locator("#since")
    for _ in range(max_steps):
        await page.wait_for_selector(MY_TURN_OR_OVER)
        assert not await is_over(page), "the game ended before the summary showed"
        if await since.is_visible():
            return
        assert await step(page)
    raise AssertionError("no summary since my last turn")


async def _check_against_the_log(page: Page) -> tuple[list[str], int | None]:
    """The strip's lines are the log's last lines, word for word and in order (the first SHOWN of them,
    and "and N more" counts the rest). Returns the strip's lines, and where in the log the first line
    left out is (None when none is)."""
    shown = await page.locator("#since .since-lines li").all_inner_texts()
    shown = [x.strip() for x in shown]
    assert shown and len(shown) <= SHOWN, shown
    more = page.locator("#since .since-more")
    extra = 0
    if await more.count():
        m = re.fullmatch(r"and (\d+) more in the log", await more.inner_text())
        assert m, await more.inner_text()
        extra = int(m.group(1))
    log = [x.strip() for x in await page.locator("#log .log-line").all_inner_texts()]
    tail = log[len(log) - len(shown) - extra :]
    assert tail[: len(shown)] == shown, (shown, log[-12:])
    return shown, (len(log) - extra if extra else None)


async def _more_leads_to_the_log(page: Page, first_left_out: int) -> None:
    """ "and N more" scrolls the log to the first line the strip left out, and focuses the log."""
    await page.locator("#since .since-more").click()
    await expect(page.locator("#log")).to_be_focused()
    await expect(page.locator("#log .log-line").nth(first_left_out)).to_be_in_viewport()


async def _fits_and_axe_finds_nothing(
    page: Page, output: Path, game: str, board: str, parts: tuple[str, ...] = ()
) -> None:
    """With the strip shown, the layout rules hold (test_layout.py: board, hand, prompt and steps on a
    laptop's and a big screen without scrolling; on a phone nothing sideways and 44 px targets), and axe
    finds no violation at all."""
    for w, hgt in DESKTOPS:
        await page.set_viewport_size({"width": w, "height": hgt})
        await page.wait_for_timeout(150)
        m = await page.evaluate(MEASURE, [board])
        for part in ("board", "hand", "prompt", *parts):
            assert _inside(m[part], w, hgt), (f"{w}x{hgt}", part, m[part])
        await expect(page.locator("#since")).to_be_in_viewport()
    await page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    await page.wait_for_timeout(150)
    phone = await page.evaluate(MEASURE, [board])
    assert phone["docWidth"] <= PHONE[0], phone
    smallest = await page.evaluate(SMALLEST_TARGET)
    assert smallest["side"] >= 44, smallest
    await page.screenshot(path=str(output / f"summary-{game}-390x844.png"))
    await page.set_viewport_size({"width": DESKTOPS[0][0], "height": DESKTOPS[0][1]})
    await page.wait_for_timeout(150)
    await expect(page.locator("#since")).to_be_visible()
    violations = (await Axe().run(page)).response["violations"]
    assert violations == [], [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in violations]


async def test_zealous_summary_when_it_comes_back_to_me(pages: Pages, output: Path) -> None:
    page = await pages.new(1366, 768)
    await create_table(page, "zealous", 4, name="Ada", length="beginner")
    await fill_with_bots_and_start(page)
    await page.wait_for_selector('#game[data-my-turn="true"]')
    since = page.locator("#since")
    await expect(since).to_be_hidden()  # my first decision: nothing "since"

    await _until_summary(page)
    shown, _ = await _check_against_the_log(page)
    assert any(line.startswith("Random bot") for line in shown), shown  # the bots' moves
    await expect(since).to_contain_text("Since your last turn:")
    # screen readers: a short form, in the log's words, in the polite live region
    spoken = page.locator("#announce p", has_text="Since your last turn:")
    await expect(spoken).to_have_count(1)
    assert shown[0] in await spoken.inner_text()
    await _fits_and_axe_finds_nothing(page, output, "zealous", ".zealous-board", ("steps",))

    # I act: it goes away at once (the next state holds my own action, nothing since)
    render = await page.get_attribute("#game", "data-render")
    assert await step(page)
    await page.wait_for_function(
        "r => document.querySelector('#game').dataset.render !== r"
        " && document.querySelector('#since').hidden",
        arg=render,
        polling="raf",
    )

    # the next times it comes back: a new summary each time, until one is too long for the strip
    for _ in range(12):
        await _until_summary(page)
        _, left_out = await _check_against_the_log(page)
        if left_out is not None:
            break
        assert await step(page)
    assert left_out is not None, "no summary long enough for 'and N more'"
    await page.screenshot(path=str(output / "summary-zealous.png"))
    await _more_leads_to_the_log(page, left_out)
    # dismissed: gone, and the board keeps the focus
    await since.get_by_role("button", name="Dismiss the summary since your last turn").click()
    await expect(since).to_be_hidden()
    await expect(page.locator("#board")).to_be_focused()
    assert not pages.errors


async def test_zombology_summary_after_the_secret_choice(slow_pages: Pages, output: Path) -> None:
    pages = slow_pages
    page = await pages.new()
    await create_table(page, "zombology", 3, name="Ada")
    await fill_with_bots_and_start(page)
    await page.wait_for_selector('#game[data-my-turn="true"]')
    await expect(page.locator("#since")).to_be_hidden()
    await _until_summary(page)
    shown, _ = await _check_against_the_log(page)
    # the others' secret choices are there as the log tells them to me: face down, no card named
    for line in shown:
        if line.startswith("Random bot") and "face down" in line:
            assert line.endswith("card face down."), line
    await _fits_and_axe_finds_nothing(page, output, "zombology", ".zb-players")
    await page.screenshot(path=str(output / "summary-zombology.png"))
    assert not pages.errors


async def test_faiths_summary_when_it_comes_back(pages: Pages, output: Path) -> None:
    """In Faiths "your last turn" is your last action: a card the others may react to (their reactions
    are then the strip), or a reaction of yours to theirs."""
    page = await pages.new(1366, 768)
    await create_table(page, "faiths", 4, name="Ada", max_rounds="2")
    await fill_with_bots_and_start(page)
    await page.wait_for_selector('#game[data-my-turn="true"]')
    await expect(page.locator("#since")).to_be_hidden()
    await _until_summary(page)
    shown, _ = await _check_against_the_log(page)
    assert any(line.startswith("Random bot") for line in shown), shown
    await _fits_and_axe_finds_nothing(page, output, "faiths", ".faiths-map")
    await page.screenshot(path=str(output / "summary-faiths.png"))
    assert not pages.errors
