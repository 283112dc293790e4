"""Play again in the browser: two people finish a High Card game with a bot, one asks for a rematch, the
other accepts from the final ranking, and both play on at the new table, everyone one seat on."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
from axe_playwright_python.async_playwright import Axe
from playwright.async_api import Page, expect

from .conftest import Pages
from .driver import create_table, is_over, join_by_link, step

RUNNING_OR_OVER = '#game[data-status="running"], #game[data-status="finished"]'


async def _play_both_to_the_end(a: Page, b: Page) -> None:
    for p in (a, b):
        await p.wait_for_selector(RUNNING_OR_OVER)
    for _ in range(200):
        if await is_over(a) and await is_over(b):
            return
        moved = False
        for p in (a, b):
            if not await is_over(p) and await p.get_attribute("#game", "data-my-turn") == "true":
                await step(p)
                moved = True
        if not moved:
            await a.wait_for_timeout(50)
    raise AssertionError("the game did not end")


async def _no_violations(page: Page) -> None:
    """axe finds nothing on this page, of any impact (the offer and the held seats are new parts)."""
    violations = (await Axe().run(page)).response["violations"]
    assert not violations, [(v["id"], [n["target"] for n in v["nodes"]]) for v in violations]


def _names(table: dict[str, object]) -> list[str]:
    return [s["name"] for s in table["seats"]]  # type: ignore[attr-defined, index]


async def _a_finished_game(pages: Pages) -> tuple[Page, Page, str]:
    """Ada (host) and Bo play a one-card High Card game with a random bot to the end."""
    ada = await pages.new()
    old_id = await create_table(ada, "highcard", 3, name="Ada", hand="1")
    bo = await pages.new()
    await join_by_link(bo, pages.url, old_id, "Bo")
    await ada.get_by_label("Bot level").select_option("random")
    await ada.get_by_role("button", name=re.compile(r"Add a bot to seat \d")).first.click()
    await ada.get_by_role("button", name="Start the game").click()
    await _play_both_to_the_end(ada, bo)
    return ada, bo, old_id


async def test_a_rematch_accepted_by_two_people(pages: Pages, output: Path) -> None:
    ada, bo, old_id = await _a_finished_game(pages)
    async with httpx.AsyncClient(base_url=pages.url, trust_env=False) as api:
        old = (await api.get(f"/api/tables/{old_id}")).json()

        # Ada asks from the final ranking: she opens the new table's waiting room as its host, where
        # Bo's seat waits for his answer.
        await ada.get_by_role("button", name="Play again").click()
        await expect(ada.get_by_role("button", name="Start the game")).to_be_disabled()
        new_id = re.search(r"#/table/([\w-]+)", ada.url).group(1)  # type: ignore[union-attr]
        assert new_id != old_id
        held = ada.get_by_role("listitem", name=re.compile(r"^Bo: Waiting for Bo"))
        await expect(held).to_be_visible()
        await expect(ada.locator(".rematch-pending")).to_contain_text("waiting for Bo")
        await ada.screenshot(path=str(output / "rematch-waiting.png"), full_page=True)
        await _no_violations(ada)

        # Bo, still on the final ranking, is offered it.
        offer = bo.get_by_role("region", name="Play again")
        await expect(offer).to_contain_text("Ada offers a rematch.")
        await bo.screenshot(path=str(output / "rematch.png"), full_page=True)
        await _no_violations(bo)
        await offer.get_by_role("button", name="Accept").click()
        await expect(bo.locator("#waiting-room")).to_contain_text("Waiting for the host to start the game.")
        assert new_id in bo.url

        # Ada starts: both play at the new table, seats one on from the last game, bot included.
        await expect(ada.get_by_role("button", name="Start the game")).to_be_enabled()
        await ada.get_by_role("button", name="Start the game").click()
        for p in (ada, bo):
            await p.wait_for_selector(RUNNING_OR_OVER)
            await expect(p.get_by_role("group").or_(p.locator(".generic-view")).first).to_be_visible()
        new = (await api.get(f"/api/tables/{new_id}")).json()
        n = len(old["seats"])
        assert _names(new) == [_names(old)[(i - 1) % n] for i in range(n)]
        assert new["rematch_of"] == old_id and new["options"] == old["options"]
        assert (await api.get(f"/api/tables/{old_id}")).json()["rematch"] == new_id
    await _play_both_to_the_end(ada, bo)
    await expect(bo.get_by_role("button", name="Play again")).to_be_visible()


async def test_a_declined_rematch_frees_the_seat_and_spectators_may_watch(pages: Pages) -> None:
    ada, bo, old_id = await _a_finished_game(pages)
    await ada.get_by_role("button", name="Play again").click()
    await expect(ada.get_by_role("listitem", name=re.compile(r"^Bo: Waiting for Bo"))).to_be_visible()

    # Someone who only watched the old table is offered a link to watch, not a seat.
    watcher = await pages.new()
    await watcher.goto(f"{pages.url}#/table/{old_id}")
    box = watcher.get_by_role("region", name="Play again")
    await expect(box.get_by_role("link", name="Watch the rematch")).to_be_visible()
    await expect(watcher.get_by_role("button", name="Accept")).to_have_count(0)

    # Bo declines: he is told so; at the new table his seat is an empty seat the host fills with a bot.
    offer = bo.get_by_role("region", name="Play again")
    await offer.get_by_role("button", name="Decline").click()
    await expect(offer).to_contain_text("You declined the rematch.")
    await expect(offer.get_by_role("link", name="Watch the rematch")).to_be_visible()
    await expect(ada.get_by_role("listitem", name=re.compile(r"^Seat \d: Empty seat"))).to_be_visible()
    await ada.get_by_role("button", name=re.compile(r"^Fill .* bots?$")).click()
    await expect(ada.get_by_role("button", name="Start the game")).to_be_enabled()
