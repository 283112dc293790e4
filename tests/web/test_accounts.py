"""Player accounts in the browser (docs/web.md, "Accounts"): signing up and in through the header's
dialog, the HttpOnly session cookie, a guest's tables following them into the account, the account's
seat played from another device without its token, signing out here and everywhere, changing the
password, and the server refusing a signed-in change that comes from another origin or without the
page's CSRF token."""

from __future__ import annotations

import http.server
import itertools
import json
import re
import secrets
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.async_playwright import Axe
from playwright.async_api import Page, Request, Response, expect

from .conftest import Pages
from .driver import JOIN_FORM, create_table, fill_with_bots_and_start, is_over, step

PASSWORD = "lantern-harbour-quietly-42"
COOKIE = "ziggurat_session"
CHROMIUM_ERROR_PAGE = "chrome-error://chromewebdata/"  # where Chromium shows a page it refused to show
_count = itertools.count(1)


def _username(stem: str = "ana") -> str:
    """A name no other test took (the server's database lives as long as the session)."""
    return f"{stem}{next(_count)}_{secrets.token_hex(3)}"


async def _account(page: Page) -> dict[str, Any]:
    """What GET /api/account answers this page now."""
    answer: dict[str, Any] = await page.evaluate("() => fetch('/api/account').then((r) => r.json())")
    return answer


async def _post(page: Page, path: str, headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """A same-origin POST from the page's own script (the cookie goes with it)."""
    status, body = await page.evaluate(
        """async ([path, headers]) => {
          const r = await fetch(path, {method: 'POST', headers});
          return [r.status, await r.json().catch(() => null)];
        }""",
        [path, headers or {}],
    )
    return status, body


async def _open_dialog(page: Page, button: str) -> None:
    await page.get_by_role("button", name=button, exact=True).click()
    await expect(page.get_by_role("dialog")).to_be_visible()


async def _fill_and_enter(page: Page, fields: dict[str, str]) -> None:
    """Type into the dialog's labelled fields; Enter in the last one submits."""
    dialog = page.get_by_role("dialog")
    for label, value in fields.items():
        await dialog.get_by_label(label, exact=True).fill(value)
    await dialog.get_by_label(list(fields)[-1], exact=True).press("Enter")


async def sign_up(page: Page, username: str, password: str = PASSWORD) -> None:
    await _open_dialog(page, "Sign up")
    await _fill_and_enter(page, {"Username": username, "Password": password})
    await expect(page.locator("#account-button")).to_have_text(re.compile(rf"^{re.escape(username)}"))
    await expect(page.get_by_role("dialog")).to_have_count(0)


async def sign_in(page: Page, username: str, password: str = PASSWORD) -> None:
    await _open_dialog(page, "Sign in")
    await _fill_and_enter(page, {"Username": username, "Password": password})
    await expect(page.locator("#account-button")).to_have_text(re.compile(rf"^{re.escape(username)}"))


async def _menu(page: Page, item: str) -> None:
    await page.locator("#account-button").click()
    await page.get_by_role("button", name=item, exact=True).click()


async def _signed_out_header(page: Page) -> None:
    bar = page.get_by_role("navigation", name="Account")
    await expect(bar.get_by_role("button", name="Sign in", exact=True)).to_be_visible()
    await expect(page.locator("#account-button")).to_have_count(0)


def _mine(page: Page, table: str) -> Any:
    return page.locator(f'#my-tables [data-table="{table}"]')


async def test_sign_up_signs_in_with_a_cookie_no_script_can_read(pages: Pages) -> None:
    page = await pages.new()
    name = _username()
    # The dialog: opened from the header, its first field focused, Escape closes it and the focus goes back.
    await _open_dialog(page, "Sign up")
    dialog = page.get_by_role("dialog", name="Sign up")
    await expect(dialog.get_by_label("Username")).to_be_focused()
    await expect(dialog.get_by_label("Username")).to_have_attribute("autocomplete", "username")
    password = dialog.get_by_label("Password", exact=True)
    await expect(password).to_have_attribute("autocomplete", "new-password")
    await page.keyboard.press("Escape")
    await expect(page.get_by_role("dialog")).to_have_count(0)
    await expect(page.get_by_role("button", name="Sign up", exact=True)).to_be_focused()

    await sign_up(page, name)
    # The session is an HttpOnly cookie: the browser holds it, scripts can't see it, the server knows it.
    assert COOKIE not in await page.evaluate("() => document.cookie")
    cookies = {c["name"]: c for c in await page.context.cookies()}
    assert cookies[COOKIE]["httpOnly"] is True
    assert cookies[COOKIE]["sameSite"] == "Lax"
    answer = await _account(page)
    assert answer["signed_in"] is True and answer["username"] == name and answer["csrf"]
    # The lobby's name is the username now, and stays so after a reload.
    await expect(page.locator("#player-name")).to_have_value(name)
    await expect(page.locator("#player-name")).not_to_be_editable()
    await page.reload()
    await expect(page.locator("#account-button")).to_have_text(re.compile(rf"^{re.escape(name)}"))
    # The menu: Escape closes it, the focus back on the username's button.
    await page.locator("#account-button").click()
    await expect(page.locator("#account-button")).to_have_attribute("aria-expanded", "true")
    await expect(page.get_by_role("button", name="Sign out everywhere")).to_be_visible()
    await page.keyboard.press("Escape")
    await expect(page.get_by_role("button", name="Sign out everywhere")).to_be_hidden()
    await expect(page.locator("#account-button")).to_be_focused()


async def test_a_guests_table_follows_them_into_the_account_and_to_another_device(pages: Pages) -> None:
    guest = await pages.new()
    table = await create_table(guest, "zenith", 2, name="Guest")
    await guest.goto(pages.url)
    await expect(_mine(guest, table)).to_have_attribute("data-mine", "device")
    name = _username("bo")
    await sign_up(guest, name)  # the dialog sends this browser's seat tokens along
    await expect(guest.locator(".toast.good", has_text="1 table of this device is now in it")).to_be_visible()
    await expect(_mine(guest, table)).to_have_attribute("data-mine", "account")
    held = await guest.evaluate("() => fetch('/api/account/tables').then((r) => r.json())")
    assert [(m["table"]["id"], m["seat"]) for m in held] == [(table, 0)]

    # Another device, nothing in its localStorage: signed in, the table is there and the seat is its own.
    phone = await pages.new(390, 844)
    await _signed_out_header(phone)
    await expect(phone.locator("#my-tables")).not_to_contain_text("Zenith")
    await sign_in(phone, name)
    await _mine(phone, table).get_by_role("link", name="Waiting room").click()
    await expect(phone.locator(".role")).to_have_text("You are seat 1 · host")
    assert await phone.evaluate("() => localStorage.getItem('ziggurat.seats')") in (None, "{}")
    # (a claimed seat keeps the name it was taken under)
    me = phone.get_by_role("listitem", name=re.compile(r"^Guest \(you\) \(account\)"))
    await expect(me).to_contain_text("✓ account")
    # The host's calls go with the cookie and the CSRF token, no seat token.
    sent: list[Request] = []
    phone.on("request", lambda r: sent.append(r) if "/api/tables/" in r.url and r.method != "GET" else None)
    await fill_with_bots_and_start(phone)
    assert sent
    for r in sent:
        headers = await r.all_headers()
        assert "authorization" not in headers and headers["x-csrf-token"], (r.url, headers)
    # ... and the moves go over the socket that said hello without a token.
    moves = 0
    while moves < 3 and await step(phone):
        moves += 1
    assert moves or await is_over(phone)
    # The first device follows the same game as the same seat.
    await guest.goto(f"{pages.url}#/table/{table}")
    await expect(guest.locator(".role")).to_have_text(re.compile("You are seat"))

    # Signing out forgets the account's seats in this browser: the table is the account's, not the device's.
    await guest.goto(pages.url)
    await _menu(guest, "Sign out")
    await _signed_out_header(guest)
    await expect(guest.locator("#my-tables")).to_contain_text("Tables you create or join appear here")
    assert table not in (await guest.evaluate("() => localStorage.getItem('ziggurat.seats')") or "")
    await expect(guest.locator("#player-name")).to_be_editable()


async def test_a_table_created_signed_in_is_the_accounts(pages: Pages) -> None:
    page = await pages.new()
    name = _username("cy")
    await sign_up(page, name)
    await page.locator('[data-game="highcard"] button').click()
    await page.get_by_role("button", name="Create table").click()  # no name to type: the username
    await page.wait_for_selector("#waiting-room h2")
    me = page.get_by_role("listitem", name=re.compile(rf"^{name} \(you\) \(account\)"))
    await expect(me).to_be_visible()
    table = re.search(r"#/table/([\w-]+)", page.url)
    assert table
    # A visitor signed in to another account joins from the link under that account's name.
    other = _username("di")
    visitor = await pages.new()
    await sign_up(visitor, other)
    await visitor.goto(f"{pages.url}#/table/{table.group(1)}")
    field = visitor.locator(JOIN_FORM).get_by_label("Your name")
    await expect(field).to_have_value(other)
    await expect(field).not_to_be_editable()
    await visitor.get_by_role("button", name="Join this table").click()
    await expect(visitor.locator(".role")).to_have_text(re.compile("You are seat 2"))
    await expect(page.get_by_role("listitem", name=re.compile(rf"^{other} \(account\)"))).to_be_visible()


async def test_signing_out_here_and_everywhere(pages: Pages) -> None:
    name = _username("ed")
    laptop = await pages.new()
    await sign_up(laptop, name)
    phone = await pages.new()
    await sign_in(phone, name)

    # Sign out on the laptop: its session ends, the phone's doesn't.
    await _menu(laptop, "Sign out")
    await _signed_out_header(laptop)
    assert (await _account(laptop))["signed_in"] is False
    assert COOKIE not in {c["name"] for c in await laptop.context.cookies()}
    assert (await _account(phone))["signed_in"] is True

    # Signed in again on the laptop; "Sign out everywhere" on the phone ends both sessions.
    await sign_in(laptop, name)
    await _menu(phone, "Sign out everywhere")
    await _signed_out_header(phone)
    assert (await _account(phone))["signed_in"] is False
    assert (await _account(laptop))["signed_in"] is False
    # The laptop's page notices as soon as it asks again (a reload, or the tab coming back into view).
    await laptop.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    await _signed_out_header(laptop)


async def test_changing_the_password(pages: Pages) -> None:
    name = _username("flo")
    new_password = "granite-orchard-sailing-7"
    page = await pages.new()
    await sign_up(page, name)
    elsewhere = await pages.new()
    await sign_in(elsewhere, name)

    await _menu(page, "Change password")
    dialog = page.get_by_role("dialog", name="Change password")
    current = dialog.get_by_label("Current password")
    await expect(current).to_have_attribute("autocomplete", "current-password")
    await expect(dialog.get_by_label("New password")).to_have_attribute("autocomplete", "new-password")
    # a wrong current password: the dialog says so (the server's words: which one) and stays open
    await _fill_and_enter(page, {"Current password": "not-the-password-1", "New password": new_password})
    await expect(dialog.locator("#account-error")).to_have_text("The current password is wrong.")
    await expect(current).to_have_attribute("aria-invalid", "true")
    await expect(current).to_be_focused()
    # a password too common
    await _fill_and_enter(page, {"Current password": PASSWORD, "New password": "qwertyuiop"})
    await expect(dialog.locator("#account-error")).to_have_text(
        "This password is too common; choose another."
    )
    await expect(dialog.get_by_label("New password")).to_have_attribute("aria-invalid", "true")
    await _fill_and_enter(page, {"Current password": PASSWORD, "New password": new_password})
    await expect(page.get_by_role("dialog")).to_have_count(0)
    await expect(page.locator(".toast.good", has_text="Password changed")).to_be_visible()
    # This browser is still signed in (a fresh session); the other one was signed out.
    answer = await _account(page)
    assert answer["signed_in"] is True and answer["username"] == name
    status, _ = await _post(page, "/api/account/claim", {"X-CSRF-Token": answer["csrf"]})
    assert status != 403  # the page's CSRF token is the new session's
    assert (await _account(elsewhere))["signed_in"] is False

    # The old password is refused at sign in, the new one works.
    later = await pages.new()
    await _open_dialog(later, "Sign in")
    await _fill_and_enter(later, {"Username": name, "Password": PASSWORD})
    await expect(later.locator("#account-error")).to_have_text("The username or the password is wrong.")
    await _fill_and_enter(later, {"Username": name, "Password": new_password})
    await expect(later.locator("#account-button")).to_have_text(re.compile(rf"^{re.escape(name)}"))


async def test_a_wrong_password_shows_the_friendly_error(pages: Pages) -> None:
    name = _username("gus")
    page = await pages.new()
    await sign_up(page, name)
    await _menu(page, "Sign out")
    await _open_dialog(page, "Sign in")
    dialog = page.get_by_role("dialog", name="Sign in")
    await expect(dialog.get_by_label("Password")).to_have_attribute("autocomplete", "current-password")
    await _fill_and_enter(page, {"Username": name, "Password": "wrong-password-entirely"})
    error = dialog.locator("#account-error")
    await expect(error).to_have_text("The username or the password is wrong.")
    await expect(error).to_have_attribute("role", "alert")
    await expect(dialog.get_by_label("Password")).to_be_focused()
    await expect(dialog.get_by_label("Password")).to_have_attribute("aria-invalid", "true")
    await _signed_out_header(page)
    # a username nobody has gets the same words (no telling which names exist)
    await _fill_and_enter(page, {"Username": _username("nobody"), "Password": PASSWORD})
    await expect(error).to_have_text("The username or the password is wrong.")
    # and signing up under a taken name, or one that only looks like it, says so
    await dialog.get_by_role("button", name="Sign up").click()
    signup = page.get_by_role("dialog", name="Sign up")
    await _fill_and_enter(page, {"Username": name.upper(), "Password": PASSWORD})
    await expect(signup.locator("#account-error")).to_contain_text("is taken")
    await _fill_and_enter(page, {"Username": "no spaces allowed", "Password": PASSWORD})
    await expect(signup.locator("#account-error")).to_contain_text("A username has")
    await expect(signup.get_by_label("Username")).to_have_attribute("aria-invalid", "true")


# --- requests from another origin -------------------------------------------------------------------


class _Pages(http.server.BaseHTTPRequestHandler):
    """Serves whatever page the test put at a path: the other origin's site."""

    site: dict[str, str] = {}

    def do_GET(self) -> None:
        body = self.site.get(self.path, "").encode()
        self.send_response(200 if body else 404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def elsewhere() -> Iterator[str]:
    """Another origin on this machine (same host, another port: the browser still sends a SameSite=Lax
    cookie to it, so only the server's own checks stand in the way)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Pages)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _forged(target: str, password: str, table: str) -> str:
    """A page that, once open, sends a form POST (into a frame) and no-cors fetches with the visitor's
    cookies to the site's sign-out, password and create-table addresses, and opens the table's websocket
    to play the visitor's seat there (window.role: what the server made of its hello)."""
    body = json.dumps({"current": password, "new": "attacker-chosen-pass-1"})
    field_name, field_value = body[:-1] + ', "x": "', '"}'  # text/plain: name=value reads as JSON
    create = json.dumps({"game": "highcard", "seats": 2, "name": "Eve", "options": {}})
    return f"""<!doctype html><title>Win a prize</title>
<iframe name="sink" title="sink"></iframe>
<form id="f" method="post" action="{target}/api/account/password" enctype="text/plain" target="sink">
  <input type="hidden" name='{field_name}' value='{field_value}'>
</form>
<script>
  const post = (path, body) => fetch("{target}" + path, {{method: "POST", mode: "no-cors",
    credentials: "include", headers: {{"Content-Type": "text/plain"}}, body}}).then(() => "sent", String);
  window.done = Promise.all([
    post("/api/account/signout", ""),
    post("/api/account/password", {json.dumps(body)}),
    post("/api/tables", {json.dumps(create)}),
  ]);
  window.role = new Promise((resolve) => {{
    const ws = new WebSocket("{target.replace("http", "ws")}/ws/tables/{table}");
    ws.onopen = () => ws.send(JSON.stringify({{type: "hello"}}));
    ws.onmessage = (e) => {{
      const m = JSON.parse(e.data);
      if (m.type === "welcome") {{ resolve(m.you.role); ws.close(); }}
    }};
    ws.onclose = () => resolve("closed");
  }});
  document.getElementById("f").submit();
</script>"""


async def test_another_origin_cant_act_for_a_signed_in_browser(pages: Pages, elsewhere: str) -> None:
    name = _username("hal")
    page = await pages.new()
    await sign_up(page, name)
    await page.locator('[data-game="highcard"] button').click()
    await page.get_by_role("button", name="Create table").click()
    await expect(page.locator(".role")).to_have_text(re.compile("You are seat 1"))
    table = page.url.rsplit("/", 1)[1]
    await page.goto(pages.url)
    before = await _account(page)
    ctx = page.context
    answers: dict[str, list[int]] = {}
    form_sent: dict[str, str] = {}  # the form's request as it left (a fetch's full headers aren't shown)

    async def seen(r: Response) -> None:
        if r.url.startswith(pages.url) and r.request.method == "POST":
            answers.setdefault(r.url.removeprefix(pages.url.rstrip("/")), []).append(r.status)
            if r.request.is_navigation_request():
                form_sent.update(await r.request.all_headers())

    ctx.on("response", seen)
    _Pages.site["/prize"] = _forged(pages.url.rstrip("/"), PASSWORD, table)
    evil = await ctx.new_page()
    await evil.goto(f"{elsewhere}/prize")
    assert await evil.evaluate("() => window.done") == ["sent", "sent", "sent"]
    # Its websocket's hello, without a token, with the cookie: served as a spectator, not as the seat.
    assert await evil.evaluate("() => window.role") == "spectator"
    for _ in range(100):  # (the frame's answer may come after the fetches')
        if sum(map(len, answers.values())) >= 4:
            break
        await evil.wait_for_timeout(50)
    # Every one refused (the form's and the fetch's password change both), the cookie sent with them.
    assert answers == {
        "/api/account/password": [403, 403],
        "/api/account/signout": [403],
        "/api/tables": [403],
    }, answers
    # The form went with the session cookie (same site, another origin): the server's check refused it.
    assert COOKIE in form_sent["cookie"] and form_sent["sec-fetch-site"] == "same-site", form_sent
    # Nor may the other site show the answer in its frame: no page of this site is framed by another
    # (Content-Security-Policy: frame-ancestors 'none'), so Chromium puts its error page there (blank
    # in the headless shell, ERR_BLOCKED_BY_RESPONSE in the full browser).
    sink = evil.frame(name="sink")
    assert sink
    for _ in range(300):
        if sink.url == CHROMIUM_ERROR_PAGE:
            break
        await evil.wait_for_timeout(100)
    assert sink.url == CHROMIUM_ERROR_PAGE, sink.url
    assert "csrf" not in await sink.content()  # (the refusal's code: the site's answer isn't shown)
    # The session lives on, the password is the same, no table was made in the account's name.
    after = await _account(page)
    assert after == before
    held = await page.evaluate("() => fetch('/api/account/tables').then((r) => r.json())")
    assert [m["table"]["id"] for m in held] == [table]
    check = await pages.new()
    await sign_in(check, name)


async def test_a_change_without_the_pages_csrf_token_is_refused(pages: Pages) -> None:
    name = _username("ivy")
    page = await pages.new()
    await sign_up(page, name)
    for path in ("/api/account/signout", "/api/account/signout-everywhere", "/api/tables"):
        status, body = await _post(page, path)
        assert (status, body["code"]) == (403, "csrf"), (path, status, body)
        status, body = await _post(page, path, {"X-CSRF-Token": "0" * 64})
        assert (status, body["code"]) == (403, "csrf"), (path, status, body)
    assert (await _account(page))["signed_in"] is True
    # The page's own calls carry it: signing out through the menu works.
    await _menu(page, "Sign out")
    await _signed_out_header(page)


async def test_a_page_that_missed_a_sign_in_catches_up(pages: Pages) -> None:
    # Signed in behind the page's back (the context's own requests share its cookies, and no other tab
    # tells it): its next change goes without the CSRF token, is refused, and is sent again with it.
    name = _username("kai")
    page = await pages.new()
    await _signed_out_header(page)
    await page.context.request.post(
        f"{pages.url}api/account/signup", data={"username": name, "password": PASSWORD, "claim": []}
    )
    refused: list[int] = []
    page.on("response", lambda r: refused.append(r.status) if r.url.endswith("/api/tables") else None)
    await page.fill("#player-name", "Kai")  # (as far as the page knows, a guest: it asks for a name)
    await page.locator('[data-game="highcard"] button').click()
    await page.get_by_role("button", name="Create table").click()
    await expect(page.locator(".role")).to_have_text(re.compile("You are seat 1"))
    assert refused == [403, 201], refused
    await expect(page.locator("#account-button")).to_have_text(re.compile(rf"^{re.escape(name)}"))
    await expect(
        page.get_by_role("listitem", name=re.compile(rf"^{name} \(you\) \(account\)"))
    ).to_be_visible()


async def test_the_account_dialogs_have_no_violation(pages: Pages) -> None:
    page = await pages.new(390, 844)
    await _open_dialog(page, "Sign up")
    await _fill_and_enter(page, {"Username": "x", "Password": "short"})
    await expect(page.locator("#account-error")).not_to_be_empty()
    await _no_violations(page)
    await page.keyboard.press("Escape")
    await sign_up(page, _username("jo"))
    await page.locator("#account-button").click()
    await _no_violations(page)
    await page.get_by_role("button", name="Change password").click()
    await _no_violations(page)


async def _no_violations(page: Page) -> None:
    violations = (await Axe().run(page)).response["violations"]
    assert not violations, [(v["id"], v["impact"], [n["target"] for n in v["nodes"]]) for v in violations]
