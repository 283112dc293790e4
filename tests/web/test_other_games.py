"""One whole game of Faiths, Zombology and Zenith, one person clicking against bots."""

from __future__ import annotations

from pathlib import Path

from playwright.async_api import expect

from .conftest import Pages
from .driver import create_table, fill_with_bots_and_start, play_to_the_end


async def _whole_game(
    pages: Pages, output: Path, game: str, seats: int, shot_at: int, **options: str
) -> None:
    page = await pages.new()
    await create_table(page, game, seats, **options)
    await fill_with_bots_and_start(page)
    await play_to_the_end(page, shot=output / f"{game}-midgame.png", shot_at=shot_at)
    ranking = page.get_by_role("table", name="Final ranking")
    await expect(ranking).to_be_visible()
    await expect(ranking.locator("tbody tr")).to_have_count(seats)
    await page.screenshot(path=str(output / f"{game}-final.png"), full_page=True)


async def test_faiths(pages: Pages, output: Path) -> None:
    await _whole_game(pages, output, "faiths", 4, 10, max_rounds="2")


async def test_zombology(pages: Pages, output: Path) -> None:
    await _whole_game(pages, output, "zombology", 3, 4)


async def test_zenith(pages: Pages, output: Path) -> None:
    await _whole_game(pages, output, "zenith", 2, 4, board="fuji")


async def test_faiths_auto_pass_is_a_checkbox_the_server_remembers(pages: Pages, output: Path) -> None:
    page = await pages.new()
    await create_table(page, "faiths", 4, max_rounds="1")
    await fill_with_bots_and_start(page)
    box = page.get_by_label("Let cards stand for me when I can't react")
    await expect(box).not_to_be_checked()
    await box.check()
    await page.reload()  # kept by the server with the seat, not by this page
    await expect(page.get_by_label("Let cards stand for me when I can't react")).to_be_checked()
    await play_to_the_end(page, shot=output / "faiths-auto-pass.png", shot_at=3)
    await expect(page.get_by_role("table", name="Final ranking")).to_be_visible()
