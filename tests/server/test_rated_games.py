"""Rated games on the real server: who may sit, ratings moved once when the game ends and stored with
it, leaderboards and profiles, and `ziggurat ratings rebuild` recomputing them from the results."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest

from ziggurat.cli import main

from .harness import Client, ThreadServer, bearer, fast_settings, http, play_until
from .test_accounts import csrf, sign_up

HAND = {"hand": 2}


@pytest.fixture(scope="module")
def rated_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    """A server of its own: leaderboards start empty."""
    db = tmp_path_factory.mktemp("rated") / "z.db"
    with ThreadServer(fast_settings(f"sqlite+aiosqlite:///{db}")) as s:
        yield s


@pytest.fixture
async def two(rated_server: ThreadServer) -> AsyncIterator[list[tuple[httpx.AsyncClient, str]]]:
    """Two signed-in browsers, Ada and Boo (made once per server), with their CSRF tokens."""
    out = []
    async with http(rated_server.url) as a, http(rated_server.url) as b:
        for client, name in ((a, "Ada"), (b, "Boo")):
            r = await client.post(
                "/api/account/signin", json={"username": name, "password": "correct horse battery"}
            )
            out.append((client, r.json()["csrf"] if r.status_code == 200 else await sign_up(client, name)))
        yield out


async def play(server: ThreadServer, two: list[tuple[httpx.AsyncClient, str]], rated: bool) -> str:
    """Ada hosts a High Card table (rated or not) with Boo and a normal bot; played to the end."""
    (ada, ta), (bo, tb) = two
    body = {"game": "highcard", "seats": 3, "name": "x", "options": HAND, "rated": rated}
    r = await ada.post("/api/tables", json=body, headers=csrf(ta))
    assert r.status_code == 201, r.text
    tid = r.json()["table"]["id"]
    assert (await bo.post(f"/api/tables/{tid}/join", json={"name": "y"}, headers=csrf(tb))).status_code == 200
    r = await ada.put(f"/api/tables/{tid}/seats/2/bot", json={"level": "normal"}, headers=csrf(ta))
    assert r.status_code == 200, r.text
    cookies = [{"Cookie": f"ziggurat_session={c.cookies['ziggurat_session']}"} for c, _ in two]
    people = [await Client(server.url, tid, headers=h).connect() for h in cookies]
    assert (await ada.post(f"/api/tables/{tid}/start", headers=csrf(ta))).status_code == 200
    await play_until(people, lambda st: False, random.Random(tid))
    for c in people:
        await c.close()
    assert (await ada.get(f"/api/tables/{tid}")).json()["status"] == "finished"
    return tid


async def rebuild(*args: str) -> int:
    """`ziggurat ratings rebuild ...`, as from a shell (its own event loop, in a thread)."""
    return await asyncio.to_thread(main, ["ratings", "rebuild", *args])


async def board(api: httpx.AsyncClient) -> dict[str, dict[str, object]]:
    r = await api.get("/api/ratings/highcard")
    assert r.status_code == 200
    return {row["username"]: row for row in r.json()}


async def test_only_signed_in_players_sit_at_rated_tables(rated_server: ThreadServer) -> None:
    async with http(rated_server.url) as guest:
        body = {"game": "highcard", "seats": 2, "name": "guest", "options": HAND}
        r = await guest.post("/api/tables", json={**body, "rated": True})
        assert r.status_code == 403 and r.json()["code"] == "rated-needs-account"
        name = f"host{random.randrange(10**6)}"
        async with http(rated_server.url) as host:
            token = await sign_up(host, name)
            r = await host.post("/api/tables", json={**body, "rated": True}, headers=csrf(token))
            assert r.status_code == 201 and r.json()["table"]["rated"]
            assert r.json()["table"]["seats"][0]["rating"] == 1000  # a newcomer's, shown at the table
            tid = r.json()["table"]["id"]
        r = await guest.post(f"/api/tables/{tid}/join", json={"name": "guest"})
        assert r.status_code == 403 and r.json()["code"] == "rated-needs-account"
        r = await guest.post("/api/tables", json=body)  # a friendly table: everyone welcome
        assert r.status_code == 201 and not r.json()["table"]["rated"]
        r = await guest.put(
            f"/api/tables/{r.json()['table']['id']}/seats/1/bot", json={}, headers=bearer(r.json()["token"])
        )
        assert r.status_code == 200


async def test_a_rated_game_moves_ratings_once_and_a_friendly_one_not(
    rated_server: ThreadServer, two: list[tuple[httpx.AsyncClient, str]]
) -> None:
    api = two[0][0]
    before = await board(api)
    tid = await play(rated_server, two, rated=False)
    assert await board(api) == before  # friendly
    tid = await play(rated_server, two, rated=True)
    after = await board(api)
    table = (await api.get(f"/api/tables/{tid}")).json()
    ranks = table["result"]["ranks"]
    for s in table["seats"]:
        if s["kind"] == "bot":
            assert s["rating"] is None and s["name"] not in after
            continue
        row = after[s["name"]]
        assert row["games"] == int(before.get(s["name"], {}).get("games", 0)) + 1  # type: ignore[call-overload]
        assert s["rating"] == row["rating"]  # the table shows the new rating
        moved = row["mu"] - float(before.get(s["name"], {}).get("mu", 25.0))  # type: ignore[arg-type]
        bot_rank = ranks[next(x["seat"] for x in table["seats"] if x["kind"] == "bot")]
        if ranks[s["seat"]] < bot_rank:
            assert moved > 0
        elif ranks[s["seat"]] > bot_rank:
            assert moved < 0
    # the profile: rating over time, recent games with their tables, win share by game
    r = await api.get("/api/players/ADA")  # (any case)
    assert r.status_code == 200
    prof = r.json()
    assert prof["username"] == "Ada"
    assert prof["history"]["highcard"][-1]["table"] == tid
    assert prof["history"]["highcard"][-1]["rating"] == after["Ada"]["rating"]
    assert [g["table"] for g in prof["recent"][:1]] == [tid] and prof["recent"][0]["rated"]
    assert not prof["recent"][1]["rated"]  # the friendly game, also listed
    assert prof["win_share"]["highcard"]["games"] >= 2
    assert [x["game"] for x in prof["ratings"]] == ["highcard"]
    assert prof["ratings"][0]["place"] == after["Ada"]["place"]  # the leaderboard's place
    assert (await api.get("/api/players/nobody-at-all")).status_code == 404
    assert (await api.get("/api/ratings/nonsense")).json()["code"] == "unknown-game"


async def test_ratings_rebuild_from_the_stored_results(
    rated_server: ThreadServer, two: list[tuple[httpx.AsyncClient, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    for _ in range(2):
        await play(rated_server, two, rated=True)
    url = rated_server.settings.db_url
    assert await rebuild("--db", url) == 0
    out = capsys.readouterr().out
    assert "every stored rating and update matches" in out
    # someone edits a rating by hand: the rebuild says where, and --write puts it right
    db = Path(url.split("///", 1)[1])
    with sqlite3.connect(db) as conn:
        ada = "(SELECT id FROM accounts WHERE username = 'Ada')"
        conn.execute(f"UPDATE ratings SET mu = mu + 1 WHERE account_id = {ada}")
    assert await rebuild("--db", url) == 1
    assert "differs: account" in capsys.readouterr().out
    assert await rebuild("--db", url, "--write") == 0
    capsys.readouterr()
    assert await rebuild("--db", url) == 0
    assert "every stored rating and update matches" in capsys.readouterr().out
