"""Following the others' moves (js/changes.js): what changed since you last looked is ringed, what
vanished leaves a ghost, a prophet slides to its new tile (not under reduced motion), and a hidden tab
keeps its baseline, so coming back shows all that happened meanwhile. Your own moves are not news."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.async_api import Page, expect

from .conftest import Pages
from .driver import (
    MY_TURN_OR_OVER,
    create_table,
    fill_with_bots_and_start,
    first_target,
    step,
    two_people_started,
)

# Every time the board marks something as changed (data-fresh) or slides it (data-moving), what it was
# and how it was drawn: the ring's animation (none under reduced motion) and the slide's transform, and
# where a slide starts (and where the thing was drawn by the redraw before) and ends.
WATCH = """() => {
  window.__follow = {fresh: [], moving: [], drawn: {}};
  const centre = (el) => {  // on the board (which may move on the page as the prompt grows)
    const [r, b] = [el.getBoundingClientRect(), document.querySelector('#board').getBoundingClientRect()];
    return [r.left + r.width / 2 - b.left, r.top + r.height / 2 - b.top];
  };
  const thing = (key) => document.querySelector(`#board [data-key="${key}"]`);
  new MutationObserver((records) => {
    for (const m of records) {
      const e = m.target;
      if (m.attributeName === 'data-render') {  // the end of a redraw: where everything is drawn
        for (const x of document.querySelectorAll('#board [data-key]')) {
          __follow.drawn[x.dataset.key] = centre(x);
        }
        continue;
      }
      if (!e.hasAttribute(m.attributeName)) continue;
      const ring = e.querySelector(':scope > .fresh-ring');
      const item = {key: e.dataset.key, kind: e.dataset.fresh || null, ring: !!ring,
                    anim: getComputedStyle(ring || e).animationName, transform: e.style.transform};
      if (m.attributeName === 'data-fresh') {
        __follow.fresh.push(item);
        continue;
      }
      item.before = __follow.drawn[item.key] || null;
      item.start = centre(e);
      __follow.moving.push(item);
      setTimeout(() => {  // (none if it is gone by then: a later redraw took it off the board)
        const now = thing(item.key);
        item.end = now ? centre(now) : null;
      }, 600);
    }
  }).observe(document.body, {subtree: true, attributes: true,
                             attributeFilter: ['data-fresh', 'data-moving', 'data-render']});
}"""

SET_VISIBILITY = """(state) => {
  Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => state});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


async def _start(page: Page, game: str, seats: int, **options: str) -> int:
    """A table of one person and bots; returns the person's seat."""
    await create_table(page, game, seats, **options)
    await fill_with_bots_and_start(page)
    role = await page.locator(".role").inner_text()
    m = re.search(r"seat (\d+)", role)
    assert m, role
    await page.evaluate(WATCH)
    return int(m.group(1)) - 1


async def _seen(page: Page) -> dict[str, list[dict[str, Any]]]:
    result: dict[str, list[dict[str, Any]]] = await page.evaluate("() => window.__follow")
    return result


async def _play_until(page: Page, found: Any, max_steps: int = 80) -> dict[str, list[dict[str, Any]]]:
    """Play on (first highlighted target) until `found(seen)` holds at my turn."""
    for _ in range(max_steps):
        await page.wait_for_selector(MY_TURN_OR_OVER)
        seen = await _seen(page)
        if found(seen):
            return seen
        assert await step(page), "the game ended first"
    raise AssertionError("not seen in time")


def _others(items: list[dict[str, Any]], prefix: str, me: int) -> list[dict[str, Any]]:
    return [i for i in items if i["key"].startswith(prefix) and not i["key"].endswith(f":{me}")]


async def test_zealous_a_bots_prophet_slides_and_its_followers_are_ringed(pages: Pages, output: Path) -> None:
    page = await pages.new()
    me = await _start(page, "zealous", 3, length="beginner")
    seen = await _play_until(
        page,
        lambda s: _others(s["moving"], "prophet:", me) and _others(s["fresh"], "followers:", me),
    )
    await page.screenshot(path=str(output / "follow-zealous.png"))
    step_now = page.locator(".step.current")  # (none once the game is over)
    if await step_now.count() and "Play a card" in await step_now.inner_text():
        # the board's buttons stay (a "ghost" button is no ghost of a vanished thing)
        await expect(page.get_by_role("button", name="Skip the card")).to_be_visible()
    slide = _others(seen["moving"], "prophet:", me)[0]
    assert "translate" in slide["transform"], slide  # drawn at the old tile, then sent to the new one
    await page.wait_for_timeout(700)
    slid = [m for m in _others((await _seen(page))["moving"], "prophet:", me) if m.get("end")]
    assert slid, "a bot's prophet slid and is still on the board"
    slide = slid[0]
    # it starts where the prophet was drawn before, and ends elsewhere: on its new tile
    assert abs(slide["start"][0] - slide["before"][0]) + abs(slide["start"][1] - slide["before"][1]) < 4, (
        slide
    )
    assert abs(slide["start"][0] - slide["end"][0]) + abs(slide["start"][1] - slide["end"][1]) > 20, slide
    followers = _others(seen["fresh"], "followers:", me)
    assert {f["kind"] for f in followers} <= {"new", "changed"}
    assert all(f["ring"] and f["anim"] != "none" for f in followers), followers
    moved = _others(seen["fresh"], "prophet:", me)
    assert any(p["kind"] == "moved" for p in moved), moved  # a moved prophet is ringed too
    # ~300 ms later nothing slides any more (the bots wait for me now)
    assert await page.locator("#board [data-moving]").count() == 0
    styles = await page.locator('#board [data-key^="prophet:"]').evaluate_all(
        "es => es.map((e) => e.style.transform)"
    )
    assert styles and all(not t for t in styles), styles


async def test_zealous_under_reduced_motion_nothing_moves_but_changes_are_ringed(pages: Pages) -> None:
    page = await pages.new()
    await page.emulate_media(reduced_motion="reduce")
    me = await _start(page, "zealous", 3, length="beginner")
    seen = await _play_until(
        page, lambda s: [p for p in _others(s["fresh"], "prophet:", me) if p["kind"] == "moved"]
    )
    assert seen["moving"] == []
    assert all(f["ring"] and f["anim"] == "none" for f in seen["fresh"] if f["ring"]), seen["fresh"]
    await expect(page.locator("#board [data-fresh] > .fresh-ring").first).to_be_attached()


async def test_zenith_a_placed_piece_is_ringed_and_a_hidden_tab_sees_the_moves_on_return(
    pages: Pages, output: Path
) -> None:
    page = await pages.new()
    me = await _start(page, "zenith", 2, board="fuji")
    await page.wait_for_selector(MY_TURN_OR_OVER)
    await step(page)  # my piece, then the bot's
    await page.wait_for_selector(MY_TURN_OR_OVER)
    bots = page.locator(f'#board .piece[data-fresh="new"]:not([data-seat="{me}"])')
    await expect(bots.first).to_be_attached()
    await expect(page.locator(f'#board .piece[data-fresh][data-seat="{me}"]')).to_have_count(0)
    await page.screenshot(path=str(output / "follow-zenith.png"))

    # Away: my move and the bot's answer come while the tab is hidden; nothing is marked meanwhile.
    await page.wait_for_timeout(4200)  # the first highlights are gone
    await expect(page.locator("#board [data-fresh]")).to_have_count(0)
    # the page's own "ghost" buttons (Leave) are no ghosts of the board: still there, not faded
    # (retried: a redraw may replace the button between finding it and reading its style)
    await expect(page.get_by_role("button", name="Leave")).to_have_css("opacity", "1")
    pieces = page.locator('#board [data-key^="piece:"]')
    before = await pieces.count()
    await page.evaluate(SET_VISIBILITY, "hidden")
    target = await first_target(page)
    assert target is not None
    version = int(await page.get_attribute("#game", "data-version") or "0")
    await target.click()
    await page.wait_for_function(
        "v => Number(document.querySelector('#game').dataset.version) >= v + 2", arg=version
    )
    await page.wait_for_selector(MY_TURN_OR_OVER)
    assert await pieces.count() == before + 2
    assert await page.locator("#board [data-fresh]").count() == 0
    # Back: the bot's piece is ringed at once; mine, which I placed myself, is not.
    await page.evaluate(SET_VISIBILITY, "visible")
    await expect(page.locator(f'#board .piece[data-fresh="new"]:not([data-seat="{me}"])')).to_have_count(1)
    await expect(page.locator(f'#board .piece[data-fresh][data-seat="{me}"]')).to_have_count(0)


async def test_faiths_a_religions_new_pc_are_ringed(pages: Pages, output: Path) -> None:
    page = await pages.new()
    me = await _start(page, "faiths", 4, max_rounds="2")
    seen = await _play_until(page, lambda s: _others(s["fresh"], "pc:", me))
    await page.screenshot(path=str(output / "follow-faiths.png"))
    assert all(f["ring"] for f in _others(seen["fresh"], "pc:", me))


async def test_zombology_the_cards_played_and_collected_are_ringed(pages: Pages, output: Path) -> None:
    page = await pages.new()
    me = await _start(page, "zombology", 3)
    seen = await _play_until(page, lambda s: _others(s["fresh"], "played:", me))
    played = _others(seen["fresh"], "played:", me)
    assert {p["kind"] for p in played} <= {"new", "changed"}
    assert all(p["anim"] != "none" for p in played), played
    # the resolution moved cards into collections (or to the centre): ringed there at my next turn
    collected = page.locator('#board [data-key^="card:"][data-fresh="new"]')
    for _ in range(40):
        await page.wait_for_selector(MY_TURN_OR_OVER)
        if await collected.count():
            break
        assert await step(page), "the game ended first"
    await expect(collected.first).to_be_visible()
    await page.screenshot(path=str(output / "follow-zombology.png"))


async def test_zenith_a_piece_taken_back_by_the_other_player_leaves_a_fading_ghost(
    pages: Pages, output: Path
) -> None:
    _, _, mover, other = await two_people_started(pages)
    target = await first_target(mover)
    assert target is not None
    await target.click()
    await expect(other.locator('#board .piece[data-fresh="new"]')).to_have_count(1)
    await expect(mover.locator("#board .piece[data-fresh]")).to_have_count(0)  # her own move

    await mover.get_by_role("button", name=re.compile("Take back")).click()
    ghost = other.locator("#board svg .follow-ghost")
    await expect(ghost).to_have_count(1)
    await expect(other.locator('#board [data-key^="piece:"]')).to_have_count(0)
    assert await ghost.get_attribute("aria-hidden") == "true"
    # a picture of the piece, not the piece: nothing in it to click or to find as a thing of the game
    assert await ghost.locator("polygon").count() >= 1
    assert await ghost.locator("[data-key], [data-space], [role], .target").count() == 0
    await other.screenshot(path=str(output / "follow-ghost.png"))
    await expect(mover.locator("#board .follow-ghost")).to_have_count(0)
    await expect(ghost).to_have_count(0, timeout=8000)  # and it fades away
