"""The game log, grouped by round: each "Round N begins." opens a group of that round's lines, which a
reader may fold away (and which stays folded as the game goes on)."""

from __future__ import annotations

from pathlib import Path

from playwright.async_api import expect

from .conftest import Pages
from .driver import create_table, fill_with_bots_and_start, step


async def test_the_log_is_grouped_by_round_and_a_folded_round_stays_folded(
    pages: Pages, output: Path
) -> None:
    page = await pages.new()
    await create_table(page, "zombology", 3)
    await fill_with_bots_and_start(page)
    groups = page.locator("#log details.log-group")
    for _ in range(300):
        if await groups.count() >= 2:
            break
        assert await step(page)
    await expect(groups.first.locator("summary")).to_have_text("Round 1 begins.")
    assert await groups.first.locator(".log-line").count() > 0  # that round's lines, inside it
    await groups.first.locator("summary").click()  # fold round 1 away
    await expect(groups.first).not_to_have_attribute("open", "")
    render = await page.get_attribute("#game", "data-render")
    await step(page)  # play on (or not, if the game has just ended): a redraw later, still folded
    await page.wait_for_function("r => document.querySelector('#game').dataset.render !== r", arg=render)
    await expect(groups.first).not_to_have_attribute("open", "")
    await expect(groups.last).to_have_attribute("open", "")
    await page.locator("#log").screenshot(path=output / "log-by-round.png")
    assert not pages.errors
