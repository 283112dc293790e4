"""One family of errors: every expected refusal carries a stable code and a message for the person.

A code means one thing wherever it is raised (the web client has one sentence per code, and a test
checks that every code raised has one). `IllegalAction` is the rules' refusal; `InputError` refuses
what cannot describe a game at all (an unknown game, options, a set-up, a state, a match log, the
command line); the server's own refusals (server/errors.py) are a third kind.
"""

from __future__ import annotations


class ZigguratError(Exception):
    """An expected refusal: `code` is stable and machine-readable (clients switch on it); `message` is
    for the person. Messages never mention hidden information of another seat."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class IllegalAction(ZigguratError):
    """An action that the rules refuse. Nothing in the state has changed when this is raised."""


class InputError(ZigguratError):
    """Input that describes no game: an unknown game, bad options, set-up, state or match log, or a
    command line that asks for something impossible."""


class ScenarioError(Exception):
    """A scenario file that is malformed or whose expectations fail."""
