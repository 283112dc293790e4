"""Issue 18, the replay viewer's pages (server/table/replays.py): GET /api/tables/{id}/replay shows a finished
game version by version, everything shown or one seat's view, from checkpoints of one replay per table
(never the whole game per request), and refuses running tables and pages outside the game."""

from __future__ import annotations

import io
import json
from collections.abc import AsyncIterator
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import httpx
import pytest

from ziggurat.cli import main as cli_main
from ziggurat.engine import Match, events_for, registry
from ziggurat.server.cli.imports import finished_table, import_match
from ziggurat.server.table.history import replay as history_replay
from ziggurat.server.table.history import undone
from ziggurat.server.table.replays import CHECKPOINT_EVERY, MAX_PAGE, Replay, Replays, everything
from ziggurat.store import Store

from .harness import ThreadServer, bearer, new_table
from .matches import bot_match
from .test_play import canon

GAMES = ["zealous", "faiths", "zombology", "zenith"]


@pytest.fixture(scope="module")
def matches() -> dict[str, Match]:
    """A finished game of each, Zenith's with a take-back in it."""
    return {g: bot_match(g, 3, undo_at=4 if g == "zenith" else None) for g in GAMES}


@pytest.fixture
async def store(server: ThreadServer) -> AsyncIterator[Store]:
    """The test server's database, opened from the tests' side to put finished games in it."""
    s = await Store.open(server.settings.db_url)
    yield s
    await s.close()


def replays_of(server: ThreadServer) -> Replays:
    cached: Replays = server.server.config.app.state.replays
    return cached


async def whole(api: httpx.AsyncClient, tid: str, seat: int | None = None, count: int = MAX_PAGE) -> Json:
    """Every version of a table's replay, page after page, and the first page's answer."""
    params: dict[str, Any] = {"from": 0, "count": count, "log": 1}
    if seat is not None:
        params["seat"] = seat
    first = await api.get(f"/api/tables/{tid}/replay", params=params)
    assert first.status_code == 200, first.text
    page = first.json()
    steps = page["steps"]
    while steps[-1]["version"] < page["last"]:
        r = await api.get(f"/api/tables/{tid}/replay", params={**params, "from": len(steps), "log": 0})
        assert r.status_code == 200, r.text
        steps += r.json()["steps"]
    return {**page, "steps": steps}


Json = dict[str, Any]


def expected_states(match: Match) -> list[Any]:
    """The state after each version, by the engine's own replay (clones: the replay changes one state)."""
    game = match.rules
    return [game.clone(st) for _, _, st in match.states()]


@pytest.mark.parametrize("game_id", GAMES)
async def test_every_version_shows_everything_or_one_seat_exactly(
    game_id: str, matches: dict[str, Match], store: Store, api: httpx.AsyncClient
) -> None:
    match = matches[game_id]
    game = match.rules
    rec = await import_match(store, match)
    states = expected_states(match)
    entries = history_replay(rec, match.actions)

    shown = await whole(api, rec.id)
    assert shown["last"] == len(match.actions) and shown["seat"] is None
    assert shown["names"] == match.names and shown["table"]["status"] == "finished"
    assert [s["version"] for s in shown["steps"]] == list(range(len(match.actions) + 1))
    for step, state, entry in zip(shown["steps"], states, entries, strict=True):
        assert step["view"] == canon(everything(game, state)), f"version {step['version']}"
        assert step["to_act"] == list(game.to_act(state))
        assert (step["seat"], step["action"]) == (entry.seat, entry.action)
        assert step["events"] == canon(entry.events)  # (the game is over: secrets are shown)
        assert step["text"] == [game.describe(e, match.names) for e in entry.events]
    assert [(e["version"], e["text"]) for e in shown["log"]] == [
        (s["version"], s["text"]) for s in shown["steps"]
    ]
    assert shown["steps"][-1]["view"]["result"] == rec.result == shown["result"]

    followed = await whole(api, rec.id, seat=1, count=7)
    assert followed["seat"] == 1
    for step, state, entry in zip(followed["steps"], states, entries, strict=True):
        assert step["view"] == canon(game.view(state, 1)), f"version {step['version']}"
        assert step["events"] == canon(events_for(entry.events, 1))


async def test_after_the_end_every_hand_is_shown_and_a_followed_seat_sees_only_its_own(
    matches: dict[str, Match], store: Store, api: httpx.AsyncClient
) -> None:
    match = matches["zealous"]
    game = match.rules
    end = match.replay()
    rec = await import_match(store, match)
    last = len(match.actions)
    r = await api.get(f"/api/tables/{rec.id}/replay", params={"from": last, "count": 1})
    view = r.json()["steps"][0]["view"]
    hands = [game.view(end, s)["hand"] for s in range(match.players)]
    assert any(hands), "somebody still holds cards at the end"
    assert [p["hand"] for p in view["private"]] == hands
    assert "hand" not in view and "legal" not in view["private"][0]

    r = await api.get(f"/api/tables/{rec.id}/replay", params={"from": last, "count": 1, "seat": 2})
    mine = r.json()["steps"][0]["view"]
    assert mine["hand"] == hands[2] and "private" not in mine
    assert json.dumps(mine).count('"hand"') == 1


async def test_a_page_replays_from_the_nearest_checkpoint_once_the_game_is_replayed(
    matches: dict[str, Match], store: Store, api: httpx.AsyncClient, server: ThreadServer
) -> None:
    match = matches["faiths"]
    assert len(match.actions) > 3 * CHECKPOINT_EVERY
    rec = await import_match(store, match)
    cache = replays_of(server)
    built = cache.built
    for first in (0, 100, len(match.actions) - 3, 40):
        r = await api.get(f"/api/tables/{rec.id}/replay", params={"from": first, "count": 3})
        assert r.status_code == 200, r.text
    assert cache.built == built + 1, "the game is replayed once, for the first page"
    replay = cache.get(rec.id)
    assert replay is not None
    assert set(replay.checkpoints) == set(range(0, len(match.actions) + 1, CHECKPOINT_EVERY))
    applied = replay.applied
    await api.get(f"/api/tables/{rec.id}/replay", params={"from": 5 * CHECKPOINT_EVERY - 1, "count": 1})
    assert replay.applied - applied == CHECKPOINT_EVERY - 1  # the most a page costs before its first version
    applied = replay.applied
    await api.get(f"/api/tables/{rec.id}/replay", params={"from": 2 * CHECKPOINT_EVERY, "count": 2})
    assert replay.applied - applied == 1


def test_a_take_back_replays_as_the_live_table_rebuilt_it(matches: dict[str, Match]) -> None:
    match = matches["zenith"]
    game = match.rules
    rec = finished_table(match)
    replay = Replay(rec, match.actions)
    undo = [v for v, (_, a) in enumerate(match.actions, 1) if a == "undo"]
    assert undo == [6] and undo[0] in replay.checkpoints
    states = expected_states(match)
    page = replay.page(rec, 3, 6, None, with_log=False)
    assert [s["view"] for s in page["steps"]] == [everything(game, states[v]) for v in range(3, 9)]
    assert page["steps"][3]["events"] == [undone(match.actions[5][0])]
    assert page["steps"][3]["view"] == page["steps"][1]["view"]  # as before the move taken back


def test_the_cache_keeps_the_tables_asked_for_last(matches: dict[str, Match]) -> None:
    cache = Replays(size=2)
    recs = {g: finished_table(matches[g]) for g in ("zenith", "zombology", "zealous")}
    for g, rec in recs.items():
        cache.keep(Replay(rec, matches[g].actions))
    assert cache.get(recs["zenith"].id) is None
    assert cache.get(recs["zombology"].id) is not None  # (used: now the newest)
    cache.keep(Replay(recs["zenith"], matches["zenith"].actions))
    assert cache.get(recs["zealous"].id) is None and len(cache.cached) == 2


async def test_refusals(matches: dict[str, Match], store: Store, api: httpx.AsyncClient) -> None:
    rec = await import_match(store, matches["zenith"])
    last = len(matches["zenith"].actions)
    url = f"/api/tables/{rec.id}/replay"
    for params, status, code in [
        ({"from": "x"}, 400, "bad-version"),
        ({"from": -1}, 400, "bad-version"),
        ({"from": last + 1}, 400, "bad-version"),
        ({"count": 0}, 400, "bad-count"),
        ({"count": "many"}, 400, "bad-count"),
        ({"seat": 3}, 400, "bad-seat"),
        ({"seat": "Ada"}, 400, "bad-seat"),
    ]:
        r = await api.get(url, params=params)
        assert (r.status_code, r.json()["code"]) == (status, code), params
        assert r.json()["message"]
    r = await api.get(url, params={"count": 10_000})
    assert len(r.json()["steps"]) == min(MAX_PAGE, last + 1)
    assert r.json()["log"] is None
    r = await api.get("/api/tables/nope/replay")
    assert (r.status_code, r.json()["code"]) == (404, "no-such-table")


async def test_a_running_game_has_no_replay(api: httpx.AsyncClient) -> None:
    tid, tokens = await new_table(api, "zenith", ["Ada", "Bo"])
    r = await api.get(f"/api/tables/{tid}/replay")
    assert (r.status_code, r.json()["code"]) == (409, "not-finished")
    assert (await api.post(f"/api/tables/{tid}/start", headers=bearer(tokens[0]))).status_code == 200
    r = await api.get(f"/api/tables/{tid}/replay", params={"seat": 0})
    assert (r.status_code, r.json()["code"]) == (409, "not-finished")


@pytest.mark.parametrize("game_id", GAMES)
async def test_the_command_line_and_the_replay_tell_the_same_sequence(
    game_id: str, matches: dict[str, Match], store: Store, api: httpx.AsyncClient, tmp_path: Path
) -> None:
    match = matches[game_id]
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match.to_json()))
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli_main(["replay", str(path)]) == 0
    printed = out.getvalue().splitlines()[1:]  # (after the title line)

    rec = await import_match(store, match)
    shown = await whole(api, rec.id)
    told = []
    for step in shown["steps"]:
        if step["version"]:
            told.append(f"{step['version']:>4}. {shown['names'][step['seat']]}: {step['action']}")
        told += [f"      {line}" for line in step["text"] if line]
    assert printed == told
    assert sum(line.startswith("      ") for line in told) > len(match.actions) // 2  # events, not just moves


def test_a_log_that_is_not_over_or_from_a_position_is_not_imported(matches: dict[str, Match]) -> None:
    from ziggurat.engine import InputError

    whole_game = matches["zenith"]
    cut = Match(whole_game.game, whole_game.players, whole_game.options, whole_game.seed, actions=[])
    with pytest.raises(InputError, match="isn't over"):
        finished_table(cut)
    game = registry.get("zenith")
    placed = Match("zenith", 2, start=game.to_json(game.new(2, None, 1)))
    with pytest.raises(InputError, match="set position"):
        finished_table(placed)
