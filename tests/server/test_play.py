"""A complete game of every registered game through the server: two people (test clients), bots and a
spectator. Every message each of them got is checked against a local replay of the published match log:
the seat's own view, its legal actions, and the log filtered for it, nothing more."""

from __future__ import annotations

import io
import json
import random
import re
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import httpx
import pytest

from ziggurat.cli import main as cli_main
from ziggurat.engine import Match, all_games, events_for

from .harness import Client, ThreadServer, bearer, new_table, play_until

GAMES = [g.info.id for g in all_games()]


def canon(x: Any) -> Any:
    return json.loads(json.dumps(x))


def check_messages(match: Match, client: Client, seat: int | None) -> None:
    """Every state message matches the engine at that version, as `seat` may see it."""
    game = match.rules
    names = match.names
    states: dict[int, Any] = {}
    events: dict[int, list[dict[str, Any]]] = {}
    for i, _act, st in match.states(record=True):
        states[i] = canon(game.view(st, seat)), (canon(game.legal(st, seat)) if seat is not None else [])
        events[i] = game.drain_events(st)
    seen = -1
    for m in client.messages:
        if m["type"] != "state":
            continue
        v = m["version"]
        view, legal = states[v]
        assert m["view"] == view, f"view at version {v}"
        assert m["legal"] == (legal if seat in m["to_act"] else []), f"legal at version {v}"
        for e in m["log"]:
            assert e["version"] == seen + 1 or m["resync"], "the log goes up by one per action"
            seen = e["version"]
            assert e["events"] == canon(events_for(events[e["version"]], seat))
            assert e["text"] == [game.describe(x, names) for x in events_for(events[e["version"]], seat)]
            mine = seat is not None and e["seat"] == seat and e["version"] > 0
            assert ("action" in e) == mine, "only your own actions"
        assert seen == v
    assert seen == len(match.actions)


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_complete_game_with_people_bots_and_a_spectator(
    game_id: str, server: ThreadServer, api: httpx.AsyncClient, tmp_path: Path
) -> None:
    game = next(g for g in all_games() if g.info.id == game_id)
    n = max(game.info.min_players, 3)
    tid, tokens = await new_table(api, game_id, ["Ada", "Bo"], bots=n - 2)
    people = [await Client(server.url, tid, t).connect() for t in tokens]
    spectator = await Client(server.url, tid).connect()
    assert spectator.you == {"role": "spectator", "seat": None, "host": False}
    r = await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "running"

    await play_until(people, lambda st: False, random.Random(game_id))
    await spectator.next("state")
    final = (await api.get(f"/api/tables/{tid}")).json()
    assert final["status"] == "finished" and final["result"] is not None
    for c in [*people, spectator]:
        await c.close()

    # The match log replays, in the engine and through `ziggurat replay`, to the server's result.
    r = await api.get(f"/api/tables/{tid}/match")
    assert r.status_code == 200
    data = r.json()
    assert data["format"] == "ziggurat-match/1"
    match = Match.from_json(data)
    assert len(match.actions) == final["version"]
    assert canon(game.result(match.replay()).to_json()) == final["result"]  # type: ignore[union-attr]
    path = tmp_path / "match.json"
    path.write_text(json.dumps(data))
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli_main(["replay", str(path)]) == 0
    assert f"{len(match.actions):>4}. " in out.getvalue()

    for c in people:
        check_messages(match, c, c.you["seat"])
    check_messages(match, spectator, None)
    # Bots played their seats.
    bot_seats = {s["seat"] for s in final["seats"] if s["kind"] == "bot"}
    assert bot_seats and bot_seats <= {seat for seat, _ in match.actions}

    listed = (await api.get("/api/tables", params={"status": "finished"})).json()
    assert any(t["id"] == tid and t["result"] == final["result"] for t in listed)
    log = (await api.get(f"/api/tables/{tid}/log")).json()
    assert [e["version"] for e in log["log"]][-1] == final["version"]


async def test_the_browser_client_and_the_api_docs_are_served(api: httpx.AsyncClient) -> None:
    r = await api.get("/")
    main = re.search(r'<script type="module" src="(/static/v/\w+/js/main\.js)">', r.text)
    assert r.status_code == 200 and main, r.text  # (a versioned address: a deploy is never stale)
    assert (await api.get(main.group(1))).status_code == 200
    assert (await api.get("/static/js/main.js")).status_code == 200
    assert (await api.get("/docs")).status_code == 200
    schema = (await api.get("/openapi.json")).json()
    assert "/api/tables/{table_id}/kick-host" in schema["paths"]


async def test_games_are_listed_with_their_options(api: httpx.AsyncClient) -> None:
    games = {g["id"]: g for g in (await api.get("/api/games")).json()}
    assert set(games) == set(GAMES)
    assert games["zealous"]["options"]["length"] == {
        "type": "str",
        "default": "beginner",
        "min": None,
        "max": None,
        "choices": ["beginner", "intermediate", "advanced"],
        "variant": False,
        "counts": None,
    }
    # A designer's variants: marked, and the card counts with their printed copies.
    zealous = games["zealous"]["options"]
    assert zealous["head_start"]["variant"] is True and zealous["head_start"]["default"] == 0
    assert zealous["cards"]["type"] == "counts" and zealous["cards"]["counts"]["stone"] == 4
    rounds = games["faiths"]["options"]["max_rounds"]
    assert (rounds["type"], rounds["default"], rounds["min"], rounds["max"]) == ("int", 30, 1, 100)
    assert games["zombology"]["simultaneous"] is True
