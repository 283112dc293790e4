"""Questions put to every seat (Faiths' Zealots & Fanatics window) are answered by the server with
timing that tells nothing: bots after a random delay, and a person who switched on "pass automatically
when I can't react" after such a delay too, but only when passing is all they can do."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ziggurat.games.faiths import GAME
from ziggurat.server.table.seating import auto_answer
from ziggurat.store import SeatRecord

from ..games.faiths.helpers import play, position
from .harness import Client, Json, ThreadServer, bearer, fast_settings, http, new_table

DELAY = (0.25, 0.5)


@pytest.fixture
def slow_reactions(tmp_path: Path) -> Iterator[ThreadServer]:
    settings = fast_settings(f"sqlite+aiosqlite:///{tmp_path / 'z.db'}", reaction_delay=DELAY)
    with ThreadServer(settings) as s:
        yield s


async def switch_on(client: Client) -> None:
    await client.send({"type": "auto-pass", "on": True})
    async with asyncio.timeout(10):
        while not (await client.next("table"))["you"].get("auto_pass"):
            pass


def _asked_to_react(state: Json, seat: int) -> bool:
    reaction = state["view"].get("reaction")
    return bool(reaction) and reaction["asked"] == seat and seat in state["to_act"]


async def test_a_person_who_asked_for_it_passes_automatically_only_when_it_is_all_they_can_do(
    slow_reactions: ThreadServer,
) -> None:
    automatic = 0
    async with asyncio.timeout(120):
        for game in range(5):  # (a game may end before three such questions come: then another)
            automatic += await _automatic_passes(slow_reactions, 3 - automatic, random.Random(5 + game))
            if automatic >= 3:
                break
    assert automatic == 3


async def _automatic_passes(server: ThreadServer, wanted: int, rng: random.Random) -> int:
    """Ada, with the switch on, plays a Faiths game against bots: the passes the server makes for her
    (up to `wanted`), each checked to come after a delay, and only when passing is all she can do."""
    async with http(server.url) as api:
        tid, tokens = await new_table(api, "faiths", ["Ada"], bots=3)
        await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
    ada = await Client(server.url, tid, tokens[0]).connect()
    assert ada.you["auto_pass"] is False
    await switch_on(ada)
    seat = ada.you["seat"]
    automatic, handled, asked = 0, -1, None
    while automatic < wanted:
        state = ada.state
        assert state is not None
        # (Each state carries the log since the one before: read them all, not just the last. Bots
        # asked the same question may answer before her: her own answer is the one to look for.)
        mine = [
            e
            for m in ada.messages
            if m["type"] == "state"
            for e in m["log"]
            if asked is not None and e["version"] > asked[0] and e["seat"] == seat
        ]
        if mine:  # the server passed for her, and only after a delay that looks like someone deciding
            assert asked is not None and mine[0]["events"][0]["type"] == "pass"
            assert time.monotonic() - asked[1] >= DELAY[0] - 0.05
            automatic, asked = automatic + 1, None
        if state["version"] != handled:
            handled = state["version"]
            if _asked_to_react(state, seat) and state["legal"] == ["pass"]:
                if asked is None:  # (still the same question while bots answer it)
                    asked = (state["version"], time.monotonic())  # she does nothing
            elif state["legal"]:  # her own decisions (a reaction she could make too) are hers
                answer = await ada.act(rng.choice(state["legal"]), state["version"])
                assert answer["type"] == "ack", answer
                continue
        with contextlib.suppress(TimeoutError):
            await ada.next("state", timeout=0.5)
        if state["result"] is not None:
            break
    await ada.close()
    return automatic


def test_the_automatic_pass_needs_the_switch_a_question_for_everyone_and_nothing_else_to_do() -> None:
    holder = position(hands={0: ["scriptures", "spread"], 1: ["zealots_fanatics", "theology"]})
    play(holder, (0, "pair:scriptures:spread"))
    empty = position(hands={0: ["scriptures", "spread"]})
    play(empty, (0, "pair:scriptures:spread"))
    on, off = SeatRecord(1, "human", "Bo", "h", auto_pass=True), SeatRecord(1, "human", "Bo", "h")
    for st, expected in ((empty, "pass"), (holder, None)):
        assert auto_answer(on, GAME.decline(st, 1), GAME.legal(st, 1)) == expected
        assert auto_answer(off, GAME.decline(st, 1), GAME.legal(st, 1)) is None
    turn = position(hands={0: ["scriptures", "spread"]})  # one's own turn, one action: not a reaction
    assert (
        auto_answer(SeatRecord(0, "human", "Ada", "h", auto_pass=True), GAME.decline(turn, 0), ["end"])
        is None
    )


async def test_auto_pass_is_the_players_own_setting(slow_reactions: ThreadServer) -> None:
    async with http(slow_reactions.url) as api:
        tid, tokens = await new_table(api, "faiths", ["Ada", "Bo"], bots=2)
        await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
    ada, bo = [await Client(slow_reactions.url, tid, t).connect() for t in tokens]
    spectator = await Client(slow_reactions.url, tid).connect()
    await switch_on(ada)
    await asyncio.sleep(0.3)
    # Nobody else hears of it: not Bo (his own setting stays off), not a spectator, not the lobby.
    assert all(m["you"]["auto_pass"] is False for m in bo.messages if "you" in m)
    assert "auto_pass" not in str(spectator.messages)
    async with http(slow_reactions.url) as api:
        assert "auto_pass" not in (await api.get(f"/api/tables/{tid}")).text
    await spectator.send({"type": "auto-pass", "on": True})
    answer = await spectator.next("error")
    assert answer["code"] == "bad-token"
    for c in (ada, bo, spectator):
        await c.close()
