"""The messages a play socket is sent besides views: answers to what its client asked."""

from __future__ import annotations

from typing import Any

Json = dict[str, Any]
UNKNOWN_TYPE = "Message types are hello, act, undo, sync, auto-pass, chat, spectator-chat and ping."


def error(code: str, message: str, ref: Any = None, **extra: Any) -> Json:
    """A refusal: a stable code, a sentence for the person; it changed nothing."""
    out: Json = {"type": "error", "code": code, "message": message, **extra}
    if ref is not None:
        out["ref"] = ref
    return out


def ack(version: int, ref: Any = None) -> Json:
    """An action stored and applied: the version it made (after the state message of that version)."""
    return {"type": "ack", "version": version, **({"ref": ref} if ref is not None else {})}


def pong(ref: Any = None) -> Json:
    return {"type": "pong", **({"ref": ref} if ref is not None else {})}
