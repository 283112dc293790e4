"""Ratings, profiles, leaderboards and friends in the browser (docs/web.md, "Ratings and friends"):
rated or friendly at creation (refused to guests), two accounts and a bot playing a rated game to the
end and then seeing their new ratings at the table, on the leaderboard and on their profiles (a chart
with one point per rated game, recent games opening their replays), friends added and removed from a
profile and from the lobby, the lobby's filter for friends' tables, and invitations sent from a table's
waiting room, joined or dismissed in the invitee's lobby."""

from __future__ import annotations

import asyncio
import re

from playwright.async_api import Page, Route, expect

from .conftest import Pages
from .driver import first_target, is_over
from .rated import PASSWORD, rated_games, username
from .test_accounts import sign_in, sign_up


async def signed_up(pages: Pages, stem: str, width: int = 1280, height: int = 900) -> tuple[Page, str]:
    """A new browser (its own context) signed up as a new account, on the lobby."""
    page = await pages.new(width, height)
    name = username(stem)
    await sign_up(page, name)
    return page, name


async def signed_in(pages: Pages, name: str, width: int = 1280, height: int = 900) -> Page:
    page = await pages.new(width, height)
    await sign_in(page, name, PASSWORD)
    return page


async def open_form(page: Page, game: str, seats: int) -> None:
    await page.locator(f'[data-game="{game}"] button').click()
    await page.select_option("#opt-seats", str(seats))


async def create(page: Page, game: str, seats: int, rated: bool, **options: str) -> str:
    """From the lobby, signed in: the game's form, its options, rated or not; the new table's id."""
    await open_form(page, game, seats)
    for key, value in options.items():
        await page.locator(f"#opt-{key}").fill(value)
    if rated:
        await page.get_by_label("Rated game").check()
    await page.get_by_role("button", name="Create table").click()
    await page.wait_for_selector("#waiting-room h2")
    m = re.search(r"#/table/([\w-]+)", page.url)
    assert m, page.url
    return m.group(1)


async def join(page: Page, url: str, table: str) -> None:
    """Signed in, from the table's link: the join form shows the username; join."""
    await page.goto(f"{url}#/table/{table}")
    await page.get_by_role("button", name="Join this table").click()
    await expect(page.locator(".role")).to_have_text(re.compile("You are seat"))


async def play_together(players: list[Page], max_clicks: int = 200) -> None:
    """Each page clicks its first legal move whenever it is asked, until every page shows the end."""
    for _ in range(max_clicks):
        if all([await is_over(p) for p in players]):
            return
        moved = False
        for p in players:
            if await is_over(p) or await p.get_attribute("#game", "data-my-turn") != "true":
                continue
            target = await first_target(p)
            if target is None:
                continue
            render = await p.get_attribute("#game", "data-render")
            await target.click()
            await p.wait_for_function("r => document.querySelector('#game').dataset.render !== r", arg=render)
            moved = True
        if not moved:
            await players[0].wait_for_timeout(100)
    raise AssertionError(f"the game did not end in {max_clicks} rounds of clicks")


async def api_json(page: Page, path: str) -> object:
    return await page.evaluate("(p) => fetch(p).then((r) => r.json())", path)


async def test_rated_at_creation_needs_an_account(pages: Pages) -> None:
    guest = await pages.new()
    await guest.fill("#player-name", "Guest")
    await open_form(guest, "zenith", 2)
    rated = guest.get_by_label("Rated game")
    await expect(rated).to_be_disabled()
    await expect(guest.locator("#rated-hint")).to_contain_text("Sign in to create a rated table")
    # Signing in with the form open enables it; the table made is rated, and says so everywhere.
    name = username("host")
    await sign_up(guest, name)
    await expect(rated).to_be_enabled()
    await rated.check()
    await guest.get_by_role("button", name="Create table").click()
    await guest.wait_for_selector("#waiting-room h2")
    table = guest.url.rsplit("/", 1)[1]
    await expect(guest.locator("#table-rated")).to_have_text("Rated")
    me = guest.get_by_role("listitem", name=re.compile(rf"^{name} \(you\) \(account\), rating 1000:"))
    await expect(me.get_by_role("link", name=name)).to_have_attribute("href", f"#/players/{name}")
    await expect(me.locator(".badge.rating")).to_have_text("rating 1000")
    # In another browser's lobby: the row says Rated, the host's name is a link with the rating.
    other = await pages.new()
    row = other.locator(f'#open-tables [data-table="{table}"]')
    await expect(row.locator(".pill-rated")).to_have_text("Rated")
    await expect(row.get_by_role("link", name=name)).to_be_visible()
    await expect(row.locator(".badge.rating")).to_have_text("rating 1000")
    # A guest who tries to sit there anyway is told why not.
    await other.fill("#player-name", "Guest")
    await row.get_by_role("button", name=re.compile("^Join")).click()
    await expect(other.locator(".toast.error")).to_contain_text("Rated games are for signed-in players")
    # At the table, the join form says so before the guest tries; signing in there opens it.
    await other.goto(f"{pages.url}#/table/{table}")
    await expect(other.locator("#rated-join-hint")).to_contain_text("only signed-in players sit here")
    await expect(other.get_by_role("button", name="Join this table")).to_be_disabled()
    # A friendly table says so too, and its row has no Rated mark.
    await other.goto(f"{pages.url}#/")
    await open_form(other, "zenith", 2)
    await other.get_by_role("button", name="Create table").click()
    await other.wait_for_selector("#waiting-room h2")
    await expect(other.locator("#table-rated")).to_have_text("Friendly")
    friendly = other.url.rsplit("/", 1)[1]
    await guest.goto(f"{pages.url}#/")
    row = guest.locator(f'#open-tables [data-table="{friendly}"]')
    await expect(row).to_have_attribute("data-rated", "false")
    await expect(row.locator(".pill-rated")).to_have_count(0)


async def test_a_rated_game_shows_ratings_at_the_table_on_the_leaderboard_and_profiles(
    pages: Pages,
) -> None:
    ada, ada_name = await signed_up(pages, "ada")
    bo, bo_name = await signed_up(pages, "bo")
    table = await create(ada, "highcard", 3, rated=True, hand="2")
    await join(bo, pages.url, table)
    # Seat 3: a bot; its seat has no rating and no link.
    await ada.get_by_role("button", name="Add a bot to seat 3").click()
    await expect(ada.locator('#seats [data-seat="2"]')).to_have_attribute("data-kind", "bot")
    await expect(ada.locator('#seats [data-seat="2"] .badge.rating')).to_have_count(0)
    for p in (ada, bo):
        await expect(p.locator("#seats .badge.rating")).to_have_count(2)
    await ada.get_by_role("button", name="Start the game").click()
    await play_together([ada, bo])

    # The final ranking: each account's new rating and how much it moved; the bot's a dash.
    ranking = ada.get_by_role("table", name="Final ranking")
    await expect(ranking.get_by_role("columnheader", name="New rating")).to_be_visible()
    board = await api_json(ada, "/api/ratings/highcard?limit=500")
    assert isinstance(board, list)
    rows = {r["username"]: r for r in board}
    assert rows[ada_name]["games"] == 1 and rows[bo_name]["games"] == 1
    for name in (ada_name, bo_name):
        cell = ranking.locator("tr", has=ada.get_by_role("link", name=name)).locator(".rating-after")
        await expect(cell).to_have_attribute("data-rating", str(rows[name]["rating"]))
        change = rows[name]["rating"] - 1000
        sign = "+" if change > 0 else "\N{MINUS SIGN}" if change < 0 else "±"
        await expect(cell.locator(".rating-change")).to_have_text(f" ({sign}{abs(change)})")
    # The players' panel shows the new ratings too.
    for name in (ada_name, bo_name):
        seat = ada.locator("#seats .seat", has=ada.get_by_role("link", name=name))
        await expect(seat.locator(".badge.rating")).to_have_text(f"rating {rows[name]['rating']}")

    # The leaderboard, from the lobby's link: both players, each a link to their profile.
    await ada.goto(f"{pages.url}#/")
    await ada.get_by_role("link", name="High Card leaderboard").click()
    await expect(ada).to_have_url(re.compile(r"#/ratings/highcard$"))
    standings = ada.locator("#standings")
    for name in (ada_name, bo_name):
        row = standings.locator(f'tr[data-player="{name}"]')
        await expect(row).to_contain_text(str(rows[name]["rating"]))
        await expect(row.locator("td").nth(0)).to_have_text(re.compile(r"^\d+(st|nd|rd|th)$"))
    await expect(standings.locator(f'tr[data-player="{ada_name}"]')).to_have_class(re.compile(r"\bme\b"))
    # The game selector goes to another game's board.
    await ada.get_by_label("Game").select_option("zenith")
    await expect(ada).to_have_url(re.compile(r"#/ratings/zenith$"))
    await ada.go_back()
    await standings.get_by_role("link", name=bo_name).click()

    # Bo's profile: the rating, the chart (one point per rated game), recent games, win share.
    await expect(ada.locator("h1")).to_have_text(bo_name)
    await expect(ada.locator('#profile-ratings tr[data-game="highcard"]')).to_contain_text(
        str(rows[bo_name]["rating"])
    )
    plot = ada.locator("svg#plot-highcard")
    await expect(plot).to_have_attribute("role", "img")
    await expect(plot.locator("circle.plot-point")).to_have_count(1)
    await expect(plot.locator("circle.plot-point")).to_have_attribute("data-table", table)
    await expect(plot.locator("title").first).to_have_text(re.compile("rating over time"))
    await expect(plot.locator("desc")).to_contain_text("1 rated game")
    await expect(ada.locator("#win-share tr[data-game='highcard']")).to_contain_text("1")
    recent = ada.locator(f'#recent-games [data-table="{table}"]')
    await expect(recent.locator(".pill-rated")).to_have_text("Rated")
    await recent.get_by_role("link", name=re.compile("^Replay")).click()
    await expect(ada).to_have_url(re.compile(rf"#/replay/{table}"))
    await expect(ada.locator("#replay")).not_to_have_attribute("data-last", "-1")
    await expect(ada.locator("#replay-players").get_by_role("link", name=bo_name)).to_be_visible()

    # A second rated game, played through the API: two points now, the table of numbers says both.
    second = (await rated_games(pages.url, [ada_name, bo_name]))[0]
    await ada.goto(f"{pages.url}#/players/{ada_name}")
    points = ada.locator("svg#plot-highcard circle.plot-point")
    await expect(points).to_have_count(2)
    assert [await points.nth(i).get_attribute("data-table") for i in range(2)] == [table, second]
    await ada.get_by_text("High Card: every rated game in numbers").click()
    await expect(ada.locator("#plot-table-highcard tbody tr")).to_have_count(2)
    # The account menu's "Your profile" leads here as well.
    await bo.locator("#account-button").click()
    await bo.get_by_role("link", name="Your profile").click()
    await expect(bo).to_have_url(re.compile(rf"#/players/{bo_name}$"))
    await expect(bo.locator("svg#plot-highcard circle.plot-point")).to_have_count(2)
    await expect(bo.locator("#friend-button")).to_have_count(0)  # not on your own profile


async def test_a_friend_added_while_the_list_loads_stays_listed(pages: Pages) -> None:
    """The friends list the lobby asks for on arrival answers after an add made meanwhile: its older
    list must not be drawn over the newer one (the add looked lost, and the test above flaked)."""
    ada, _ = await signed_up(pages, "ada")
    _, bo_name = await signed_up(pages, "bo")
    held = asyncio.Event()

    async def late(route: Route) -> None:  # the server answers now; the page hears it once released
        answer = await route.fetch()
        await held.wait()
        await route.fulfill(response=answer)

    await ada.goto(f"{pages.url}#/players/{bo_name}")
    await ada.route("**/api/account/friends", late)
    async with ada.expect_request_finished(lambda r: r.url.endswith("/api/account/friends")) as asked:
        await ada.goto(f"{pages.url}#/")
        field = ada.get_by_label("Add a friend by username")
        await field.fill(bo_name)
        await field.press("Enter")
        friends = ada.locator("#friends-list")
        await expect(friends.get_by_role("link", name=bo_name)).to_be_visible()
        held.set()
    await asked.value
    await ada.wait_for_timeout(300)  # (the page's handler runs after the response is in)
    await expect(friends.get_by_role("link", name=bo_name)).to_be_visible()


async def test_friends_from_a_profile_and_from_the_lobby(pages: Pages) -> None:
    ada, ada_name = await signed_up(pages, "ada")
    bo, bo_name = await signed_up(pages, "bo")
    # From Bo's profile: Add friend, then it's Remove friend; the lobby lists Bo.
    await ada.goto(f"{pages.url}#/players/{bo_name}")
    await ada.get_by_role("button", name="Add friend").click()
    await expect(ada.get_by_role("button", name="Remove friend")).to_be_visible()
    await ada.goto(f"{pages.url}#/")
    friends = ada.locator("#friends-list")
    await expect(friends.get_by_role("link", name=bo_name)).to_have_attribute("href", f"#/players/{bo_name}")
    # Removed from the lobby: gone, and the profile offers Add friend again.
    await friends.get_by_role("button", name=f"Remove {bo_name} from your friends").click()
    await expect(friends.get_by_role("link", name=bo_name)).to_have_count(0)
    await ada.goto(f"{pages.url}#/players/{bo_name}")
    await expect(ada.get_by_role("button", name="Add friend")).to_be_visible()
    await ada.get_by_role("button", name="Add friend").click()
    await ada.get_by_role("button", name="Remove friend").click()
    await expect(ada.get_by_role("button", name="Add friend")).to_be_visible()
    # Added from the lobby by username (any case); refusals in the form.
    await ada.goto(f"{pages.url}#/")
    field = ada.get_by_label("Add a friend by username")
    await field.fill(bo_name.upper())
    await field.press("Enter")
    await expect(friends.get_by_role("link", name=bo_name)).to_be_visible()
    await expect(field).to_have_value("")
    await field.fill(ada_name)
    await ada.locator(".friend-form").get_by_role("button", name="Add", exact=True).click()
    await expect(ada.locator("#friend-error")).to_have_text("You can't add yourself to your friends.")
    await expect(field).to_have_attribute("aria-invalid", "true")
    await field.fill("nobody-by-that-name")
    await field.press("Enter")
    await expect(ada.locator("#friend-error")).to_have_text("There is no player of that name.")
    # The profile knows: Remove friend.
    await ada.goto(f"{pages.url}#/players/{bo_name}")
    await expect(ada.get_by_role("button", name="Remove friend")).to_be_visible()
    # Signed out: no friends panel, no filter, and a profile has no friend button.
    await bo.goto(f"{pages.url}#/")
    await bo.locator("#account-button").click()
    await bo.get_by_role("button", name="Sign out", exact=True).click()
    await expect(bo.locator("#friends-list")).to_have_count(0)
    await expect(bo.locator(".friends-filter")).to_be_hidden()
    await bo.goto(f"{pages.url}#/players/{ada_name}")
    await expect(bo.locator("h1")).to_have_text(ada_name)
    await expect(bo.locator("#friend-button")).to_have_count(0)
    await bo.goto(f"{pages.url}#/players/nobody-by-that-name")
    await expect(bo.locator("#profile")).to_contain_text("There is no player of that name.")


async def test_the_friends_filter_shows_a_friends_table(pages: Pages) -> None:
    ada, _ = await signed_up(pages, "ada")
    bo, bo_name = await signed_up(pages, "bo")
    stranger = await pages.new()
    await stranger.fill("#player-name", "Stranger")
    await open_form(stranger, "zenith", 2)
    await stranger.get_by_role("button", name="Create table").click()
    await stranger.wait_for_selector("#waiting-room h2")
    theirs = stranger.url.rsplit("/", 1)[1]
    await bo.goto(f"{pages.url}#/")
    bos = await create(bo, "zenith", 2, rated=False)
    await ada.goto(f"{pages.url}#/players/{bo_name}")
    await ada.get_by_role("button", name="Add friend").click()
    await expect(ada.get_by_role("button", name="Remove friend")).to_be_visible()
    await ada.goto(f"{pages.url}#/")
    open_tables = ada.locator("#open-tables")
    await expect(open_tables.locator(f'[data-table="{theirs}"]')).to_be_visible()
    await ada.get_by_label("Only tables where friends sit").check()
    await expect(open_tables.locator(f'[data-table="{theirs}"]')).to_have_count(0)
    await expect(open_tables.locator(f'[data-table="{bos}"]')).to_be_visible()
    await expect(open_tables.locator(".table-row")).to_have_count(1)
    await expect(ada.locator("#running-tables")).to_contain_text("None of your friends is playing right now.")
    await ada.get_by_label("Only tables where friends sit").uncheck()
    await expect(open_tables.locator(f'[data-table="{theirs}"]')).to_be_visible()


async def test_an_invitation_from_a_table_is_joined_or_dismissed_in_the_lobby(pages: Pages) -> None:
    ada, ada_name = await signed_up(pages, "ada")
    bo, bo_name = await signed_up(pages, "bo")
    cy, cy_name = await signed_up(pages, "cy")
    await ada.goto(f"{pages.url}#/players/{bo_name}")
    await ada.get_by_role("button", name="Add friend").click()
    await expect(ada.get_by_role("button", name="Remove friend")).to_be_visible()
    await ada.goto(f"{pages.url}#/")
    table = await create(ada, "zenith", 3, rated=False)
    # The waiting room's invite form: Bo, a friend, is a quick pick.
    invite = ada.get_by_role("form", name="Invite a player")
    await invite.get_by_role("button", name=f"Invite {bo_name}").click()
    await expect(ada.locator(".toast.good", has_text=f"{bo_name} is invited")).to_be_visible()
    await expect(invite.locator(".invited")).to_have_text(f"{bo_name} ✓ invited")
    # Cy by username; refusals say why.
    name = invite.get_by_label("Username")
    await name.fill("nobody-by-that-name")
    await name.press("Enter")
    await expect(ada.locator("#invite-error")).to_have_text("There is no player of that name.")
    await name.fill(cy_name)
    await invite.get_by_role("button", name="Invite", exact=True).click()
    await expect(ada.locator(".toast.good", has_text=f"{cy_name} is invited")).to_be_visible()
    await expect(ada.locator("#invite-error")).to_have_text("")

    # Bo's lobby: the invitation; Join seats Bo at the table.
    await bo.goto(f"{pages.url}#/")
    invitation = bo.locator(f'#invitations [data-table="{table}"]')
    await expect(invitation).to_contain_text(f"{ada_name} invites you to a Zenith table")
    await invitation.get_by_role("button", name=re.compile("^Join")).click()
    await expect(bo).to_have_url(re.compile(rf"#/table/{table}$"))
    await expect(bo.locator(".role")).to_have_text(re.compile("You are seat"))
    await expect(ada.locator('#seats [data-seat="1"]')).to_contain_text(bo_name)
    # Invited again now that Bo sits there: the server says so.
    await name.fill(bo_name)
    await name.press("Enter")
    await expect(ada.locator("#invite-error")).to_have_text(f"{bo_name} already sits at this table.")
    await expect(ada.get_by_role("button", name=f"Invite {bo_name}")).to_have_count(0)  # seated: no pick
    # The invitation Bo joined is gone from Bo's lobby.
    await bo.goto(f"{pages.url}#/")
    await expect(bo.locator("#friends-list")).to_be_visible()
    await expect(bo.locator(f'#invitations [data-table="{table}"]')).to_have_count(0)

    # Cy dismisses it: gone, and still gone after a reload.
    await cy.goto(f"{pages.url}#/")
    mine = cy.locator(f'#invitations [data-table="{table}"]')
    await expect(mine).to_contain_text(f"{ada_name} invites you")
    await mine.get_by_role("button", name=re.compile("^Dismiss")).click()
    await expect(mine).to_have_count(0)
    await cy.reload()
    await expect(cy.locator("#friends-list")).to_be_visible()
    await expect(cy.locator(f'#invitations [data-table="{table}"]')).to_have_count(0)
    # Invited again, Cy takes the table's link instead: the lobby offers no invitation to a table Cy
    # already sits at.
    await name.fill(cy_name)
    await name.press("Enter")
    await expect(ada.get_by_role("form", name="Invite a player").get_by_label("Username")).to_have_value("")
    invited = await api_json(cy, "/api/account/invitations")
    assert isinstance(invited, list) and [i["table"]["id"] for i in invited] == [table]
    await join(cy, pages.url, table)
    await cy.goto(f"{pages.url}#/")
    await expect(cy.locator("#friends-list")).to_be_visible()
    await expect(cy.locator(f'[data-table="{table}"][data-mine="account"]')).to_be_visible()
    await expect(cy.locator(f'#invitations [data-table="{table}"]')).to_have_count(0)
