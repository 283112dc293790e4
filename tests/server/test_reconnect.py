"""Reconnecting with the last version seen gets what was missed; without one (or with a wrong one), a full
resync. Spectators see the public view and can't act."""

from __future__ import annotations

import random

import httpx

from .harness import Client, ThreadServer, bearer, new_table, play_until


async def _running(
    server: ThreadServer, api: httpx.AsyncClient, game: str = "zealous"
) -> tuple[str, list[str]]:
    tid, tokens = await new_table(api, game, ["Ada", "Bo", "Cy"])
    r = await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
    assert r.status_code == 200
    return tid, tokens


async def test_reconnecting_gets_what_was_missed(server: ThreadServer, api: httpx.AsyncClient) -> None:
    tid, tokens = await new_table(api, "zenith", ["Ada"], bots=2)
    await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
    ada = await Client(server.url, tid, tokens[0]).connect()
    watch = await Client(server.url, tid).connect()
    seat = ada.you["seat"]
    st = await ada.next("state")
    while not st["legal"]:
        st = await ada.next("state")
    ack = await ada.act(st["legal"][0])
    assert ack["type"] == "ack"
    # Her move's version (not her latest state's: the random bots may already have played on, and
    # that state can be her next turn, after which nothing more comes).
    seen = ack["version"]
    await ada.close()
    # While Ada is away the bots play, up to her next turn.
    while not (watch.state and watch.state["version"] > seen and seat in watch.state["to_act"]):
        await watch.next("state")
    now = watch.state["version"]
    back = await Client(server.url, tid, tokens[0]).connect(version=seen)
    st = await back.next("state")
    assert st["resync"] is False and st["version"] == now
    assert [e["version"] for e in st["log"]] == list(range(seen + 1, now + 1))
    assert st["legal"], "and it is her turn again"
    # Asking again from the current version: nothing missed, the same view.
    await back.send({"type": "sync", "version": now})
    again = await back.next("state")
    assert again["log"] == [] and again["view"] == st["view"]
    for c in [back, watch]:
        await c.close()


async def test_without_a_version_or_with_a_wrong_one_the_client_gets_a_full_resync(
    server: ThreadServer, api: httpx.AsyncClient
) -> None:
    tid, tokens = await _running(server, api, "zenith")
    people = [await Client(server.url, tid, t).connect() for t in tokens]
    await play_until(people, lambda s: s["version"] >= 4, random.Random(2))
    for version in (None, 10_000, -3):
        c = await Client(server.url, tid, tokens[0]).connect(version=version)
        st = await c.next("state")
        assert st["resync"] is True
        assert [e["version"] for e in st["log"]] == list(range(st["log"][0]["version"], st["version"] + 1))
        assert st["log"][0]["version"] in (0, 1)
        await c.close()
    for c in people:
        await c.close()


async def test_spectators_see_the_public_view_and_cannot_act(
    server: ThreadServer, api: httpx.AsyncClient
) -> None:
    tid, tokens = await _running(server, api)
    ada = await Client(server.url, tid, tokens[0]).connect()
    mine = await ada.next("state")
    spectator = await Client(server.url, tid).connect()
    assert spectator.you["role"] == "spectator"
    public = await spectator.next("state")
    assert "hand" in mine["view"] and "hand" not in public["view"]
    assert public["legal"] == [] and public["to_act"] == mine["to_act"]
    answer = await spectator.act("stay")
    assert answer["code"] == "not-a-player"
    # A spectator follows the game as it goes.
    people = [ada, *[await Client(server.url, tid, t).connect() for t in tokens[1:]]]
    await play_until(people, lambda s: s["version"] >= 3, random.Random(3))
    st = await spectator.next("state")
    assert st["version"] >= 1 and all("action" not in e for e in st["log"])
    for c in [*people, spectator]:
        await c.close()


async def test_a_finished_game_can_still_be_watched(server: ThreadServer, api: httpx.AsyncClient) -> None:
    tid, tokens = await new_table(api, "zenith", ["Ada"], bots=1)
    ada = await Client(server.url, tid, tokens[0]).connect()
    await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
    await play_until([ada], lambda s: False, random.Random(5))
    await ada.close()
    late = await Client(server.url, tid).connect()
    st = await late.next("state")
    assert st["result"] is not None and st["to_act"] == [] and st["resync"] is True
    await late.close()
