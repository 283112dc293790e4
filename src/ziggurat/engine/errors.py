"""The one error type every rule violation raises."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action that the rules refuse. Nothing in the state has changed when this is raised.

    `code` is stable and machine-readable (clients switch on it); `message` is for the player.
    Messages never mention hidden information of another seat.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class ScenarioError(Exception):
    """A scenario file that is malformed or whose expectations fail."""
