"""Accounts and rated games made through the API, without a browser: for the browser tests that need a
player with ratings, a history and recent games before their page opens (the games themselves are
played through the pages in test_ratings_ui.py)."""

from __future__ import annotations

import itertools
import random
import secrets

from tests.server.harness import Client, http, play_until

PASSWORD = "lantern-harbour-quietly-42"
HAND = {"hand": 2}  # High Card (tests/toygame) with two cards each: a game of a few moves
_count = itertools.count(1)


def username(stem: str) -> str:
    """A name no other test took (the server's database lives as long as the session)."""
    return f"{stem}{next(_count)}_{secrets.token_hex(2)}"


async def sign_up_all(url: str, names: list[str]) -> None:
    for name in names:
        async with http(url) as api:
            r = await api.post("/api/account/signup", json={"username": name, "password": PASSWORD})
            assert r.status_code == 201, r.text


async def rated_games(url: str, names: list[str], games: int = 1, rated: bool = True) -> list[str]:
    """The first name hosts a High Card table (rated unless told) with the others and a normal bot, all
    signed in, played to the end over websockets; `games` times. The tables' ids."""
    done = []
    clients = [http(url) for _ in names]
    try:
        tokens = []
        for api, name in zip(clients, names, strict=True):
            r = await api.post("/api/account/signin", json={"username": name, "password": PASSWORD})
            assert r.status_code == 200, r.text
            tokens.append({"X-CSRF-Token": r.json()["csrf"]})
        for _ in range(games):
            body = {"game": "highcard", "seats": len(names) + 1, "name": "x", "options": HAND, "rated": rated}
            r = await clients[0].post("/api/tables", json=body, headers=tokens[0])
            assert r.status_code == 201, r.text
            tid = r.json()["table"]["id"]
            for api, token in zip(clients[1:], tokens[1:], strict=True):
                r = await api.post(f"/api/tables/{tid}/join", json={"name": "y"}, headers=token)
                assert r.status_code == 200, r.text
            bot = {"level": "normal"}
            r = await clients[0].put(f"/api/tables/{tid}/seats/{len(names)}/bot", json=bot, headers=tokens[0])
            assert r.status_code == 200, r.text
            cookies = [{"Cookie": f"ziggurat_session={api.cookies['ziggurat_session']}"} for api in clients]
            people = [await Client(url, tid, headers=c).connect() for c in cookies]
            r = await clients[0].post(f"/api/tables/{tid}/start", headers=tokens[0])
            assert r.status_code == 200, r.text
            await play_until(people, lambda st: False, random.Random(tid))
            for c in people:
                await c.close()
            assert (await clients[0].get(f"/api/tables/{tid}")).json()["status"] == "finished"
            done.append(tid)
    finally:
        for api in clients:
            await api.aclose()
    return done
