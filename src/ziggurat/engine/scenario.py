"""Scenario files: a game set up by seed (and stacked decks) or from a state, a list of steps, and
expectations checked along the way. `ziggurat scenario FILE` and the test-suite both run them here;
reading the files from disk is `ziggurat.scenario_files`'s job (the engine does no I/O).

The format is documented in docs/scenarios.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ziggurat.engine import registry
from ziggurat.engine.errors import IllegalAction, InputError, ScenarioError
from ziggurat.engine.game import Game
from ziggurat.engine.match import Match

_TOP_KEYS = {"name", "description", "game", "players", "options", "seed", "setup", "start", "steps"}
_STEP_KEYS = {"seat", "action", "error", "expect", "note"}


@dataclass
class ScenarioRun:
    name: str
    game: Game[Any, Any]
    state: Any
    match: Match
    steps: int
    checks: int


def run(data: Mapping[str, Any], name: str = "scenario") -> ScenarioRun:
    if not isinstance(data, Mapping):
        raise ScenarioError(f"{name}: a scenario is a JSON object")
    _known_keys(data, _TOP_KEYS, name)
    game = _game(data, name)
    names = _names(data, name)
    match = _match(data, name, game, names)
    try:
        state = match.initial_state(record=True)
    except InputError as e:
        raise ScenarioError(f"{name}: cannot set up the game: {e.message}") from None
    steps = data.get("steps", [])
    if not isinstance(steps, list):
        raise ScenarioError(f'{name}: "steps" must be a list')
    play = _Play(name, game, state, match, names)
    for i, step in enumerate(steps, 1):
        play.step(i, step)
    return ScenarioRun(name, game, state, match, len(steps), play.checks)


def _known_keys(data: Mapping[str, Any], known: set[str], where: str) -> None:
    unknown = set(data) - known
    if unknown:
        raise ScenarioError(
            f"{where}: unknown key {sorted(unknown)[0]!r} (known: {', '.join(sorted(known))})"
        )


def _game(data: Mapping[str, Any], name: str) -> Game[Any, Any]:
    try:
        return registry.get(str(data["game"]))
    except KeyError:
        raise ScenarioError(f'{name}: missing "game"') from None
    except InputError as e:
        raise ScenarioError(f"{name}: {e.message}") from None


def _names(data: Mapping[str, Any], name: str) -> list[str]:
    """The players' names in seat order: given, or "Seat i" for a count (or the start state's)."""
    players = data.get("players")
    start = data.get("start")
    if isinstance(players, list):
        return [str(p) for p in players]
    if isinstance(players, int):
        return [f"Seat {i}" for i in range(players)]
    if start is not None and isinstance(start, Mapping) and isinstance(start.get("players"), int):
        return [f"Seat {i}" for i in range(start["players"])]
    raise ScenarioError(f'{name}: "players" must be a number or a list of names in seat order')


def _match(data: Mapping[str, Any], name: str, game: Game[Any, Any], names: list[str]) -> Match:
    seed = data.get("seed", 0)
    if not isinstance(seed, int):
        raise ScenarioError(f'{name}: "seed" must be an integer')
    return Match(
        game=game.info.id,
        players=len(names),
        options=dict(data.get("options") or {}),
        seed=seed,
        names=names,
        setup=data.get("setup"),
        start=data.get("start"),
    )


class _Play:
    """The steps of one scenario, played on its state and recorded in its match."""

    def __init__(self, name: str, game: Game[Any, Any], state: Any, match: Match, names: list[str]) -> None:
        self.name, self.game, self.state, self.match, self.names = name, game, state, match, names
        self.checks = 0

    def seat_of(self, ref: Any) -> int:
        names = self.names
        if isinstance(ref, bool):
            raise ScenarioError(f"{self.name}: bad seat {ref!r}")
        if isinstance(ref, int) and 0 <= ref < len(names):
            return ref
        if isinstance(ref, str):
            if ref in names:
                return names.index(ref)
            if ref.isdigit() and int(ref) < len(names):
                return int(ref)
        raise ScenarioError(f"{self.name}: unknown seat {ref!r} (seats: {', '.join(names)})")

    def step(self, i: int, step: Any) -> None:
        where = f"{self.name}: step {i}"
        if not isinstance(step, Mapping):
            raise ScenarioError(f"{where}: a step is an object")
        _known_keys(step, _STEP_KEYS, where)
        if step.get("note"):
            where += f" ({step['note']})"
        if "action" in step:
            if "seat" not in step:
                raise ScenarioError(f'{where}: an action needs a "seat"')
            self.act(where, self.seat_of(step["seat"]), step["action"], step.get("error"))
        if "expect" in step:
            self.expect(where, step["expect"])

    def act(self, where: str, seat: int, action: Any, want_error: Any) -> None:
        """Play the action; or, when an error is wanted, see it refused with that error and no change."""
        game, state = self.game, self.state
        before = game.to_json(state) if want_error else None
        try:
            game.apply(state, seat, action)
        except IllegalAction as e:
            if not want_error:
                raise ScenarioError(
                    f"{where}: {self.names[seat]} {action!r} was refused: [{e.code}] {e.message}"
                ) from None
            if want_error not in (e.code, e.message):
                raise ScenarioError(
                    f"{where}: expected error {want_error!r}, got [{e.code}] {e.message}"
                ) from None
            if game.to_json(state) != before:
                raise ScenarioError(f"{where}: the refused action changed the state") from None
            self.checks += 1
            return
        if want_error:
            raise ScenarioError(f"{where}: expected error {want_error!r}, but {action!r} was accepted")
        self.match.actions.append((seat, action))

    def expect(self, where: str, expect: Any) -> None:
        if not isinstance(expect, Mapping):
            raise ScenarioError(f'{where}: "expect" must be an object')
        for key, value in expect.items():
            errors = _check(self.game, self.state, key, value, self.seat_of, self.names)
            if errors:
                raise ScenarioError(f"{where}: expectation {key!r} failed: " + "; ".join(errors))
            self.checks += 1


def _subset(want: Any, got: Any, path: str) -> list[str]:
    if isinstance(want, Mapping):
        if not isinstance(got, Mapping):
            return [f"{path} is {got!r}, expected an object"]
        out = []
        for k, v in want.items():
            if k not in got:
                out.append(f"{path}.{k} is missing")
            else:
                out.extend(_subset(v, got[k], f"{path}.{k}"))
        return out
    return [] if want == got else [f"{path} is {got!r}, expected {want!r}"]


def _check(
    game: Game[Any, Any], state: Any, key: str, value: Any, seat_of: Any, names: list[str]
) -> list[str]:
    if key == "to_act":
        if not isinstance(value, list):
            return ["to_act must be a list of seats"]
        got = sorted(game.to_act(state))
        want = sorted(seat_of(v) for v in value)
        return (
            [] if got == want else [f"to act: {[names[s] for s in got]}, expected {[names[s] for s in want]}"]
        )
    if key in ("legal", "legal_includes", "legal_excludes"):
        out = []
        if not isinstance(value, Mapping) or not all(isinstance(v, list) for v in value.values()):
            return [f"{key} must map a seat to a list of actions"]
        for ref, wanted in value.items():
            s = seat_of(ref)
            have: set[str] = set(game.legal(state, s))
            need: set[str] = set(wanted)
            if key == "legal" and have != need:
                out.append(f"{names[s]} may {sorted(have)}, expected {sorted(need)}")
            elif key == "legal_includes" and not need <= have:
                out.append(f"{names[s]} may not {sorted(need - have)}")
            elif key == "legal_excludes" and need & have:
                out.append(f"{names[s]} may {sorted(need & have)}")
        return out
    if key == "result":
        res = game.result(state)
        if value is None:
            return [] if res is None else [f"the game is over: {res.to_json()}"]
        if res is None:
            return ["the game is not over"]
        out = []
        if "winners" in value and Counter(res.winners) != Counter(seat_of(w) for w in value["winners"]):
            out.append(f"winners are {[names[s] for s in res.winners]}, expected {value['winners']}")
        if "scores" in value and list(res.scores) != [float(x) for x in value["scores"]]:
            out.append(f"scores are {list(res.scores)}, expected {value['scores']}")
        if "ranks" in value and list(res.ranks) != list(value["ranks"]):
            out.append(f"ranks are {list(res.ranks)}, expected {value['ranks']}")
        return out
    if key == "view":  # {seat or "spectator": subset of that view}
        out = []
        for ref, want in value.items():
            seat = None if ref == "spectator" else seat_of(ref)
            out.extend(_subset(want, game.view(state, seat), f"view[{ref}]"))
        return out
    try:
        errors = game.expect(state, key, value, seat_of)
    except (ValueError, TypeError, AttributeError, KeyError) as e:
        return [f"malformed expectation: {e!r}"]
    if errors is None:
        return [f"unknown expectation {key!r}"]
    return errors
