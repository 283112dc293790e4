"""Issue 17, "Layout": on a laptop (1366x768) and a big screen (1920x1080) the board, your hand, the
prompt (and Zealous' step bar) are all on screen without scrolling; on a 390x844 phone the board's text
is at least 11 px, tap targets at least 44 px and the hand one tap away. For each of the four games, the
bounding boxes are measured in the browser and written next to the screenshots."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Locator, Page, expect

from .conftest import Pages
from .driver import MY_TURN_OR_OVER, create_table, fill_with_bots_and_start, step


def _out() -> Path:
    return Path(__file__).parent / "output"


DESKTOPS = [(1366, 768), (1920, 1080)]
PHONE = (390, 844)

# What "board" and "hand" are in each game (Zenith's hand: the pieces you have left to place).
GAMES: dict[str, dict[str, Any]] = {
    "zealous": {"seats": 3, "board": ".zealous-board", "options": {"length": "beginner"}},
    "faiths": {"seats": 4, "board": ".faiths-map", "options": {"max_rounds": "2"}},
    "zombology": {"seats": 3, "board": ".zb-players", "options": {}},
    "zenith": {"seats": 2, "board": ".zenith-board", "options": {"board": "fuji"}},
}

MEASURE = """([board]) => {
  const box = (sel) => {
    const e = document.querySelector(sel);
    if (!e) return null;
    const r = e.getBoundingClientRect();
    return {top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left),
            right: Math.round(r.right)};
  };
  return {
    board: box(board), hand: box('#game .hand'), prompt: box('#turn'), steps: box('#game .step-bar'),
    viewport: {width: innerWidth, height: innerHeight}, scrollY: scrollY,
    docWidth: document.documentElement.scrollWidth,
  };
}"""

# The smallest rendered font size of the board's SVG text (font size x the SVG's scale).
SMALLEST_TEXT = """([board]) => {
  const svg = document.querySelector(board);
  let min = Infinity;
  for (const t of document.querySelectorAll('#game svg text, #game ' + board + ' *')) {
    if (!t.getClientRects().length || !t.textContent.trim() || t.children.length) continue;
    if (getComputedStyle(t).visibility === 'hidden' || getComputedStyle(t).display === 'none') continue;
    const size = parseFloat(getComputedStyle(t).fontSize);
    const ctm = t.getScreenCTM ? t.getScreenCTM() : null;
    const scale = ctm ? Math.hypot(ctm.a, ctm.b) : 1;
    min = Math.min(min, size * scale);
  }
  return min;
}"""

# The smallest side of every tappable thing in the game (buttons, highlighted targets).
SMALLEST_TARGET = """() => {
  let worst = null;
  const all = '#game button, #game [role=button], #game .target, #game input, #game select';
  for (const e of document.querySelectorAll(all)) {
    // a checkbox inside its label: the whole label is what a finger taps
    const r = (e.closest('label') || e).getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const side = Math.min(r.width, r.height);
    const what = e.getAttribute('aria-label') || e.textContent.trim().slice(0, 40)
      || e.outerHTML.slice(0, 80);
    if (!worst || side < worst.side) worst = {side: Math.round(side), what};
  }
  return worst;
}"""


def _inside(box: dict[str, int] | None, vw: int, vh: int) -> bool:
    if box is None:
        return False
    return box["top"] >= 0 and box["bottom"] <= vh and box["left"] >= 0 and box["right"] <= vw


async def _my_turn_at_the_table(page: Page, game: str) -> None:
    spec = GAMES[game]
    await create_table(page, game, spec["seats"], **spec["options"])
    await fill_with_bots_and_start(page)
    await page.wait_for_selector(MY_TURN_OR_OVER)
    await expect(page.locator("#game .hand")).to_be_visible()


@pytest.mark.parametrize("game", list(GAMES))
async def test_board_hand_and_prompt_fit_the_screen(pages: Pages, output: Path, game: str) -> None:
    page = await pages.new(*DESKTOPS[0])
    await _my_turn_at_the_table(page, game)
    board = GAMES[game]["board"]
    report: dict[str, Any] = {}
    for w, hgt in DESKTOPS:
        await page.set_viewport_size({"width": w, "height": hgt})
        await page.evaluate("scrollTo(0, 0)")
        await page.wait_for_timeout(150)
        m = await page.evaluate(MEASURE, [board])
        report[f"{w}x{hgt}"] = m
        await page.screenshot(path=str(output / f"layout-{game}-{w}x{hgt}.png"))
    await page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    await page.evaluate("scrollTo(0, 0)")
    await page.wait_for_timeout(150)
    phone = await page.evaluate(MEASURE, [board])
    phone["smallest_text"] = await page.evaluate(SMALLEST_TEXT, [board])
    phone["smallest_target"] = await page.evaluate(SMALLEST_TARGET)
    report["390x844"] = phone
    await page.screenshot(path=str(output / f"layout-{game}-390x844.png"), full_page=True)
    (output / f"layout-{game}.json").write_text(json.dumps(report, indent=1))

    for w, hgt in DESKTOPS:
        m = report[f"{w}x{hgt}"]
        for part in ("board", "hand", "prompt") + (("steps",) if game == "zealous" else ()):
            assert _inside(m[part], w, hgt), (game, f"{w}x{hgt}", part, m[part])
    assert phone["docWidth"] <= PHONE[0], phone  # nothing sideways
    assert phone["smallest_text"] >= 11, phone
    assert phone["smallest_target"]["side"] >= 44, phone
    # The hand is one tap away: a "Hand" tab on screen that brings it into view.
    tab = page.get_by_role("link", name="Your hand")
    await expect(tab).to_be_in_viewport()
    await tab.click()
    await expect(page.locator("#game .hand")).to_be_in_viewport()


@pytest.mark.parametrize("game", ["zombology", "zenith"])
async def test_phone_create_form_opens_next_to_the_game_tapped(pages: Pages, game: str) -> None:
    page = await pages.new(*PHONE)
    card = page.locator(f'[data-game="{game}"]')
    await card.get_by_role("button").click()
    form = page.get_by_role("form", name=re.compile(r"^New "))
    await expect(form).to_be_visible()
    # Both measured at once: the form scrolls into view smoothly, so two measurements may straddle a frame.
    gap = await page.evaluate(
        """(game) => document.querySelector('form.create-form').getBoundingClientRect().top
             - document.querySelector(`[data-game="${game}"]`).getBoundingClientRect().bottom""",
        game,
    )
    assert 0 <= gap < 40, gap  # right under the card, not screens away
    await form.scroll_into_view_if_needed()
    await page.screenshot(path=str(_out() / f"layout-lobby-{game}-390x844.png"))


async def _to_card_tiles(page: Page) -> Locator | None:
    loc = page.locator(
        '#game .tile.target[data-tile^="bm"], #game .tile.target[data-tile^="m"], '
        '#game .tile.target[data-tile^="j"]'
    )
    return loc.first if await loc.count() else None


async def test_zealous_with_cards_in_hand_still_fits(pages: Pages, output: Path) -> None:
    """The issue's case: once cards are held, the hand (and every playable card) is above the fold."""
    page = await pages.new(*DESKTOPS[0])
    await _my_turn_at_the_table(page, "zealous")
    for _ in range(120):
        if await page.locator("#game .hand .card").count() >= 2:
            break
        await step(page, _to_card_tiles)
    await page.wait_for_selector(MY_TURN_OR_OVER)
    assert await page.locator("#game .hand .card").count() >= 2
    for w, hgt in DESKTOPS:
        await page.set_viewport_size({"width": w, "height": hgt})
        await page.evaluate("scrollTo(0, 0)")
        await page.wait_for_timeout(150)
        m = await page.evaluate(MEASURE, [".zealous-board"])
        await page.screenshot(path=str(output / f"layout-zealous-cards-{w}x{hgt}.png"))
        (output / f"layout-zealous-cards-{w}x{hgt}.json").write_text(json.dumps(m, indent=1))
        for part in ("board", "hand", "prompt", "steps"):
            assert _inside(m[part], w, hgt), (f"{w}x{hgt}", part, m[part])
        for card in await page.locator("#game .hand .card").all():
            await expect(card).to_be_in_viewport()
