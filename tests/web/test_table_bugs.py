"""Issue 17, "Bugs" 1 to 7: one browser regression test each (the waiting banner, the idle host, Zealous'
set-up, the log's dots, Zenith's ranking, overlaps on the boards, plurals and the lost connection)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, Page, WebSocketRoute, expect

from .conftest import Pages
from .driver import (
    JOIN_FORM,
    MY_TURN_OR_OVER,
    create_table,
    fill_with_bots_and_start,
    join_by_link,
    play_to_the_end,
    step,
)
from .launcher import WebServer, web_settings


async def _running(page: Page, game: str, seats: int, **options: str) -> str:
    table = await create_table(page, game, seats, **options)
    await fill_with_bots_and_start(page)
    return table


# 1 ---------------------------------------------------------------------------------------------------
async def test_1_the_waiting_banner_never_ends_in_null(pages: Pages) -> None:
    page = await pages.new()
    table = await _running(page, "zealous", 3, length="beginner")
    watcher = await pages.new()
    await watcher.goto(f"{pages.url}#/table/{table}")
    await expect(watcher.locator("#turn")).to_contain_text("Waiting for")
    for p in (watcher, page):
        for _ in range(5):  # a few states: bots and the player take turns
            assert "null" not in await p.locator("#turn").inner_text()
            await p.wait_for_timeout(150)
    await step(page)
    assert "null" not in await watcher.locator("#turn").inner_text()


# 2 ---------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def idle_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose host may be kicked after 1 s of idling (the rulebook's 60 s is too long to wait)."""
    db = tmp_path_factory.mktemp("idle") / "ziggurat.db"
    with WebServer(web_settings(f"sqlite+aiosqlite:///{db}", host_idle_seconds=1.0)) as server:
        yield server.url


async def test_2_kick_the_idle_host_shows_up_without_a_reload_and_the_host_is_told(
    browser: Browser, idle_url: str
) -> None:
    pages = Pages(browser, idle_url)
    try:
        ada = await pages.new()
        table = await create_table(ada, "zealous", 3, name="Ada", length="beginner")
        bo = await pages.new()
        await join_by_link(bo, idle_url, table, "Bo")
        # No reload: the waiting room grows the button by itself once the host has idled long enough.
        kick = bo.get_by_role("button", name=re.compile(r"^Kick Ada \(idle"))
        await expect(kick).to_be_visible(timeout=12000)
        await kick.click()
        await expect(bo.locator(".role")).to_contain_text("host")
        # The kicked host is told why, not silently turned into a watcher.
        await expect(ada.locator(".role")).to_have_text("Watching")
        await expect(ada.locator("#waiting-room .notice")).to_contain_text("another player replaced you")
        await expect(ada.locator(".toast")).to_contain_text("another player replaced you")
    finally:
        for ctx in pages.contexts:
            await ctx.close()
    assert not pages.errors, pages.errors


async def test_2_the_five_second_refresh_leaves_a_visitor_typing_their_name_alone(pages: Pages) -> None:
    ada = await pages.new()
    table = await create_table(ada, "zealous", 3, name="Ada", length="beginner")
    visitor = await pages.new()
    await visitor.goto(f"{pages.url}#/table/{table}")
    name = visitor.locator(JOIN_FORM).get_by_label("Your name")
    await name.fill("")
    await name.press_sequentially("Bo")
    await visitor.wait_for_timeout(5600)  # past a tick of the 5-second refresh
    await visitor.keyboard.type("b")
    await expect(name).to_be_focused()
    await expect(name).to_have_value("Bob")


# 3 ---------------------------------------------------------------------------------------------------
async def test_3_zealous_set_up_is_not_round_0_and_nobody_is_dead(pages: Pages) -> None:
    page = await pages.new()
    await _running(page, "zealous", 3, length="beginner")
    await page.wait_for_selector(MY_TURN_OR_OVER)  # my first turn: choosing my Birth Site
    await expect(page.locator(".step.current")).to_have_count(0)
    header = page.locator(".game-header .round")
    await expect(header).to_have_text(re.compile("Set-up"))
    assert "Round 0" not in await page.locator("#game").inner_text()
    await expect(page.locator(".scores .dead")).to_have_count(0)
    await expect(page.locator("#seats")).not_to_contain_text("dead")
    await expect(page.locator("#seats")).to_contain_text("not placed yet")
    await step(page)  # I place; rounds then count from 1
    await expect(header).to_have_text(re.compile(r"^Round [1-9]"))


# 4 ---------------------------------------------------------------------------------------------------
def _dot_of(line: dict[str, Any]) -> str:
    return str(line["seat"])


LINES = """() => [...document.querySelectorAll('#log .log-line')].map((li) => ({
  text: li.textContent, seat: li.dataset.seat ?? '', dot: !!li.querySelector('.log-dot'),
  version: li.dataset.version }))"""

NAMES = """() => [...document.querySelectorAll('#seats .seat')].map((s) => s.dataset.seat + '|' +
  s.querySelector('.seat-name').childNodes[s.querySelector('.turn-arrow') ? 1 : 0].textContent)"""


async def test_4_log_dots_belong_to_the_lines_own_seat(pages: Pages) -> None:
    page = await pages.new()
    await _running(page, "zealous", 3, length="beginner")
    for _ in range(200):
        if await page.locator(".log-line", has_text="Proliferation").count():
            break
        assert await step(page)
    lines = await page.evaluate(LINES)
    for line in lines:
        if re.match(r"^(Tallying|Proliferation|Round \d+ begins)", line["text"]):
            assert not line["dot"] and line["seat"] == "", line  # the game's doing, nobody's dot

    zb = await pages.new()
    await _running(zb, "zombology", 3)
    for _ in range(200):
        if await zb.locator(".log-line", has_text=" passes ").count() >= 3:
            break
        assert await step(zb)
    seats = dict(x.split("|", 1)[::-1] for x in await zb.evaluate(NAMES))
    passes = [x for x in await zb.evaluate(LINES) if " passes " in x["text"]]
    assert len(passes) >= 3
    for line in passes:  # each pass line has its passer's dot, not the last actor's
        name = line["text"].split(" passes ")[0]
        assert line["dot"] and _dot_of(line) == seats[name.strip()], (line, seats)


# 5 ---------------------------------------------------------------------------------------------------
async def test_5_zenith_ranking_says_elimination_order_not_pieces(pages: Pages, output: Path) -> None:
    page = await pages.new()
    await _running(page, "zenith", 2, board="fuji")
    await play_to_the_end(page)
    ranking = page.get_by_role("table", name="Final ranking")
    await expect(ranking).to_be_visible()
    await expect(ranking.locator("thead")).not_to_contain_text("Pieces on the board")
    await expect(ranking.locator("thead")).to_contain_text("Elimination")
    await expect(ranking.locator("tr.winner")).to_contain_text("Last standing")
    await expect(ranking.locator("tbody tr").nth(1)).to_contain_text(re.compile(r"1st out, after \d+ moves?"))
    await page.screenshot(path=str(output / "zenith-ranking.png"), full_page=True)


# 6 ---------------------------------------------------------------------------------------------------
# Boards drawn from made-up views straight by the renderers' modules, then measured in the page.
_JS = (Path(__file__).parent / "js" / "overlaps.js").read_text()
OVERLAPS = "\n".join(line for line in _JS.splitlines() if not line.startswith("//"))

TILES = [
    *("holy", "j1", "j2", "j3", "e1", "e2", "e3", "m1", "m2", "m3"),
    *("be1", "be2", "be3", "bm1", "bm2", "bm3"),
]


def _zealous_view(
    players: int, prophets: list[str | None], followers: dict[str, list[int]]
) -> dict[str, Any]:
    return {
        "players": players,
        "prophets": prophets,
        "followers": {t: followers.get(t, [0] * players) for t in TILES},
        "sanctuaries": [["bm1", "j3"]] + [[] for _ in range(players - 1)],
        "famine": ["m2"],
    }


async def test_6_pieces_labels_and_badges_do_not_overlap(pages: Pages, output: Path) -> None:
    page = await pages.new(1000, 1000)
    await page.wait_for_selector(".game-card")
    # 3 players: chips in the Holy City and on j3, where the last proliferation added one (+1).
    three = _zealous_view(
        3,
        ["j3", "holy", "m2"],
        {"holy": [3, 2, 4], "j3": [2, 3, 1], "j2": [1, 1, 1], "m2": [2, 0, 3], "m3": [1, 2, 2]},
    )
    problems = await page.evaluate(OVERLAPS, ["zealous", three, {"j3": [0, 1], "holy": [2]}])
    assert problems == [], problems
    # 6 players: every Birth Site crowded with followers and prophets, a Sanctuary on bm1.
    six = _zealous_view(
        6,
        ["bm1", "bm1", "be2", "bm3", "j1", "holy"],
        {t: [1, 2, 3, 1, 2, 1] for t in TILES if t.startswith("b")} | {"holy": [1, 1, 1, 1, 1, 1]},
    )
    assert await page.evaluate(OVERLAPS, ["zealous", six, {"bm1": [0, 3]}]) == []
    # Faiths: four and five religions in one territory (Iran) keep clear of its "n/10".
    chits = {"iran": [2, 3, 1, 4, 0, 0], "tibet": [1, 1, 1, 1, 1, 0], "anatolia": [3, 0, 0, 0, 0, 0]}
    homes = ["anatolia", None, None, None, None, None]
    faiths_view = {"chits": chits, "homelands": homes, "religions": ["a"] * 6}
    assert await page.evaluate(OVERLAPS, ["faiths", faiths_view, None]) == []


async def test_6_phone_faiths_scoreboard_clear_of_the_deck_line(pages: Pages) -> None:
    page = await pages.new(390, 844)
    await _running(page, "faiths", 4, max_rounds="1")
    await page.wait_for_selector(".faiths-side .scores thead")
    # one evaluate for all three boxes: the board is redrawn at every state, between two calls
    boxes = await page.evaluate(
        """() => ['.scores thead', '.scores', '.decks'].map((sel) => {
          const r = document.querySelector('.faiths-side ' + sel).getBoundingClientRect();
          return {x: r.left, y: r.top, width: r.width, height: r.height};
        })"""
    )
    head, table, deck = boxes
    assert deck["y"] >= head["y"] + head["height"] or deck["x"] >= head["x"] + head["width"], (head, deck)
    assert deck["y"] >= table["y"] + table["height"] - 1, (table, deck)


# 7 ---------------------------------------------------------------------------------------------------
async def test_7_plurals(pages: Pages) -> None:
    page = await pages.new()
    await _running(page, "faiths", 4, max_rounds="1")
    await expect(page.locator("#seats")).to_contain_text("1 territory ")
    text = await page.locator("#app").inner_text()
    assert not re.search(r"\b1 (points|territories|cards|followers|PCs)\b", text), text
    plural = await page.evaluate(
        """async () => { const m = await import('/static/js/games/zealous.js');
          const c = {view: {scores: [1, 2], supply: [1, 20], prophets: ['e1', null], round: 2, step: 'card'}};
          return [m.default.seatSummary(c, 0), m.default.seatSummary(c, 1)]; }"""
    )
    assert plural[0].startswith("1 point · 1 follower in supply"), plural
    assert plural[1].startswith("2 points · 20 followers in supply · prophet dead"), plural


async def test_7_while_disconnected_nothing_pulses_and_you_are_not_online(pages: Pages) -> None:
    page = await pages.new()
    cut = {"on": False}
    live: list[WebSocketRoute] = []

    async def route(ws: WebSocketRoute) -> None:
        if cut["on"]:
            await ws.close(code=4000, reason="test: offline")
            return
        ws.connect_to_server()
        live.append(ws)

    await page.route_web_socket(re.compile(r"/ws/tables/"), route)
    await _running(page, "zealous", 3, length="beginner")
    await page.wait_for_selector('#game[data-my-turn="true"]')
    await expect(page.locator("#game .target").first).to_be_visible()
    me = page.locator(".seat-mine")
    await expect(me).to_contain_text("Online")

    cut["on"] = True
    for ws in live:
        await ws.close(code=4000, reason="test: offline")
    await expect(page.locator(".conn-banner")).to_be_visible()
    await expect(page.locator("#game .target")).to_have_count(0)
    await expect(page.locator("#game")).to_have_attribute("data-my-turn", "false")
    await expect(me).not_to_contain_text("Online")
    await expect(me).to_contain_text("Reconnecting")
    await expect(page.locator("#turn")).to_contain_text("Reconnecting")

    cut["on"] = False  # the next retry gets through: the turn comes back
    await expect(page.locator(".conn-banner")).to_be_hidden(timeout=15000)
    await expect(page.locator("#game .target").first).to_be_visible()
    await expect(me).to_contain_text("Online")


# The prompt names every playable option of the step (the Exile after moving).
async def test_the_prompt_names_a_card_playable_after_moving(pages: Pages) -> None:
    page = await pages.new()
    await page.wait_for_selector(".game-card")
    text = await page.evaluate(
        """async () => { const m = await import('/static/js/games/zealous.js');
          const c = {view: {step: 'place', pending: [], round: 2}, legal: ['play:exile', 'place:e1', 'skip'],
                     ui: {}, version: 7, toAct: [0], names: ['Ada']};
          return m.default.prompt(c, true).text; }"""
    )
    assert "Exile" in text, text
