"""Issue 17, "Everyone can play": axe-core (axe-playwright-python) finds no serious or critical violation
on the lobby (its sign-up dialog open too) and on a running table of each of the four games, and none
of any impact on each table at phone size; none on the leaderboard, a profile (its rating chart and
its numbers), a finished rated table, a waiting room's invite form and a signed-in lobby's friends and
invitations, on a laptop (serious) and a phone (any impact); players are told apart by a shape as well
as a colour (players panel, log, board); the board's labels on coloured pieces reach 4.5:1; a whole
Zenith game is played with the keyboard alone, the focus kept across redraws; screen readers hear the
other players' moves (an aria-live region)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.async_playwright import Axe
from playwright.async_api import Page, expect

from .conftest import Pages
from .driver import MY_TURN_OR_OVER, create_table, fill_with_bots_and_start, is_over, step
from .rated import rated_games, sign_up_all, username
from .test_accounts import sign_in

SERIOUS = {"serious", "critical"}

TABLES = {
    "zealous": (4, {"length": "beginner"}),
    "faiths": (4, {"max_rounds": "2"}),
    "zombology": (4, {}),
    "zenith": (4, {"board": "pikes"}),
}

# Per seat: the shape of its swatch in the players panel, and how its log dots are drawn; on the board,
# the shapes of the seats' marks; and every label drawn on a coloured piece with its contrast.
MARKS = """() => {
  const lum = (c) => {
    const [r, g, b] = c.match(/[\\d.]+/g).slice(0, 3).map((v) => {
      const x = Number(v) / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const panel = [...document.querySelectorAll('#seats .seat')]
    .map((li) => li.querySelector('svg.seat-swatch')?.dataset.shape || null);
  const dots = {};
  for (const li of document.querySelectorAll('#log .log-line[data-seat]')) {
    const dot = li.querySelector('.log-dot');
    if (!dot || li.dataset.seat === '') continue;
    const cs = getComputedStyle(dot);
    dots[li.dataset.seat] = cs.clipPath + ' / ' + cs.borderRadius;
  }
  const board = [...document.querySelectorAll('#board svg:not(.swatch) .seat-shape')]
    .map((e) => e.getAttribute('class'));
  const labels = [];
  for (const text of document.querySelectorAll('#board svg text[fill]')) {
    const shape = [...text.parentNode.children].find((e) => e !== text && e.getAttribute('fill')
      && !e.getAttribute('fill').startsWith('url') && e.tagName !== 'text' && e.tagName !== 'title');
    if (!shape || !text.textContent.trim()) continue;
    labels.push([text.textContent, getComputedStyle(text).fill, getComputedStyle(shape).fill,
                 ratio(getComputedStyle(text).fill, getComputedStyle(shape).fill)]);
  }
  return {panel, dots, board, labels};
}"""


async def _violations(page: Page, name: str, output: Path, impacts: set[str] | None = SERIOUS) -> list[str]:
    """axe's violations of these impacts (None: of any), one line each (rule, impact, where); all of
    them are written to output/axe-<name>.json for a person to read."""
    results = await Axe().run(page)
    violations: list[dict[str, Any]] = results.response["violations"]
    (output / f"axe-{name}.json").write_text(json.dumps(violations, indent=1))
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:5]}"
        for v in violations
        if impacts is None or v["impact"] in impacts
    ]


async def _serious(page: Page, name: str, output: Path) -> list[str]:
    return await _violations(page, name, output)


async def test_the_lobby_has_no_serious_violation(pages: Pages, output: Path) -> None:
    page = await pages.new()
    await page.wait_for_selector("[data-game] button")
    assert await _serious(page, "lobby", output) == []
    # with the sign-up dialog open (test_accounts.py: the account's dialogs and menu, of any impact)
    await page.get_by_role("button", name="Sign up").click()
    await page.wait_for_selector("dialog[open]")
    assert await _serious(page, "lobby-signup", output) == []
    await page.keyboard.press("Escape")
    await page.wait_for_selector("dialog", state="detached")
    # with a game's "New table" form open, then the table's waiting room
    await page.fill("#player-name", "Ada")
    await page.locator('[data-game="zealous"] button').click()
    await page.wait_for_selector("#opt-seats")
    assert await _serious(page, "lobby-form", output) == []
    await page.get_by_role("button", name="Create table").click()
    await page.wait_for_selector("#waiting-room h2")
    assert await _serious(page, "waiting-room", output) == []


@pytest.mark.parametrize("game", sorted(TABLES))
async def test_a_running_table_has_no_serious_violation(pages: Pages, output: Path, game: str) -> None:
    seats, options = TABLES[game]
    page = await pages.new()
    await create_table(page, game, seats, **options)
    await fill_with_bots_and_start(page)
    for _ in range(6):  # a few moves: pieces of every seat on the board, lines of each in the log
        await step(page)
    await page.wait_for_selector(MY_TURN_OR_OVER)
    assert await _serious(page, f"table-{game}", output) == []

    marks = await page.evaluate(MARKS)
    assert None not in marks["panel"] and len(set(marks["panel"])) == seats, marks["panel"]
    assert len(marks["dots"]) == seats and len(set(marks["dots"].values())) == seats, marks["dots"]
    if game != "zombology":  # Zombology has no board, only the players' collections (swatches)
        assert len({c for c in marks["board"] if "shape-" in c}) >= 2, marks["board"]
    low = [label for label in marks["labels"] if label[3] < 4.5]
    assert marks["labels"] or game == "zombology"
    assert not low, low


@pytest.mark.parametrize("game", sorted(TABLES))
async def test_a_table_on_a_phone_has_no_violation(pages: Pages, output: Path, game: str) -> None:
    # the phone's own parts: the "Your hand" tab (amber while it is your turn), the stacked columns
    seats, options = TABLES[game]
    page = await pages.new(390, 844)
    await create_table(page, game, seats, **options)
    await fill_with_bots_and_start(page)
    for _ in range(4):  # past the first turn: more of the board, the log and the game's panels
        await step(page)
    await page.wait_for_selector(MY_TURN_OR_OVER)
    if not await is_over(page):
        await expect(page.locator(".hand-tab")).to_be_visible()
    assert await _violations(page, f"table-phone-{game}", output, impacts=None) == []


ON_TARGET = "() => !!document.activeElement?.matches('#board [role=button], #other-actions button')"


async def test_a_whole_zenith_game_with_the_keyboard_alone(pages: Pages, output: Path) -> None:
    page = await pages.new()
    table = await create_table(page, "zenith", 3, board="fuji")
    await fill_with_bots_and_start(page)
    # Someone watching keeps the focus on a button while the moves redraw the page.
    watcher = await pages.new()
    await watcher.goto(f"{pages.url}#/table/{table}")
    await watcher.get_by_role("button", name="Copy link").focus()
    renders = int(await watcher.get_attribute("#game", "data-render") or 0)

    moves = presses_after_first = 0
    while True:
        await page.wait_for_selector(MY_TURN_OR_OVER)
        if await is_over(page):
            break
        presses = 0
        while not await page.evaluate(ON_TARGET):
            # Tab into the board, then arrow keys among its targets
            on_board = await page.evaluate("() => !!document.activeElement?.closest('#board')")
            await page.keyboard.press("ArrowRight" if on_board and presses % 2 else "Tab")
            presses += 1
            assert presses < 60, "no board target reached with the keyboard"
        if moves:
            presses_after_first = max(presses_after_first, presses)
        render = await page.get_attribute("#game", "data-render")
        await page.keyboard.press("Enter" if moves % 2 else "Space")
        await page.wait_for_function("r => document.querySelector('#game').dataset.render !== r", arg=render)
        moves += 1
        # the target just played is gone: the focus stays on the board, not on <body>
        assert await page.evaluate("() => document.activeElement?.id") == "board" or await is_over(page)
        assert moves < 100
    await expect(page.get_by_role("table", name="Final ranking")).to_be_visible()
    assert await _serious(page, "table-finished", output) == []
    assert moves >= 3
    # After the first move the focus was kept on the board: Tab (once) reaches the next target.
    assert presses_after_first <= 1, presses_after_first
    assert int(await watcher.get_attribute("#game", "data-render") or 0) > renders + 3
    assert await watcher.evaluate("() => document.activeElement?.textContent") == "Copy link"
    await page.screenshot(path=str(output / "zenith-keyboard-final.png"), full_page=True)


async def test_the_other_players_moves_are_announced(pages: Pages) -> None:
    page = await pages.new()
    await create_table(page, "zenith", 3, board="fuji", name="Ada")
    await fill_with_bots_and_start(page)
    for _ in range(3):
        await step(page)
    live = page.locator("#announce")
    await expect(live).to_have_attribute("aria-live", "polite")
    await expect(live.locator("p").first).to_be_attached()
    lines = await live.locator("p").all_inner_texts()
    assert any(line.startswith("Random bot") and " places " in line for line in lines), lines
    assert not [line for line in lines if line.startswith("Ada")], lines  # not my own moves
    # and the same lines are in the log, for everyone (but the short form of the summary since my last
    # turn, made of such lines: test_summary.py)
    for line in lines:
        if line.startswith("Since your last turn: "):
            continue
        assert await page.locator(".log-line", has_text=line).count() >= 1


async def _without_toasts(page: Page) -> None:
    """The toasts said their piece ("Bo is one of your friends now."): gone, so that axe doesn't
    measure one halfway through its fade-in (its colours blended with the page's)."""
    await page.evaluate("() => document.querySelectorAll('.toast').forEach((t) => t.remove())")


async def test_the_players_pages_and_friends_have_no_violation(pages: Pages, output: Path) -> None:
    ada, bo = username("axe"), username("axe")
    await sign_up_all(pages.url, [ada, bo])
    tables = await rated_games(pages.url, [ada, bo], games=2)
    await rated_games(pages.url, [ada, bo], rated=False)
    page = await pages.new()
    await sign_in(page, ada)
    await page.goto(f"{pages.url}#/ratings/highcard")
    await page.wait_for_selector("#standings")
    await _without_toasts(page)
    assert await _serious(page, "leaderboard", output) == []
    await page.goto(f"{pages.url}#/players/{bo}")
    await expect(page.locator("svg#plot-highcard circle.plot-point")).to_have_count(2)
    await page.get_by_text("High Card: every rated game in numbers").click()
    await page.get_by_role("button", name="Add friend").click()
    await expect(page.get_by_role("button", name="Remove friend")).to_be_visible()
    await _without_toasts(page)
    assert await _serious(page, "profile", output) == []
    # a finished rated table: the ranking's new ratings and their changes
    await page.goto(f"{pages.url}#/table/{tables[-1]}")
    await expect(page.locator(".rating-change").first).to_be_visible()
    await _without_toasts(page)
    assert await _serious(page, "table-rated-finished", output) == []
    # the waiting room's invite form, with a friend to pick; the invitation goes to Bo
    await page.goto(f"{pages.url}#/")
    await page.locator('[data-game="zenith"] button').click()
    await page.get_by_role("button", name="Create table").click()
    await page.get_by_role("button", name=f"Invite {bo}").click()
    await expect(page.locator(".invited")).to_be_visible()
    await _without_toasts(page)
    assert await _serious(page, "waiting-room-invite", output) == []

    phone = await pages.new(390, 844)
    await sign_in(phone, bo)
    await expect(phone.locator("#invitations .invitation")).to_have_count(1)
    await phone.get_by_label("Add a friend by username").fill(ada)
    await phone.get_by_label("Add a friend by username").press("Enter")
    await expect(phone.locator("#friends-list").get_by_role("link", name=ada)).to_be_visible()
    await _without_toasts(phone)
    assert await _violations(phone, "lobby-phone-friends", output, impacts=None) == []
    await phone.goto(f"{pages.url}#/ratings/highcard")
    await phone.wait_for_selector("#standings")
    await _without_toasts(phone)
    assert await _violations(phone, "leaderboard-phone", output, impacts=None) == []
    await phone.goto(f"{pages.url}#/players/{ada}")
    await expect(phone.locator("svg#plot-highcard circle.plot-point")).to_have_count(2)
    await phone.get_by_text("High Card: every rated game in numbers").click()
    await expect(phone.get_by_role("button", name="Remove friend")).to_be_visible()
    await _without_toasts(phone)
    assert await _violations(phone, "profile-phone", output, impacts=None) == []
