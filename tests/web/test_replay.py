"""Issue 18, the replay viewer (js/replay.js) in a real browser: a finished game reached from its final
ranking and from the lobby, stepped with the buttons, the slider, the keyboard and play to its end,
where the final scores shown are the match's; a link to one move; every hand shown in a game with
hidden hands, or one seat's own; no serious accessibility violation."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Page, expect

from tests.server.matches import bot_match
from ziggurat.server.cli.imports import import_match
from ziggurat.store import Store

from .conftest import Pages
from .driver import create_table, fill_with_bots_and_start, play_to_the_end
from .launcher import WebServer, web_settings
from .test_accessibility import _serious

SHOWN = "#replay[data-version='{}']"


async def shown_ranking(page: Page) -> dict[str, tuple[str, str]]:
    """The final ranking as shown: player name (without the table's "(you)") -> (place, score as the
    game words it)."""
    rows = page.get_by_role("table", name="Final ranking").locator("tbody tr")
    out = {}
    for i in range(await rows.count()):
        place, name, score = [(await rows.nth(i).locator("td").nth(k).inner_text()).strip() for k in range(3)]
        out[name.removesuffix(" (you)")] = (place, score)
    return out


def places(table: dict[str, Any]) -> dict[str, str]:
    """The match result's place of each player, as the ranking words it."""
    ranks = table["result"]["ranks"]
    return {
        s["name"]: ["", "1st", "2nd", "3rd"][ranks[s["seat"]]] or f"{ranks[s['seat']]}th"
        for s in table["seats"]
    }


async def at(page: Page, version: int) -> None:
    await page.wait_for_selector(SHOWN.format(version))


async def test_a_finished_game_replayed_to_its_end_shows_the_match_result(pages: Pages, output: Path) -> None:
    page = await pages.new()
    table = await create_table(page, "zenith", 2, board="fuji")
    await fill_with_bots_and_start(page)
    await play_to_the_end(page)
    info = await (await page.request.get(f"{pages.url}api/tables/{table}")).json()
    last = info["version"]
    assert info["status"] == "finished" and last > 4
    at_the_table = await shown_ranking(page)
    assert {name: place for name, (place, _) in at_the_table.items()} == places(info)

    # From the final ranking.
    await page.get_by_role("link", name="Watch the replay").click()
    await page.wait_for_url(re.compile(rf"#/replay/{table}"))
    await at(page, 0)
    await expect(page.locator("#replay-where")).to_have_text(f"Set-up · {last} moves")
    await expect(page.get_by_role("button", name="Previous move")).to_be_disabled()

    # The buttons, the keyboard, the slider.
    await page.get_by_role("button", name="Next move").click()
    await at(page, 1)
    await page.get_by_role("button", name="Next move").click()
    await at(page, 2)
    assert page.url.endswith(f"#/replay/{table}/2"), "the address names the move shown"
    await expect(page.locator("#replay-status")).to_contain_text("Move 2:")
    await expect(page.locator("#log .log-line.current")).to_have_attribute("data-version", "2")
    await page.locator("#board").click(position={"x": 2, "y": 2})
    await page.keyboard.press("ArrowLeft")
    await at(page, 1)
    await page.keyboard.press("End")
    await at(page, last)
    await page.get_by_role("button", name="First move").click()
    await at(page, 0)
    await page.locator("#replay-slider").fill(str(last - 1))
    await at(page, last - 1)
    await expect(page.locator("[data-result]")).to_have_count(0)
    await page.get_by_role("button", name="Next move").click()
    await at(page, last)
    await expect(page.get_by_role("button", name="Next move")).to_be_disabled()
    assert await shown_ranking(page) == at_the_table
    await expect(page.get_by_role("link", name="Watch the replay")).to_have_count(0)
    await page.screenshot(path=str(output / "replay-end.png"), full_page=True)

    # A line of the log goes to its move; play, at 4x, goes on to the end.
    await page.locator("#log a[data-version='3']").click()
    await at(page, 3)
    await page.select_option("#replay-speed", "4")
    await page.get_by_role("button", name="Play").click()
    await expect(page.get_by_role("button", name="Pause")).to_be_visible()
    await page.wait_for_selector(SHOWN.format(last), timeout=30000)
    await expect(page.get_by_role("button", name="Play")).to_be_visible()
    assert await shown_ranking(page) == at_the_table

    # Following one seat.
    await page.select_option("#replay-seat", "1")
    await page.wait_for_selector(f"#replay[data-seat='1']{SHOWN.format(last)[7:]}")
    assert await shown_ranking(page) == at_the_table

    # A link to a move opens there.
    other = await pages.new()
    await other.goto(f"{pages.url}#/replay/{table}/4")
    await at(other, 4)
    assert await _serious(other, "replay", output) == []

    # From the lobby's finished games.
    await other.goto(pages.url)
    link = other.locator("#finished-tables").get_by_role("link", name=re.compile(f"Replay .* table {table}"))
    await link.click()
    await at(other, 0)


@pytest.fixture
async def imported() -> AsyncIterator[tuple[str, str]]:
    """A server of its own with a Zealous game imported (as `ziggurat replay --open` does)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{tmp}/ziggurat.db"
        store = await Store.open(url)
        rec = await import_match(store, bot_match("zealous", 2))
        await store.close()
        with WebServer(web_settings(url)) as server:
            yield server.url, rec.id


async def test_every_hand_is_shown_or_one_seat_s_own(
    pages: Pages, imported: tuple[str, str], output: Path
) -> None:
    url, table = imported
    page = await pages.new()
    await page.goto(f"{url}#/replay/{table}/10")
    await at(page, 10)
    hands = page.get_by_role("region", name="Every hand")
    await expect(hands.locator("li")).to_have_count(3)
    await expect(hands.locator("li").first).to_contain_text("Hand:")
    await page.screenshot(path=str(output / "replay-zealous-hands.png"), full_page=True)
    await page.select_option("#replay-seat", "0")
    await page.wait_for_selector(f"#replay[data-seat='0']{SHOWN.format(10)[7:]}")
    await expect(page.get_by_role("region", name="Every hand")).to_have_count(0)
    await expect(page.locator("#board .hand")).to_have_count(1)
    seat0 = (await (await page.request.get(f"{url}api/tables/{table}")).json())["seats"][0]["name"]
    await expect(page.locator("#board .hand h3")).to_contain_text(f"{seat0}'s hand")  # not "Your hand"
    await page.keyboard.press("End")
    last = int(await page.get_attribute("#replay", "data-last") or "0")
    await at(page, last)
    info = await (await page.request.get(f"{url}api/tables/{table}")).json()
    shown = await shown_ranking(page)
    assert {name: place for name, (place, _) in shown.items()} == places(info)
    scores = {s["name"]: info["result"]["scores"][s["seat"]] for s in info["seats"]}
    assert {name: float(score) for name, (_, score) in shown.items()} == scores
