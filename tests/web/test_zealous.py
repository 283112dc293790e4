"""Zealous in the browser: a whole game by clicking, the refused-card message, and resuming a seat."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.async_api import Locator, Page, expect

from .conftest import Pages
from .driver import MY_TURN_OR_OVER, create_table, fill_with_bots_and_start, play_to_the_end, step


async def test_a_whole_game_by_clicking_to_the_final_ranking(pages: Pages, output: Path) -> None:
    page = await pages.new()
    await create_table(page, "zealous", 3, length="beginner")
    await fill_with_bots_and_start(page)
    # The board, the steps and the scores are there once the game runs.
    await expect(page.get_by_role("group", name="Zealous board")).to_be_visible()
    await expect(page.get_by_role("table", name="Scores")).to_be_visible()
    await page.get_by_role("button", name="What each tile does").click()
    await expect(page.get_by_role("dialog", name="What each tile does")).to_contain_text("Holy City")
    await page.get_by_role("dialog").get_by_role("button", name="Close").click()
    clicks = await play_to_the_end(page, shot=output / "zealous-midgame.png", shot_at=6)
    assert clicks > 5
    ranking = page.get_by_role("table", name="Final ranking")
    await expect(ranking).to_be_visible()
    await expect(ranking.locator("tbody tr")).to_have_count(3)
    await expect(page.locator("#result h2")).to_contain_text("Game over")
    await expect(ranking).to_contain_text("Holy City")  # the tie-break column
    await expect(page.locator("#log")).to_contain_text("Tallying")
    await page.screenshot(path=str(output / "zealous-final.png"), full_page=True)
    await page.set_viewport_size({"width": 390, "height": 844})
    await page.screenshot(path=str(output / "zealous-phone.png"), full_page=True)


async def _birth_behind_a_miracle(page: Page) -> Locator | None:
    loc = page.locator('#game .tile.target[data-tile^="bm"], #game .tile.target[data-tile^="m"]')
    return loc.first if await loc.count() else None


async def _my_turn(page: Page) -> None:
    await page.wait_for_selector(MY_TURN_OR_OVER)


async def test_a_refused_card_shows_the_rule_and_a_reload_resumes_the_seat(pages: Pages) -> None:
    page = await pages.new()
    table = await create_table(page, "zealous", 3, length="beginner")
    await fill_with_bots_and_start(page)
    # Stand behind a Miracle tile, then step onto it: that draws a Miracle card, which can't be played
    # in the turn it was drawn.
    while True:
        await _my_turn(page)
        step_name = await page.locator(".step.current").count()
        if step_name and await page.locator(".step.current").inner_text() == "2 · Move your prophet":
            break
        if (
            await page.locator(".step.current").count()
            and "Play a card" in await page.locator(".step.current").inner_text()
        ):
            break
        await step(page, _birth_behind_a_miracle)
    await step(page, _birth_behind_a_miracle)  # the move onto the Miracle tile (or wherever it can go)
    await _my_turn(page)
    cards = page.locator(".hand .card")
    await expect(cards).not_to_have_count(0)  # the Miracle just drawn
    await expect(page.locator(".step.current")).to_have_text("3 · Place a follower")
    card = cards.first
    await expect(card).to_have_class(re.compile("unplayable"))
    await card.click()
    await expect(page.locator(".toast.error")).to_have_text(re.compile("This card isn't valid this turn."))
    seat_text = await page.locator(".role").inner_text()
    held = await cards.count()

    # A reload comes back to the same seat, hand and turn.
    await page.reload()
    await _my_turn(page)
    await expect(page.locator(".role")).to_have_text(seat_text)
    await expect(page.locator(".hand .card")).to_have_count(held)
    await expect(page.locator(".step.current")).to_have_text("3 · Place a follower")

    # A closed tab too: a new page of the same browser finds the table in the lobby and returns to it.
    await page.close()
    again = await pages.contexts[0].new_page()
    await again.goto(pages.url)
    mine = again.locator(f'#my-tables [data-table="{table}"]')
    await mine.get_by_role("link", name="Return to the game").click()
    await _my_turn(again)
    await expect(again.locator(".role")).to_have_text(seat_text)
    await expect(again.locator(".hand .card")).to_have_count(held)
