"""The server on a real PostgreSQL: a game, a restart (from the snapshot its clean stop wrote), and the
game is still there."""

from __future__ import annotations

import random

from ziggurat.store import Store

from ..store.pg import Cluster
from .harness import Client, ThreadServer, bearer, fast_settings, http, new_table, play_until


async def test_a_game_on_postgresql_survives_a_restart(pg: Cluster) -> None:
    url = pg.new_database()
    with ThreadServer(fast_settings(url)) as server:
        async with http(server.url) as api:
            tid, tokens = await new_table(api, "zealous", ["Ada"], bots=2)
            await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
            ada = await Client(server.url, tid, tokens[0]).connect()
            await play_until([ada], lambda s: s["version"] >= 6 and bool(s["legal"]), random.Random(1))
            version = ada.state["version"] if ada.state else -1
            await ada.close()
    # The clean stop wrote the table's snapshot: the next start rebuilds from it, not from the log.
    store = await Store.open(url)
    try:
        got = (await store.restoring([tid]))[tid]
        assert got.snapshot is not None and got.snapshot.version == version and got.actions == []
    finally:
        await store.close()
    with ThreadServer(fast_settings(url)) as server:
        async with http(server.url) as api:
            assert (await api.get(f"/api/tables/{tid}")).json()["version"] == version
            ada = await Client(server.url, tid, tokens[0]).connect(version=version)
            await play_until([ada], lambda s: False, random.Random(2))
            await ada.close()
            table = (await api.get(f"/api/tables/{tid}")).json()
            assert table["status"] == "finished"
            assert len((await api.get(f"/api/tables/{tid}/match")).json()["actions"]) == table["version"]
