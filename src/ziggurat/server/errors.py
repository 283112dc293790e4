"""Expected refusals: a stable code, a message for the person, an HTTP status for the lobby."""

from __future__ import annotations

from collections.abc import Mapping

from starlette.responses import JSONResponse

from ziggurat.engine import ZigguratError


class Refused(ZigguratError):
    """The server's own refusals (seats, tokens, tables), one family with the engine's errors."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(code, message)
        self.status = status


def not_found(what: str = "table") -> Refused:
    return Refused(f"no-such-{what}", f"There is no such {what}.", 404)


def forbidden(code: str, message: str) -> Refused:
    return Refused(code, message, 403)


def conflict(code: str, message: str) -> Refused:
    return Refused(code, message, 409)


def too_many_tables(cap: int) -> Refused:
    """A creator (by address) already has `cap` open tables: a new one, or a rematch, must wait."""
    message = f"You already have {cap} tables waiting for players: start or leave one first."
    return Refused("too-many-tables", message, 429)


def refusal(status: int, code: str, message: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    """Every refusal's shape on the wire: `{code, message}` with its status."""
    return JSONResponse({"code": code, "message": message}, status_code=status, headers=headers)
