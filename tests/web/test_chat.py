"""Table chat in the browser, against the real server: what a player writes reaches the other player and
a spectator (whose own messages are marked as a spectator's); a message is shown as text, never as HTML;
a refused message stays in the input with the reason; the host switches spectator chat off and the
spectator's input is disabled; a mute hides an author for the muter only and lasts over a reload, which
brings the history back (a reconnect asks only for what it missed); on a phone the log and the chat
are tabs, the chat's with an unread count."""

from __future__ import annotations

import json
import re
from pathlib import Path

from axe_playwright_python.async_playwright import Axe
from playwright.async_api import Locator, Page, expect

from .conftest import Pages
from .driver import create_table, join_by_link
from .test_layout import DESKTOPS, MEASURE, PHONE, _inside

HTML = 'Hi <b>all</b> & <img src=x onerror="alert(1)">'


def _messages(page: Page) -> Locator:
    return page.locator("#chat .chat-msg:visible")


async def _say(page: Page, text: str) -> None:
    box = page.get_by_label("Message to the table")
    await box.fill(text)
    await box.press("Enter")


async def _zenith_for_two(pages: Pages, width: int = 1366, height: int = 768) -> tuple[Page, Page, str]:
    """Ada (the host) and Bo at a running Zenith table."""
    ada = await pages.new(width, height)
    table = await create_table(ada, "zenith", 2, name="Ada")
    bo = await pages.new(width, height)
    await join_by_link(bo, pages.url, table, "Bo")
    await ada.get_by_role("button", name="Start the game").click()
    for p in (ada, bo):
        await p.wait_for_selector('#game[data-status="running"]')
    return ada, bo, table


async def _spectator(pages: Pages, table: str, name: str) -> Page:
    page = await pages.new()
    await page.fill("#player-name", name)  # the lobby keeps the name: the spectator chats under it
    await page.goto(f"{pages.url}#/table/{table}")
    await expect(page.locator(".role")).to_have_text("Watching")
    return page


async def test_players_and_a_spectator_chat(pages: Pages, output: Path) -> None:
    ada, bo, table = await _zenith_for_two(pages)
    cy = await _spectator(pages, table, "Cy")

    await _say(ada, HTML)
    for p in (ada, bo, cy):
        msg = _messages(p).last
        await expect(msg.locator(".chat-text")).to_have_text(HTML)  # text, word for word
        await expect(msg.locator(".chat-author")).to_have_text("Ada")
        assert await msg.locator("b, img").count() == 0
    await expect(ada.get_by_label("Message to the table")).to_have_value("")

    await _say(cy, "gl hf")
    for p in (ada, bo, cy):
        msg = _messages(p).last
        await expect(msg).to_contain_text("Cy (spectator)")
        await expect(msg).to_have_class(re.compile(r"\bchat-spectator\b"))
        await expect(msg.locator(".chat-text")).to_have_text("gl hf")
    # a player's message carries the seat's colour and shape, as the log's lines do
    assert await _messages(bo).first.locator("svg.chat-mark").count() == 1

    # Refused (a bidi override): the reason shows and the text stays in the input.
    sneaky = "abc\u202edef"
    await _say(bo, sneaky)
    await expect(bo.locator("#chat .chat-error")).to_be_visible()
    await expect(bo.get_by_label("Message to the table")).to_have_value(sneaky)
    await expect(_messages(ada)).to_have_count(2)

    # The host turns spectator chat off: the spectator's input is disabled, with the reason.
    switch = ada.get_by_label("Spectators may chat")
    await expect(switch).to_be_checked()
    await expect(bo.get_by_label("Spectators may chat")).to_be_hidden()  # only the host has it
    await switch.uncheck()
    await expect(cy.get_by_label("Message to the table")).to_be_disabled()
    await expect(cy.locator("#chat-note")).to_have_text(re.compile("turned spectator chat off"))
    await expect(bo.get_by_label("Message to the table")).to_be_enabled()  # players still chat
    await switch.check()
    await expect(cy.get_by_label("Message to the table")).to_be_enabled()

    # A chat full of messages keeps the board, the hand and the prompt on screen (at most 5 messages
    # in 10 s from each: the server's limit).
    for i in range(7):
        await _say(ada if i % 2 else bo, f"message {i}")
        await expect(_messages(cy)).to_have_count(3 + i)
    for w, hgt in DESKTOPS:
        await ada.set_viewport_size({"width": w, "height": hgt})
        await ada.wait_for_timeout(150)
        m = await ada.evaluate(MEASURE, [".zenith-board"])
        for part in ("board", "prompt") + (("hand",) if m["hand"] else ()):
            assert _inside(m[part], w, hgt), (f"{w}x{hgt}", part, m[part])
        await expect(ada.locator("#log")).to_be_in_viewport()
        await expect(_messages(ada).last).to_be_in_viewport()  # followed to the latest
    await ada.set_viewport_size({"width": DESKTOPS[0][0], "height": DESKTOPS[0][1]})
    await ada.wait_for_timeout(150)
    await ada.screenshot(path=str(output / "chat.png"))


async def test_a_mute_is_for_the_muter_only_and_outlasts_a_reload(pages: Pages) -> None:
    ada, bo, table = await _zenith_for_two(pages)
    cy = await _spectator(pages, table, "Cy")
    await _say(ada, "one")
    await _say(cy, "two")
    await expect(_messages(bo)).to_have_count(2)

    await _messages(bo).first.get_by_role("button", name="Ada").click()
    await bo.get_by_role("menuitem", name="Mute Ada (only for you)").click()
    await expect(_messages(bo)).to_have_count(1)  # Cy's only
    await expect(bo.get_by_role("button", name="Unmute Ada")).to_be_visible()
    await _say(ada, "three")
    await expect(_messages(cy)).to_have_count(3)  # the others still read Ada
    await expect(_messages(ada)).to_have_count(3)
    await expect(_messages(bo)).to_have_count(1)
    # I can't mute myself: my own name is no button
    await expect(_messages(ada).first.get_by_role("button", name="Ada")).to_have_count(0)

    # A reload brings the history back, the mute with it.
    await bo.reload()
    await bo.wait_for_selector('#game[data-status="running"]')
    await expect(bo.locator("#chat .chat-msg")).to_have_count(3)
    await expect(_messages(bo)).to_have_count(1)
    await bo.get_by_role("button", name="Unmute Ada").click()
    await expect(_messages(bo)).to_have_text([re.compile("one$"), re.compile("two$"), re.compile("three$")])
    # a spectator is muted by name
    await _messages(bo).nth(1).get_by_role("button", name="Cy").click()
    await bo.get_by_role("menuitem", name="Mute Cy (only for you)").click()
    await expect(_messages(bo)).to_have_count(2)

    # After the reload only new messages come, once each.
    await _say(ada, "four")
    await expect(bo.locator("#chat .chat-msg")).to_have_count(4)
    await ada.reload()
    await ada.wait_for_selector('#game[data-status="running"]')
    await expect(_messages(ada)).to_have_count(4)


async def test_a_phone_has_log_and_chat_tabs_with_an_unread_count(pages: Pages, output: Path) -> None:
    ada, bo, _ = await _zenith_for_two(pages, *PHONE)
    log_tab = bo.get_by_role("tab", name="Log")
    chat_tab = bo.get_by_role("tab", name=re.compile("^Chat"))
    await expect(log_tab).to_have_attribute("aria-selected", "true")
    await expect(bo.locator("#log")).to_be_visible()
    await expect(bo.locator("#chat")).to_be_hidden()

    await _say_on_phone(ada, "Your move!")
    await _say_on_phone(ada, "Take your time")
    await expect(chat_tab).to_have_text(re.compile(r"Chat\D*2$"))
    await chat_tab.click()
    await expect(bo.locator("#chat")).to_be_visible()
    await expect(bo.locator("#log")).to_be_hidden()
    await expect(chat_tab).to_have_text("Chat")
    await expect(_messages(bo)).to_have_count(2)
    await _say(bo, "Thanks")
    await expect(ada.locator("#chat .chat-msg")).to_have_count(3)
    await expect(ada.get_by_role("tab", name=re.compile("^Chat"))).to_have_text(re.compile(r"Chat\D*1$"))
    box = await bo.locator("#chat").bounding_box()
    assert box and box["width"] <= PHONE[0]
    await bo.locator("#chat").scroll_into_view_if_needed()
    await bo.screenshot(path=str(output / "chat-phone.png"))
    results = await Axe().run(bo)
    assert [v["id"] for v in results.response["violations"]] == []

    # the same page on a laptop: both at once, no tabs
    await bo.set_viewport_size({"width": DESKTOPS[0][0], "height": DESKTOPS[0][1]})
    await expect(chat_tab).to_be_hidden()
    await expect(bo.locator("#log")).to_be_visible()
    await expect(bo.locator("#chat")).to_be_visible()


async def _say_on_phone(page: Page, text: str) -> None:
    """On a phone the chat is behind its tab: open it, write, back to the log."""
    await page.get_by_role("tab", name=re.compile("^Chat")).click()
    await _say(page, text)
    await expect(_messages(page).last).to_contain_text(text)
    await page.get_by_role("tab", name="Log").click()


async def test_a_reconnect_asks_only_for_the_messages_it_missed(pages: Pages) -> None:
    """Before the start too: a spectator who takes a seat reconnects as a player, and says in its hello
    which message it saw last; nothing comes twice."""
    ada = await pages.new()
    table = await create_table(ada, "zenith", 2, name="Ada")
    await _say(ada, "anyone?")
    bo = await pages.new()
    hellos: list[dict[str, object]] = []

    def sent(payload: str | bytes) -> None:
        msg = json.loads(payload)
        if msg.get("type") == "hello":
            hellos.append(msg)

    bo.on("websocket", lambda ws: ws.on("framesent", sent))
    await bo.fill("#player-name", "Bo")
    await bo.goto(f"{pages.url}#/table/{table}")
    await expect(_messages(bo)).to_have_count(1)
    await _say(bo, "me!")
    await expect(_messages(ada).last).to_contain_text("Bo (spectator)")
    await bo.get_by_role("button", name="Join this table").click()
    await expect(bo.locator(".role")).to_have_text(re.compile("You are seat"))
    await _say(ada, "welcome")
    await expect(_messages(bo)).to_have_count(3)
    assert [h.get("chat") for h in hellos] == [None, 2], hellos
    assert hellos[0].get("name") == "Bo" and "token" in hellos[1] and "name" not in hellos[1]


async def test_a_spectator_named_as_a_player_is_told_why_they_cant_chat(pages: Pages) -> None:
    """The server says who speaks: a spectator whose name is a seat's ("ada", as the player Ada) can't
    chat under it. They are told why, their text stays, and the players see nothing of it."""
    ada, bo, table = await _zenith_for_two(pages)
    eve = await _spectator(pages, table, "ada")
    await _say(eve, "it's me, honest")
    await expect(eve.locator("#chat .chat-error")).to_have_text(
        re.compile("A player at this table has your name")
    )
    await expect(eve.get_by_label("Message to the table")).to_have_value("it's me, honest")
    await _say(ada, "hi")
    await expect(_messages(bo)).to_have_count(1)
    await expect(_messages(eve)).to_have_count(1)
    await expect(_messages(bo).first.locator(".chat-author")).to_have_text("Ada")
