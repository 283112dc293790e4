"""Turn clocks in the browser: Ada creates a Zenith table with a short custom real-time clock, Bo joins,
and whoever moves first lets their clock run out: it ticks, turns red at 10 s with the tab title saying
so, and then a bot plays that move for them; both pages say so and count the timeout."""

from __future__ import annotations

import re
from pathlib import Path

from axe_playwright_python.async_playwright import Axe
from playwright.async_api import expect

from .conftest import Pages
from .driver import join_by_link

MINUTES = "0.2"  # 12 seconds: the warning at 10 s shows, then the clock runs out


async def test_a_clock_runs_out_and_a_bot_takes_the_move(pages: Pages, output: Path) -> None:
    ada = await pages.new()
    await ada.fill("#player-name", "Ada")
    await ada.locator('[data-game="zenith"] button').click()
    await ada.select_option("#opt-seats", "2")
    await ada.select_option("#opt-clock", "custom")
    await ada.fill("#clock-minutes", MINUTES)
    await ada.fill("#clock-increment", "0")
    await ada.get_by_role("button", name="Create table").click()
    await ada.wait_for_selector("#waiting-room h2")
    await expect(ada.locator(".subtitle")).to_contain_text("Real-time: 12 s")
    table = re.search(r"#/table/([\w-]+)", ada.url)
    assert table
    bo = await pages.new()
    await join_by_link(bo, pages.url, table.group(1), "Bo")
    await ada.get_by_role("button", name="Start the game").click()
    for p in (ada, bo):
        await p.wait_for_selector('#game[data-status="running"]')
    await ada.wait_for_selector('#game[data-my-turn="true"], #game[data-my-turn="false"]')
    mover, other = (ada, bo) if await ada.get_attribute("#game", "data-my-turn") == "true" else (bo, ada)
    seat = await mover.evaluate("() => document.querySelector('.seat-mine').dataset.seat")

    # Every page shows the mover's clock ticking down.
    clock = other.locator(f'.seat[data-seat="{seat}"] .seat-clock')
    await expect(clock).to_have_class(re.compile("clock-running"))
    first = await clock.text_content()
    await other.wait_for_timeout(1500)
    assert await clock.text_content() != first
    # At 10 s: red, and the tab title says so on the mover's page.
    mine = mover.locator(f'.seat[data-seat="{seat}"] .seat-clock')
    await expect(mine).to_have_class(re.compile("clock-low"), timeout=10000)
    assert (await mover.title()).startswith("⏰ 0:")
    await mover.screenshot(path=str(output / "clock-low.png"))
    violations = (await Axe().run(mover)).response["violations"]
    assert not violations, [(v["id"], [n["target"] for n in v["nodes"]]) for v in violations]

    # The clock runs out: a bot plays that move, and the game goes on to the other player.
    await expect(other.locator("#game")).to_have_attribute("data-my-turn", "true", timeout=20000)
    await expect(mover.locator(".toast").filter(has_text="Your time ran out")).to_be_visible()
    await expect(other.locator(f'.seat[data-seat="{seat}"] .badge.timeouts')).to_have_text("⌛ 1 timeout")
    await expect(mover.locator(f'.seat[data-seat="{seat}"]')).to_have_attribute("data-kind", "human")
    assert not (await mover.title()).startswith("⏰")
    await other.screenshot(path=str(output / "clock-timeout.png"))
