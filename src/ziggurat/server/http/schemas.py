"""Request and response bodies of the lobby API (they make the OpenAPI docs at /docs)."""

from __future__ import annotations

from typing import Any, Literal, get_type_hints

from pydantic import BaseModel, Field, create_model

from ziggurat.engine import Info

Name = Field(min_length=1, max_length=24, description="shown to the other players")


class OptionInfo(BaseModel):
    type: str
    default: Any
    min: int | None = Field(None, description="the smallest value accepted (whole-number options)")
    max: int | None = Field(None, description="the largest value accepted (whole-number options)")
    choices: list[Any] | None = Field(None, description="the values accepted, when there is a list")
    variant: bool = Field(False, description="a designer's change to the printed rules (default: printed)")
    counts: dict[str, int] | None = Field(
        None, description="type counts: the printed copies of each card; the option gives only changes"
    )


# What the lobby shows of a game's metadata: these fields of the engine's `Info`, typed as it types
# them (so the two can't drift apart); its other fields are for bots and research.
SHOWN_INFO = ("id", "name", "min_players", "max_players", "hidden_information", "simultaneous", "summary")
_info_types = get_type_hints(Info)
GameInfo = create_model(
    "GameInfo",
    **{name: (_info_types[name], ...) for name in SHOWN_INFO},  # type: ignore[call-overload]
    options=(dict[str, OptionInfo], ...),
)


class SeatInfo(BaseModel):
    seat: int
    name: str
    kind: Literal["empty", "human", "bot"]
    level: str | None
    connected: bool
    left: bool
    reserved: bool = Field(False, description="held at a rematch for the player named, until they answer")
    signed_in: bool = Field(False, description="an account holds the seat (its name is the username)")
    rating: int | None = Field(
        None, description="that account's rating in this game (after the game: the new)"
    )


class TableInfo(BaseModel):
    id: str
    game: str
    name: str
    options: dict[str, Any]
    players: int
    status: Literal["open", "running", "finished"]
    host: int | None
    version: int = Field(description="accepted actions so far")
    seats: list[SeatInfo]
    result: dict[str, Any] | None
    created_at: float
    started_at: float | None
    finished_at: float | None
    rematch: str | None = Field(None, description="the id of this finished table's rematch, once asked for")
    rematch_of: str | None = Field(None, description="the finished table this one is the rematch of")
    rated: bool = Field(False, description="the result moves the players' ratings (else a friendly game)")
    spectator_chat: bool = Field(True, description="may spectators write in the chat (the host decides)")
    clock: dict[str, Any] | None = Field(
        None, description="time control: {mode: realtime|turn, bank, increment} in seconds; none: no clock"
    )
    idle_seconds: float | None = Field(None, description="seconds since anything happened at a live table")
    host_idle_seconds: float | None = Field(None, description="idle limit before a waiting host is kickable")


class CreateTable(BaseModel):
    game: str = Field(max_length=32, description="a game's id, from GET /api/games")
    options: dict[str, Any] = Field(
        default_factory=dict, description="the game's options by name (GET /api/games says which)"
    )
    seats: int = Field(ge=1, le=16, description="number of players, the host included")
    name: str = Name
    clock: dict[str, Any] | None = Field(
        default=None,
        description="time control: none (absent), {mode: realtime, bank: s, increment: s} (a bank per "
        "player, plus an increment per turn) or {mode: turn, bank: s} (the time for each decision)",
    )
    rated: bool = Field(
        False, description="rated (signed-in players only; the result moves ratings) or friendly"
    )


class Join(BaseModel):
    name: str = Name
    seat: int | None = Field(default=None, ge=0, le=15, description="a particular empty seat, else the first")


class BotChoice(BaseModel):
    level: str | None = Field(
        default=None, max_length=16, description="bot level; the server's default if absent"
    )


class Seated(BaseModel):
    table: TableInfo
    seat: int
    token: str = Field(description="secret: send it as `Authorization: Bearer` and in the websocket hello")


class Error(BaseModel):
    code: str
    message: str


def refusals(why: dict[int, str]) -> dict[int | str, dict[str, Any]]:
    """A router's `responses`: each status it refuses with, all in the one `Error` shape."""
    return {code: {"model": Error, "description": text} for code, text in why.items()}


class LogEntry(BaseModel):
    version: int
    seat: int | None = Field(description="who acted; null for the set-up (version 0)")
    events: list[dict[str, Any]]
    text: list[str]


class PublicLog(BaseModel):
    table: TableInfo
    names: list[str]
    log: list[LogEntry]
