"""A server whose copy of a table fell behind the store (another process stored a move meanwhile)
catches up from the store: the player who lost the race is told `conflict` once, everyone gets the
stored move, and play goes on from it. Never a lasting conflict."""

from __future__ import annotations

import asyncio
import random

from ziggurat.store import Store

from .harness import Client, ThreadServer, bearer, http, new_table, play_until


async def test_a_table_behind_the_store_catches_up_and_plays_on(server: ThreadServer) -> None:
    async with http(server.url) as api:
        tid, tokens = await new_table(api, "zenith", ["Ada", "Bo"])
        clients = [await Client(server.url, tid, t).connect() for t in tokens]
        r = await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
        assert r.status_code == 200
        await play_until(clients, lambda s: s["version"] >= 3, random.Random(3))
        async with asyncio.timeout(10):
            while not any(c.state and c.state["version"] == 3 and c.state["legal"] for c in clients):
                await asyncio.sleep(0.05)
        mover = next(c for c in clients if c.state and c.state["legal"])
        legal, seat = mover.state["legal"], mover.you["seat"]  # type: ignore[index]
        store = await Store.open(server.settings.db_url)  # another process, as it were
        try:
            await store.append_action(tid, 4, seat, legal[0])
        finally:
            await store.close()
        answer = await mover.act(legal[-1], 3)  # too late: version 4 is taken
        assert answer["type"] == "error" and answer["code"] == "conflict"
        async with asyncio.timeout(10):
            while not all(c.state and c.state["version"] == 4 for c in clients):
                await asyncio.sleep(0.05)
        await play_until(clients, lambda s: s["version"] >= 8, random.Random(4))  # and on from there
        r = await api.get(f"/api/tables/{tid}")
        assert r.json()["version"] >= 8
        for c in clients:
            await c.close()
