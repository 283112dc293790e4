"""The replay page's body (GET /api/tables/{id}/replay), for the OpenAPI docs: apart from schemas.py,
which the table's own bodies change in."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from ziggurat.server.http.schemas import LogEntry, TableInfo


class ReplayEntry(LogEntry):
    action: str = Field(description='the action of this version ("" for the set-up, "undo" for a take-back)')


class ReplayStep(ReplayEntry):
    to_act: list[int] = Field(description="the seats asked after this version")
    view: dict[str, Any] = Field(
        description="the view after this version: the public view with every seat's private part in "
        "`private`, or the followed seat's own view"
    )


class ReplayPage(BaseModel):
    table: TableInfo
    names: list[str]
    result: dict[str, Any] | None
    last: int = Field(description="the last version (the game's end)")
    seat: int | None = Field(description="the seat followed; null: everything shown")
    from_: int = Field(alias="from", description="the first version of this page")
    steps: list[ReplayStep]
    log: list[ReplayEntry] | None = Field(None, description="the whole log in words, when asked (log=1)")
