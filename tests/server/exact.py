"""Tables that come back play on exactly: a table played through the server's own commands, and its
twin, the same game played on an engine state that never leaves memory. After the table has been
written and read back (a snapshot, an unload, a restart, a failover), both go on with the same choices
and must be the same at every step; at the end the table's whole stored log replays to the twin."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from hypothesis import event
from hypothesis import strategies as hs

from ziggurat.engine import Game, Match, all_games, registry
from ziggurat.server.table.table import Table
from ziggurat.store import SeatRecord, Store, TableRecord

GAMES = sorted(g.info.id for g in all_games())
KEYED = hs.integers(1 << 128, (1 << 129) - 1)  # a server's seeds: 128 secret bits and a top bit


@dataclass
class Twin:
    """The game as it would be had it never left memory."""

    game: Game[Any, Any]
    state: Any
    choices: random.Random
    actions: list[tuple[int, str]] = field(default_factory=list)

    @classmethod
    def of(cls, rec: TableRecord, choices: int) -> Twin:
        game = registry.get(rec.game)
        state = game.new(rec.players, game.options(rec.options), rec.seed)
        return cls(game, state, random.Random(choices))

    def over(self) -> bool:
        return self.game.result(self.state) is not None

    def choose(self) -> tuple[int, str]:
        seat = self.choices.choice(self.game.to_act(self.state))
        return seat, self.choices.choice(self.game.legal(self.state, seat))


def record(tid: str, game_id: str, players: int, seed: int) -> TableRecord:
    rec = TableRecord(tid, game_id, {}, players, seed, 1, "running", 0, 1.0, 1.0)
    rec.seats = [SeatRecord(i, "human", f"P{i}", f"{tid}-{i}") for i in range(players)]
    rec.started_at = time.time()
    return rec


def players_for(game_id: str, pick: int) -> int:
    info = registry.get(game_id).info
    return info.min_players + pick % (min(info.max_players, 6) - info.min_players + 1)


def assert_same(table: Table, twin: Twin, step: str) -> None:
    game, st = twin.game, twin.state
    assert game.to_json(table.state) == game.to_json(st), f"{step}: the state differs from its twin's"
    for seat in [*range(st.n), None]:
        assert game.view(table.state, seat) == game.view(st, seat), f"{step}: seat {seat} sees otherwise"
    asked = () if twin.over() else game.to_act(st)
    assert table.to_act == asked and table.legal == {s: game.legal(st, s) for s in asked}, step


async def play(table: Table, twin: Twin, moves: int, check: bool = False, short: bool = False) -> None:
    """Up to `moves` actions through the table's own commands (stored as a server stores them), the
    same on the twin; compared after each one if `check`. `short`: stop before the action that would
    end the game (a table leaves memory running)."""
    for k in range(moves):
        if twin.over():
            return
        seat, action = twin.choose()
        if short:
            probe = twin.game.clone(twin.state)
            twin.game.apply(probe, seat, action)
            if twin.game.result(probe) is not None:
                return
        await table.act(table.rec.seats[seat].token_hash, action, table.version, seat)
        twin.game.apply(twin.state, seat, action)
        twin.actions.append((seat, action))
        if check:
            assert_same(table, twin, f"step {k + 1} after the restore (version {table.version})")


async def plays_on_exactly(table: Table, twin: Twin, store: Store, moves: int) -> None:
    """The restored table is its twin now and at every step of `moves` more, and its whole stored log
    replays to the twin's state."""
    assert table.version == len(twin.actions)
    assert_same(table, twin, "just restored")
    await play(table, twin, moves, check=True)
    stored = await store.actions(table.id)
    assert stored == twin.actions
    rec = table.rec
    replayed = Match(rec.game, rec.players, rec.options, rec.seed, actions=stored).replay()
    assert twin.game.to_json(replayed) == twin.game.to_json(twin.state), "the whole log replays"
    event("restored and played on exactly")
