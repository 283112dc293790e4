"""Seat tokens: random, shown once to their owner, stored only as a sha256 hash."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> tuple[str, str]:
    """(token, its hash)."""
    token = secrets.token_urlsafe(24)
    return token, hash_token(token)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def same(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and hmac.compare_digest(a, b)
