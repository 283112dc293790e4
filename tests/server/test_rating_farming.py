"""Rating farming through a seat left or kicked, on the real server over real websockets: a main account
and a second, fresh one sit at a rated two-seat table; the second leaves, the main kicks its seat to a
bot and plays out. Game after game, that must gain the main no more than one honestly won game does."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Iterator

import httpx
import pytest

from ziggurat.cli import main
from ziggurat.server.table.ratings import Entrant, rate

from .harness import Client, ThreadServer, fast_settings, http
from .test_accounts import csrf, sign_up

GAMES = 8  # the farming script's games (more only until it has both won and lost against the bot)


@pytest.fixture(scope="module")
def farm_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    """A server of its own: fresh accounts, and a database `ratings rebuild` reads afterwards."""
    db = tmp_path_factory.mktemp("farm") / "z.db"
    with ThreadServer(fast_settings(f"sqlite+aiosqlite:///{db}")) as s:
        yield s


class Account:
    """A signed-in browser: its HTTP client, CSRF token and session cookie (for its websockets)."""

    def __init__(self, server: ThreadServer, name: str) -> None:
        self.server, self.name = server, name

    async def __aenter__(self) -> Account:
        self.api = http(self.server.url)
        await self.api.__aenter__()
        self.csrf = csrf(await sign_up(self.api, self.name))
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.api.__aexit__(*exc)

    async def socket(self, table: str) -> Client:
        cookie = {"Cookie": f"ziggurat_session={self.api.cookies['ziggurat_session']}"}
        return await Client(self.server.url, table, headers=cookie).connect()

    async def post(self, path: str, body: object = None) -> httpx.Response:
        return await self.api.post(path, json=body, headers=self.csrf)

    async def rating(self) -> int:
        """Shown, in High Card (a newcomer's 1000 until a game rates the account)."""
        r = await self.api.get(f"/api/players/{self.name}")
        assert r.status_code == 200, r.text
        return next((int(x["rating"]) for x in r.json()["ratings"] if x["game"] == "highcard"), 1000)


@pytest.fixture
async def accounts(farm_server: ThreadServer) -> AsyncIterator[list[Account]]:
    """Four fresh accounts: the farmer's main and second, and two honest players."""
    tag = random.randrange(10**9)
    names = [f"main{tag}", f"second{tag}", f"honestA{tag}", f"honestB{tag}"]
    async with (
        Account(farm_server, names[0]) as a,
        Account(farm_server, names[1]) as b,
        Account(farm_server, names[2]) as c,
        Account(farm_server, names[3]) as d,
    ):
        yield [a, b, c, d]


async def rated_table(host: Account, other: Account, hand: int) -> str:
    r = await host.post(
        "/api/tables",
        {"game": "highcard", "seats": 2, "name": "t", "options": {"hand": hand}, "rated": True},
    )
    assert r.status_code == 201, r.text
    tid = str(r.json()["table"]["id"])
    r = await other.post(f"/api/tables/{tid}/join", {"name": "u"})
    assert r.status_code == 200, r.text
    return tid


async def turn(c: Client, card: str = "any") -> bool:
    """If this socket's seat is asked now, play a card (its highest, its lowest or any): True if it did."""
    st = c.state
    if st is None or st["result"] is not None or not st["legal"]:
        return False
    cards = sorted(st["legal"], key=lambda a: int(a.split(":")[1]))
    pick = {"high": cards[-1], "low": cards[0]}.get(card, random.choice(cards))
    answer = await c.act(pick, st["version"])
    assert answer["type"] == "ack", answer
    return True


async def settle() -> None:
    """A moment for the sockets' readers to take the news (each keeps its latest state)."""
    await asyncio.sleep(0.02)


async def honest_win(a: Account, b: Account) -> int:
    """Two fresh accounts play one rated game to the end: the winner's gain (one card each: no tie)."""
    tid = await rated_table(a, b, hand=1)
    socks = [await a.socket(tid), await b.socket(tid)]
    assert (await a.post(f"/api/tables/{tid}/start")).status_code == 200
    async with asyncio.timeout(30):
        while any(s.state is None or s.state["result"] is None for s in socks):
            if not any([await turn(s) for s in socks]):
                await settle()
    for s in socks:
        await s.close()
    gains = [await a.rating() - 1000, await b.rating() - 1000]
    assert min(gains) < 0 < max(gains)
    return max(gains)


async def farm(main_: Account, second: Account, game: int) -> int:
    """One game of the script; the main's rank against the bot that took the second's seat (1: won).
    In odd games the second plays one card before it leaves; the main aims high, then low, by turns."""
    tid = await rated_table(main_, second, hand=2)
    me, alt = await main_.socket(tid), await second.socket(tid)
    assert (await main_.post(f"/api/tables/{tid}/start")).status_code == 200
    async with asyncio.timeout(30):
        while me.state is None or alt.state is None:
            await settle()
    seat = me.you["seat"]
    other = 1 - seat
    aim = "high" if game % 4 < 2 else "low"
    if game % 2:  # the second moves once (the main first, if it leads)
        moved = False
        async with asyncio.timeout(30):
            while not moved:
                await turn(me, aim)
                moved = await turn(alt)
                if not moved:
                    await settle()
    assert (await second.post(f"/api/tables/{tid}/leave")).status_code == 200
    await alt.close()
    r = await main_.post(f"/api/tables/{tid}/seats/{other}/kick", {"level": "normal"})
    assert r.status_code == 200, r.text
    async with asyncio.timeout(30):
        while me.state is None or me.state["result"] is None:
            if not await turn(me, aim):
                await settle()
    ranks = me.state["result"]["ranks"]
    await me.close()
    return 1 if ranks[seat] < ranks[other] else 2 if ranks[seat] > ranks[other] else 0


async def test_a_seat_left_and_kicked_hands_no_more_than_one_honest_win(
    farm_server: ThreadServer, accounts: list[Account]
) -> None:
    main_, second, a, b = accounts
    honest = await honest_win(a, b)
    assert honest > 0
    outcomes = []
    second_before = await second.rating()
    while len(outcomes) < GAMES or not {1, 2} <= set(outcomes):
        assert len(outcomes) < 3 * GAMES, outcomes  # (both outcomes come long before)
        outcomes.append(await farm(main_, second, len(outcomes)))
        now = await second.rating()
        assert now <= second_before, "the one who left gained rating"
        second_before = now
    assert second_before < 1000  # it took the loss of the games it left after a move
    gain = await main_.rating() - 1000
    print(f"farming: {len(outcomes)} games {outcomes}, main gained {gain}; one honest win gains {honest}")
    assert gain <= honest, f"the main gained {gain} in {len(outcomes)} games; an honest win gains {honest}"
    # `ziggurat ratings rebuild` agrees with what the server wrote under these rules
    url = farm_server.settings.db_url
    assert await asyncio.to_thread(main, ["ratings", "rebuild", "--db", url]) == 0


async def test_a_table_of_four_rates_the_leaver_last_and_the_others_among_themselves(
    farm_server: ThreadServer, accounts: list[Account]
) -> None:
    """Three accounts and a bot from the start: the third leaves before its first move and is kicked;
    the second moves, leaves and is kicked; the host plays on. The second takes the loss, the third
    isn't rated, the host is rated against the bot from the start alone; the rebuild agrees."""
    host, second, third, _ = accounts
    r = await host.post(
        "/api/tables",
        {"game": "highcard", "seats": 4, "name": "t", "options": {"hand": 3}, "rated": True},
    )
    tid = str(r.json()["table"]["id"])
    for who in (second, third):
        assert (await who.post(f"/api/tables/{tid}/join", {"name": "u"})).status_code == 200
    r = await host.api.put(f"/api/tables/{tid}/seats/3/bot", json={"level": "normal"}, headers=host.csrf)
    assert r.status_code == 200, r.text
    socks = [await host.socket(tid), await second.socket(tid), await third.socket(tid)]
    assert (await host.post(f"/api/tables/{tid}/start")).status_code == 200
    me, two, three = socks
    async with asyncio.timeout(30):
        while any(s.state is None for s in socks):
            await settle()
    # the third leaves at once (before its seat's first move) and the host kicks it
    assert (await third.post(f"/api/tables/{tid}/leave")).status_code == 200
    await three.close()
    table = (await host.api.get(f"/api/tables/{tid}")).json()
    seat_of = {s["seat"]: s for s in table["seats"]}
    mine, seconds = me.you["seat"], two.you["seat"]
    thirds = next(s for s, x in seat_of.items() if x["left"])
    assert (await host.post(f"/api/tables/{tid}/seats/{thirds}/kick", {"level": "normal"})).status_code == 200
    # the second plays one card, leaves and is kicked
    async with asyncio.timeout(30):
        while not await turn(two):
            await turn(me)
            await settle()
    assert (await second.post(f"/api/tables/{tid}/leave")).status_code == 200
    await two.close()
    r = await host.post(f"/api/tables/{tid}/seats/{seconds}/kick", {"level": "hard"})
    assert r.status_code == 200, r.text
    async with asyncio.timeout(30):
        while me.state is None or me.state["result"] is None:
            if not await turn(me):
                await settle()
    result = me.state["result"]
    await me.close()
    # what the server wrote: the leaderboard's (mu, sigma) of each, against the rule worked out here
    bot = next(s for s, x in seat_of.items() if x["kind"] == "bot" and not x["signed_in"])  # from the start
    ranks = result["ranks"]
    stayed = rate([Entrant(mine, ranks[mine], host.name), Entrant(bot, ranks[bot], level="normal")], {})
    everyone = [
        Entrant(mine, ranks[mine], host.name),
        Entrant(seconds, max(ranks) + 1, second.name),
        Entrant(bot, ranks[bot], level="normal"),
    ]
    lost = next(c for c in rate(everyone, {}) if c.account == second.name)
    board = {x["username"]: x for x in (await host.api.get("/api/ratings/highcard?limit=500")).json()}
    assert (board[host.name]["mu"], board[host.name]["sigma"]) == pytest.approx(stayed[0].after)
    assert (board[second.name]["mu"], board[second.name]["sigma"]) == pytest.approx(lost.after)
    assert board[second.name]["mu"] < 25.0 and board[second.name]["games"] == 1
    assert third.name not in board  # left before moving: not rated
    url = farm_server.settings.db_url
    assert await asyncio.to_thread(main, ["ratings", "rebuild", "--db", url]) == 0
