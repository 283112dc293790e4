"""Two people at one Zealous table: private hands, bots added by the host, a kicked player's seat taken
over by a bot."""

from __future__ import annotations

import re

from playwright.async_api import Locator, Page, expect

from .conftest import Pages
from .driver import create_table, join_by_link, step


async def _cards_shown(page: Page, name: str) -> int:
    """How many cards the scoreboard on this page says `name` holds (Miracle/Judgment/Divine)."""
    first = page.locator("td:first-child", has_text=re.compile(rf"^{name}( \(you\))?$"))
    row = page.locator(".scores tbody tr").filter(has=first)
    return sum(int(x) for x in (await row.locator("td").nth(3).inner_text()).split("/"))


def _seat(page: Page, name: str) -> Locator:
    return page.get_by_role("listitem", name=re.compile(rf"^{name}\b"))


async def _host_adds_a_bot_and_starts(host: Page) -> None:
    await host.get_by_label("Bot level").select_option("random")
    await host.get_by_role("button", name=re.compile(r"Add a bot to seat \d")).first.click()
    await expect(host.locator('.seat[data-kind="bot"]')).to_have_count(1)
    await host.get_by_role("button", name="Start the game").click()
    await host.wait_for_selector('#game[data-status="running"]')


async def _to_card_tiles(page: Page) -> Locator | None:
    loc = page.locator(
        '#game .tile.target[data-tile^="bm"], #game .tile.target[data-tile^="m"], '
        '#game .tile.target[data-tile^="j"]'
    )
    return loc.first if await loc.count() else None


async def test_two_people_each_see_only_their_own_hand(pages: Pages) -> None:
    ada = await pages.new()
    table = await create_table(ada, "zealous", 3, name="Ada", length="beginner")
    bo = await pages.new()
    await join_by_link(bo, pages.url, table, "Bo")
    await expect(_seat(ada, "Bo")).to_be_visible()
    await _host_adds_a_bot_and_starts(ada)
    # A third person watches: the public view, no hand.
    watcher = await pages.new()
    await watcher.goto(f"{pages.url}#/table/{table}")
    await expect(watcher.locator(".role")).to_have_text("Watching")
    await expect(watcher.get_by_role("group", name="Zealous board")).to_be_visible()
    await expect(watcher.locator(".hand")).to_have_count(0)

    # Both play (heading for Miracle and Judgment tiles) until each holds a card.
    for _ in range(300):
        counts = [await p.locator(".hand .card").count() for p in (ada, bo)]
        if all(counts) or await ada.locator("[data-result]").count():
            break
        moved = False
        for p in (ada, bo):
            if await p.get_attribute("#game", "data-my-turn") == "true":
                await step(p, _to_card_tiles)
                moved = True
        if not moved:
            await ada.wait_for_timeout(50)
    for me, other, my_name, other_name in ((ada, bo, "Ada", "Bo"), (bo, ada, "Bo", "Ada")):
        held = await me.locator(".hand .card").count()
        assert held, f"{my_name} drew no card"
        # I see the names of the cards I drew; the other player sees only that I drew one.
        mine = me.locator(".log-line", has_text=re.compile(rf"^{my_name} draws a \w+ card: "))
        assert await mine.count() >= 1
        theirs = other.locator(".log-line", has_text=re.compile(rf"^{my_name} draws a \w+ card"))
        await expect(theirs.first).to_have_text(re.compile(rf"^{my_name} draws a \w+ card\.$"))
        assert await other.locator(".log-line", has_text=re.compile(rf"^{my_name} draws .*: ")).count() == 0
        # Each hand section is one's own: no other seat's cards, and the counts agree with the scoreboard.
        other_cards = await other.locator(".hand .card").count()
        assert await _cards_shown(other, my_name) == held
        assert await _cards_shown(me, other_name) == other_cards


async def test_the_host_kicks_a_player_who_closed_the_page_and_a_bot_takes_over(pages: Pages) -> None:
    ada = await pages.new()
    table = await create_table(ada, "zealous", 3, name="Ada", length="beginner")
    bo = await pages.new()
    await join_by_link(bo, pages.url, table, "Bo")
    await _host_adds_a_bot_and_starts(ada)
    await bo.context.close()  # Bo closes the page
    pages.contexts.remove(bo.context)

    kick = ada.get_by_role("button", name="Kick Bo")
    await expect(_seat(ada, "Bo")).to_contain_text("Away")
    await kick.click()
    bo_row = _seat(ada, "Bo")
    await expect(bo_row).to_have_attribute("data-kind", "bot")
    await expect(bo_row).to_contain_text("Bot")
    await expect(ada.get_by_role("button", name="Kick Bo")).to_have_count(0)
    # The game goes on: the bot plays Bo's seat (under Bo's name) while Ada plays hers.
    before = await ada.locator(".log-line", has_text=re.compile(r"^Bo")).count()
    for _ in range(40):
        if await ada.locator(".log-line", has_text=re.compile(r"^Bo")).count() > before:
            break
        await step(ada)
    assert await ada.locator(".log-line", has_text=re.compile(r"^Bo")).count() > before
