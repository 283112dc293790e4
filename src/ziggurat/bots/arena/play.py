"""One arena game: who sits where, how it is seeded, and what is kept of it.

Game `i` of a run is fully determined by (run seed, i): its game seed, the seat rotation (seat s plays
lineup entry (s + i) mod N) and every bot's seed. Search bots run on iteration budgets only, never
on the clock, so a game's moves do not depend on how busy the machine is, and a run gives the same
results with any number of worker processes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ziggurat.bots import make_bot
from ziggurat.engine import Json, Match, get
from ziggurat.engine.rng import mix


@dataclass(frozen=True)
class Entry:
    """A lineup entry: `level`, or `level:iterations` for a search bot with its own budget."""

    label: str
    level: str
    iterations: int | None = None

    @classmethod
    def parse(cls, text: str) -> Entry:
        level, _, its = text.strip().partition(":")
        if its and not its.isdigit():
            raise ValueError(f"bad bot {text!r}: write level or level:iterations, e.g. hard:500")
        return cls(text.strip(), level, int(its) if its else None)


@dataclass(frozen=True)
class ArenaConfig:
    game: str
    players: int
    lineup: tuple[Entry, ...]  # one entry per seat, rotated from game to game
    games: int
    seed: int = 0
    options: Json = field(default_factory=dict)
    iterations: int | None = None  # every search bot's budget, unless its entry names one

    def to_json(self) -> Json:
        return {
            "game": self.game,
            "players": self.players,
            "bots": [e.label for e in self.lineup],
            "games": self.games,
            "seed": self.seed,
            "options": self.options,
            "iterations": self.iterations,
        }


def seats_of(cfg: ArenaConfig, index: int) -> list[Entry]:
    n = cfg.players
    return [cfg.lineup[(s + index) % n] for s in range(n)]


def play_game(cfg: ArenaConfig, index: int) -> Json:
    """Play game `index` of the run; return its record (JSON-ready)."""
    game = get(cfg.game)
    n = cfg.players
    seed = mix(cfg.seed, index)
    entries = seats_of(cfg, index)
    bots = [
        make_bot(
            e.level, mix(seed, s), iterations=e.iterations if e.iterations is not None else cfg.iterations
        )
        for s, e in enumerate(entries)
    ]
    options = game.options(cfg.options)
    match = Match(cfg.game, n, game.options_json(options), seed)
    state = game.new(n, options, seed, record=True)
    plays: list[dict[str, int]] = [{} for _ in range(n)]
    result = game.result(state)
    while result is None:
        for seat in game.each_to_act(state):
            action = bots[seat].choose(game, state, seat)
            game.apply(state, seat, action)
            match.actions.append((seat, action))
            count_plays(game.drain_events(state), plays)
        result = game.result(state)
    final: Any = game.view(state, None)
    return {
        "index": index,
        "seed": seed,
        "seats": [e.label for e in entries],
        "winners": list(result.winners),
        "shares": [result.reward(s) for s in range(n)],
        "scores": list(result.scores),
        "ranks": list(result.ranks),
        "detail": result.detail,
        "actions": len(match.actions),
        "rounds": final.get("round") if isinstance(final, dict) else None,
        "cards": plays if any(plays) else None,
    }


def count_plays(events: list[Json], plays: list[dict[str, int]]) -> None:
    """Count the cards played, from the uniform event every game with cards emits when one is
    played: `{"type": "play", "seat": s, "card": id}`. A game that emits none has no card statistics."""
    for e in events:
        if e.get("type") == "play":
            row = plays[e["seat"]]
            card = e["card"]
            row[card] = row.get(card, 0) + 1
