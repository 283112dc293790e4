"""Taking back a slip in the browser: the "Take back" button (and Ctrl+Z) after one's own move, while
the other player hasn't moved; the board goes back for both, and the log says so."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.async_api import Page, expect

from .conftest import Pages
from .driver import first_target, two_people_started


async def _version(page: Page) -> int:
    return int(await page.get_attribute("#game", "data-version") or "-1")


async def _move(page: Page) -> None:
    v = await _version(page)
    target = await first_target(page)
    assert target is not None
    await target.click()
    await page.wait_for_function("v => Number(document.querySelector('#game').dataset.version) > v", arg=v)


async def test_a_move_is_taken_back_with_the_button_and_with_ctrl_z(pages: Pages, output: Path) -> None:
    ada, _, mover, other = await two_people_started(pages)
    name = "Ada" if mover is ada else "Bo"
    take_back = mover.get_by_role("button", name=re.compile("Take back"))
    await expect(take_back).to_have_count(0)  # nothing of hers to take back yet
    board = await mover.locator("#game svg").first.inner_html()

    await _move(mover)
    await expect(take_back).to_be_visible()
    await mover.screenshot(path=output / "undo-zenith.png")
    await expect(other.get_by_role("button", name=re.compile("Take back"))).to_have_count(0)
    await take_back.click()
    await expect(mover.locator("#game")).to_have_attribute("data-version", "2")
    await expect(mover.locator("#game")).to_have_attribute("data-my-turn", "true")
    assert await mover.locator("#game svg").first.inner_html() == board  # the board as it was
    await expect(other.locator(".log-line", has_text=f"{name} takes back a move.")).to_be_visible()

    await _move(mover)  # and again, taken back from the keyboard
    await expect(take_back).to_be_visible()
    await mover.keyboard.press("Control+z")
    await expect(mover.locator("#game")).to_have_attribute("data-version", "4")
    await expect(take_back).to_have_count(0)
    assert not pages.errors
