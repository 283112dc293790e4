"""People at a table served by several processes: each plays through its own process and, when its
socket closes (its process died, or the table moved), reconnects to the next one alive, with the last
version it saw (at most a resync), as the browser client does."""

from __future__ import annotations

import asyncio
import contextlib
import random
from dataclasses import dataclass, field
from typing import Any

from ziggurat.engine import Match, get

from ..server.harness import Client, Json, http


@dataclass
class Player:
    urls: list[str]  # the processes it may use, its own first
    table: str
    token: str
    rng: random.Random
    acked: dict[int, str] = field(default_factory=dict)  # version -> the action it made
    client: Client | None = None
    reconnects: int = 0
    result: Json | None = None

    async def connect(self, version: int | None = None, patience: float = 60) -> None:
        """Through each of its processes in turn, until one welcomes it (a table being taken over is
        welcomed nowhere for a few seconds: more under a loaded machine)."""
        loop = asyncio.get_running_loop()
        deadline, i = loop.time() + patience, 0
        while True:
            url = self.urls[i % len(self.urls)]
            i += 1
            client = Client(url, self.table, self.token)
            try:
                self.client = await client.connect(version=version)
                return
            except Exception:
                with contextlib.suppress(Exception):
                    await client.close()
            if loop.time() > deadline:
                raise RuntimeError("no process would take the socket")
            await asyncio.sleep(0.25)

    async def play(self, until: Any = None, timeout: float = 120) -> None:
        """Random legal moves until the game ends (or `until(state)`), reconnecting when cut off."""
        async with asyncio.timeout(timeout):
            acted = -1
            while True:
                c = self.client
                assert c is not None
                if c.ws is not None and c.ws.close_code is not None:  # cut off: find the table again
                    self.reconnects += 1
                    await c.close()
                    await self.connect(c.state["version"] if c.state else None)
                    acted = -1
                    continue
                st = c.state
                if st is not None and st["result"] is not None:
                    self.result = st["result"]
                    return
                if st is not None and until is not None and until(st):
                    return
                if st is not None and st["legal"] and st["version"] != acted:
                    acted = st["version"]
                    action = self.rng.choice(st["legal"])
                    with contextlib.suppress(Exception):  # (a socket closing under it: found again above)
                        c.drain()
                        await c.send({"type": "act", "action": action, "version": st["version"]})
                        answer = await c.next("ack", "error", timeout=5)
                        if answer["type"] == "ack":
                            self.acked[answer["version"]] = action
                        continue
                with contextlib.suppress(TimeoutError):
                    await c.next("state", timeout=0.3)

    @property
    def seat(self) -> int:
        """Its seat in the game (seats are shuffled at the start)."""
        assert self.client is not None
        seat: int = self.client.you["seat"]
        return seat

    async def close(self) -> None:
        if self.client is not None:
            await self.client.close()


async def seat_players(
    urls: list[str],
    game: str,
    names: list[str],
    bots: int = 0,
    play_on: list[list[str]] | None = None,
    clock: dict[str, Any] | None = None,
    **options: Any,
) -> list[Player]:
    """A table created through the first process, each person joining through their own process and
    the host starting it through another: the lobby works from anywhere. `play_on` gives each person
    the processes their socket may use (by default their own, then the others)."""
    n = len(urls)
    async with http(urls[0]) as api:
        body = {"game": game, "seats": len(names) + bots, "name": names[0], "options": options}
        r = await api.post("/api/tables", json=body if clock is None else {**body, "clock": clock})
        assert r.status_code == 201, r.text
        tid, tokens = r.json()["table"]["id"], [r.json()["token"]]
        for i in range(1, len(names)):
            async with http(urls[i % n]) as other:
                r = await other.post(f"/api/tables/{tid}/join", json={"name": names[i]})
                assert r.status_code == 200, r.text
                tokens.append(r.json()["token"])
        for s in range(len(names), len(names) + bots):
            r = await api.put(
                f"/api/tables/{tid}/seats/{s}/bot",
                json={"level": "random"},
                headers={"Authorization": f"Bearer {tokens[0]}"},
            )
            assert r.status_code == 200, r.text
    players = []
    for i, token in enumerate(tokens):
        mine = play_on[i] if play_on else urls[i % n :] + urls[: i % n]
        p = Player(mine, tid, token, random.Random(i))
        await p.connect()
        players.append(p)
    async with http(urls[1 % n]) as api:
        r = await api.post(f"/api/tables/{tid}/start", headers={"Authorization": f"Bearer {tokens[0]}"})
        assert r.status_code == 200, r.text
    return players


async def check_the_record(url: str, players: list[Player]) -> Match:
    """Every acknowledged action stored once, at its version, in a dense log that replays exactly to
    the result the players saw."""
    async with http(url) as api:
        tid = players[0].table
        async with asyncio.timeout(60):
            while (r := await api.get(f"/api/tables/{tid}/match")).status_code != 200:
                await asyncio.sleep(0.2)
        match = Match.from_json(r.json())
    for p in players:
        for version, action in p.acked.items():
            assert match.actions[version - 1] == (p.seat, action), (
                f"seat {p.seat}'s move {version} isn't stored"
            )
    result = get(match.game).result(match.replay())
    assert result is not None
    for p in players:
        if p.result is not None:
            assert p.result["winners"] == list(result.winners)
    return match
