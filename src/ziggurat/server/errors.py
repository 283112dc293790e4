"""Expected refusals: a stable code, a message for the person, an HTTP status for the lobby."""

from __future__ import annotations


class Refused(Exception):
    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


def not_found(what: str = "table") -> Refused:
    return Refused(f"no-such-{what}", f"There is no such {what}.", 404)


def forbidden(code: str, message: str) -> Refused:
    return Refused(code, message, 403)


def conflict(code: str, message: str) -> Refused:
    return Refused(code, message, 409)
