"""Play again: a finished table's players get a rematch with the same game, options, people and bots,
everyone one seat on. Real server, real websockets."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import httpx

from .harness import Client, Json, ThreadServer, bearer, fast_settings, http, new_table, play_until

OPTIONS = {"hand": 2}


async def finished(
    server: ThreadServer, api: httpx.AsyncClient, humans: list[str], bots: int
) -> tuple[str, list[str], list[Client]]:
    """A High Card table played to the end by these people (connected, still there) and random bots."""
    tid, tokens = await new_table(api, "highcard", humans, bots=bots, options=OPTIONS)
    people = [await Client(server.url, tid, t).connect() for t in tokens]
    r = await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
    assert r.status_code == 200, r.text
    await play_until(people, lambda st: False, random.Random(tid))
    assert (await api.get(f"/api/tables/{tid}")).json()["status"] == "finished"
    return tid, tokens, people


def seat_of(table: Json, name: str) -> int:
    return next(s["seat"] for s in table["seats"] if s["name"] == name)


async def refused(r: httpx.Response, status: int, code: str) -> None:
    assert (r.status_code, r.json()["code"]) == (status, code), r.text


async def test_two_people_and_a_bot_play_again_one_seat_on(
    server: ThreadServer, api: httpx.AsyncClient
) -> None:
    old_id, (ada, bo), clients = await finished(server, api, ["Ada", "Bo"], bots=1)
    old = (await api.get(f"/api/tables/{old_id}")).json()
    assert old["rematch"] is None

    # Refused: no token, a token of no seat here, a game not over.
    await refused(await api.post(f"/api/tables/{old_id}/rematch"), 401, "no-token")
    await refused(
        await api.post(f"/api/tables/{old_id}/rematch", headers=bearer("nope")), 403, "not-a-player"
    )
    running, running_tokens = await new_table(api, "highcard", ["Cy", "Di"])
    await api.post(f"/api/tables/{running}/start", headers=bearer(running_tokens[0]))
    r = await api.post(f"/api/tables/{running}/rematch", headers=bearer(running_tokens[0]))
    await refused(r, 409, "not-finished")

    # Bo asks first: the rematch is made, Bo hosts it and sits one seat on, with a new token.
    r = await api.post(f"/api/tables/{old_id}/rematch", headers=bearer(bo))
    assert r.status_code == 200, r.text
    new, bo_seat, bo_new = r.json()["table"], r.json()["seat"], r.json()["token"]
    n = old["players"]
    assert (new["game"], new["options"], new["players"], new["status"]) == (
        "highcard",
        old["options"],
        n,
        "open",
    )
    assert new["rematch_of"] == old_id and bo_new != bo
    for s in old["seats"]:
        moved = new["seats"][(s["seat"] + 1) % n]
        assert moved["name"] == s["name"]
        if s["kind"] == "bot":
            assert (moved["kind"], moved["level"], moved["reserved"]) == ("bot", s["level"], False)
    assert bo_seat == (seat_of(old, "Bo") + 1) % n and new["host"] == bo_seat
    ada_seat = (seat_of(old, "Ada") + 1) % n
    assert new["seats"][bo_seat]["kind"] == "human"
    assert new["seats"][ada_seat] | {"connected": False} == {
        "seat": ada_seat, "name": "Ada", "kind": "empty", "level": None,
        "connected": False, "left": False, "reserved": True, "signed_in": False, "rating": None,
    }  # fmt: skip
    # Everyone at the old table hears of it; the old table points to it.
    for c in clients:
        while (await c.next("table"))["table"]["rematch"] is None:
            pass
    assert (await api.get(f"/api/tables/{old_id}")).json()["rematch"] == new["id"]

    # Ada's seat is held: no stranger takes it, the host can't fill it, and the start waits for her.
    nid = new["id"]
    await refused(
        await api.post(f"/api/tables/{nid}/join", json={"name": "Eve", "seat": ada_seat}), 409, "seat-held"
    )
    await refused(await api.post(f"/api/tables/{nid}/join", json={"name": "Eve"}), 409, "table-full")
    r = await api.put(f"/api/tables/{nid}/seats/{ada_seat}/bot", json={}, headers=bearer(bo_new))
    await refused(r, 409, "seat-held")
    await refused(await api.post(f"/api/tables/{nid}/start", headers=bearer(bo_new)), 409, "rematch-pending")
    # Bo has answered already; a stranger's token holds no invitation.
    await refused(
        await api.post(f"/api/tables/{old_id}/rematch", headers=bearer(bo)), 409, "already-answered"
    )
    r = await api.post(f"/api/tables/{nid}/rematch/accept", headers=bearer(running_tokens[0]))
    await refused(r, 403, "not-invited")

    # Ada asks too: the same rematch, never a second one, and her held seat with a new token.
    r = await api.post(f"/api/tables/{old_id}/rematch", headers=bearer(ada))
    assert r.status_code == 200, r.text
    assert r.json()["table"]["id"] == nid and r.json()["seat"] == ada_seat
    ada_new = r.json()["token"]
    assert r.json()["table"]["seats"][ada_seat]["kind"] == "human"
    assert not any(s["reserved"] for s in r.json()["table"]["seats"])

    # The host starts it as usual; the seats stay rotated (no shuffle), and both new tokens play.
    r = await api.post(f"/api/tables/{nid}/start", headers=bearer(bo_new))
    assert r.status_code == 200, r.text
    started = r.json()
    assert [s["name"] for s in started["seats"]] == [new["seats"][i]["name"] for i in range(n)]
    players = [await Client(server.url, nid, t).connect() for t in (ada_new, bo_new)]
    assert [p.you["seat"] for p in players] == [ada_seat, bo_seat]
    await play_until(players, lambda st: False, random.Random(nid))
    assert (await api.get(f"/api/tables/{nid}")).json()["status"] == "finished"
    for c in [*clients, *players]:
        await c.close()


async def test_a_declined_seat_is_free_for_anyone(server: ThreadServer, api: httpx.AsyncClient) -> None:
    old_id, (ada, bo, cy), clients = await finished(server, api, ["Ada", "Bo", "Cy"], bots=0)
    for c in clients:
        await c.close()
    old = (await api.get(f"/api/tables/{old_id}")).json()
    r = await api.post(f"/api/tables/{old_id}/rematch", headers=bearer(ada))
    nid, ada_new = r.json()["table"]["id"], r.json()["token"]
    bo_seat, cy_seat = ((seat_of(old, x) + 1) % 3 for x in ("Bo", "Cy"))

    # Bo accepts with his old token; Cy declines: her seat is an ordinary empty seat.
    r = await api.post(f"/api/tables/{nid}/rematch/accept", headers=bearer(bo))
    assert r.status_code == 200 and r.json()["seat"] == bo_seat, r.text
    await refused(
        await api.post(f"/api/tables/{nid}/rematch/accept", headers=bearer(bo)), 409, "already-answered"
    )
    r = await api.post(f"/api/tables/{nid}/rematch/decline", headers=bearer(cy))
    assert r.status_code == 200, r.text
    assert r.json()["seats"][cy_seat] | {"connected": False} == {
        "seat": cy_seat, "name": "", "kind": "empty", "level": None,
        "connected": False, "left": False, "reserved": False, "signed_in": False, "rating": None,
    }  # fmt: skip
    await refused(
        await api.post(f"/api/tables/{nid}/rematch/decline", headers=bearer(cy)), 403, "not-invited"
    )
    await refused(await api.post(f"/api/tables/{nid}/start", headers=bearer(ada_new)), 409, "seats-empty")

    # A stranger takes it; the host starts; the old tokens no longer reach the new table.
    r = await api.post(f"/api/tables/{nid}/join", json={"name": "Eve"})
    assert r.status_code == 200 and r.json()["seat"] == cy_seat, r.text
    r = await api.post(f"/api/tables/{nid}/start", headers=bearer(ada_new))
    assert r.status_code == 200 and r.json()["status"] == "running", r.text
    await refused(await api.post(f"/api/tables/{nid}/leave", headers=bearer(bo)), 403, "bad-token")
    await refused(await api.post(f"/api/tables/{nid}/rematch/accept", headers=bearer(cy)), 409, "not-open")


async def test_a_rematch_removed_unanswered_is_made_again(tmp_path: Path) -> None:
    """An open rematch nobody touched for the open tables' time is removed like any: asking again makes
    a new one rather than pointing at nothing."""
    settings = fast_settings(
        f"sqlite+aiosqlite:///{tmp_path / 'z.db'}", open_table_ttl=0.5, sweep_interval=0.1
    )
    with ThreadServer(settings) as server:
        async with http(server.url) as api:
            old_id, (ada, bo), clients = await finished(server, api, ["Ada", "Bo"], bots=1)
            for c in clients:
                await c.close()
            first = (await api.post(f"/api/tables/{old_id}/rematch", headers=bearer(ada))).json()["table"][
                "id"
            ]
            async with asyncio.timeout(10):
                while (await api.get(f"/api/tables/{first}")).status_code != 404:
                    await asyncio.sleep(0.1)
            r = await api.post(f"/api/tables/{old_id}/rematch", headers=bearer(bo))
            assert r.status_code == 200, r.text
            second = r.json()["table"]
            assert second["id"] != first and second["host"] == r.json()["seat"]
            assert (await api.get(f"/api/tables/{old_id}")).json()["rematch"] == second["id"]
