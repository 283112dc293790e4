"""A game from another package (tests/toygame: High Card, registered by its entry point alone) in the
browser: the lobby offers it, and the web client's generic renderer plays it to the end."""

from __future__ import annotations

from pathlib import Path

from playwright.async_api import expect

from .conftest import Pages
from .driver import create_table, fill_with_bots_and_start, play_to_the_end


async def test_a_game_from_another_package_plays_with_the_generic_renderer(
    pages: Pages, output: Path
) -> None:
    page = await pages.new()
    await create_table(page, "highcard", 3)
    await fill_with_bots_and_start(page)
    await expect(page.locator(".generic-view")).to_be_visible()
    await play_to_the_end(page, shot=output / "highcard-midgame.png", shot_at=1)
    ranking = page.get_by_role("table", name="Final ranking")
    await expect(ranking).to_be_visible()
    await expect(ranking.locator("tbody tr")).to_have_count(3)
    await page.screenshot(path=str(output / "highcard-final.png"), full_page=True)
