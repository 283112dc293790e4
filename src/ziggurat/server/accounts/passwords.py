"""Passwords: the rules for a new one, and Argon2id hashing off the event loop.

Rules as NIST SP 800-63B puts them: a minimum length and no password from a list of common ones (the
30,000 most common in leaked password sets, as shipped by zxcvbn), nothing else (no composition rules).
Hashing is Argon2id with OWASP's parameters (19 MiB, 2 passes, one lane): costly enough against
guessing, cheap enough that sign-ins don't crowd out the tables. argon2-cffi's default (RFC 9106's
64 MiB, 3 passes, 4 lanes) assumes four cores to spread its lanes on, and on a 2-core server it is
several times slower (docs/performance.md). Hashes run in threads, a few at once, so a burst of
sign-ins neither blocks the tables nor takes the machine's memory; a hash made with other parameters
is remade at its owner's next sign-in.

A sign-in with an unknown username verifies the password against a decoy hash (made before the
process's first check), so it costs what a real check costs: the answer and its timing do not say
whether the username exists.
"""

from __future__ import annotations

import asyncio
import unicodedata
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from ziggurat.server.errors import Refused

MIN_LENGTH = 10
MAX_LENGTH = 256  # (long enough for any passphrase; bounds the hashing work one request can ask for)


def check_new(password: str, username: str) -> None:
    """A `weak-password` refusal that says why, or nothing."""
    if len(password) < MIN_LENGTH:
        raise Refused("weak-password", f"A password has at least {MIN_LENGTH} characters.")
    if len(password) > MAX_LENGTH:
        raise Refused("weak-password", f"A password has at most {MAX_LENGTH} characters.")
    folded = unicodedata.normalize("NFKC", password).casefold()
    if folded in _common() or folded == unicodedata.normalize("NFKC", username).casefold():
        raise Refused("weak-password", "This password is too common; choose another.")


@cache
def _common() -> frozenset[str]:
    from zxcvbn.frequency_lists import FREQUENCY_LISTS

    return frozenset(p.casefold() for p in FREQUENCY_LISTS["passwords"])


class Passwords:
    def __init__(self, concurrency: int = 2, hasher: PasswordHasher | None = None) -> None:
        self.hasher = hasher or PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)
        self.slots = asyncio.Semaphore(concurrency)
        self._decoy: str | None = None

    async def hash(self, password: str) -> str:
        async with self.slots:
            return await asyncio.to_thread(self.hasher.hash, password)

    async def prepare(self) -> None:
        """Before the first check: the decoy hash and the list of common passwords (not at start-up: a
        hash's 19 MiB and the list would stay in every server process's memory, signing-in or not)."""
        self._decoy = await self.hash("a decoy: it is never anyone's password")
        await asyncio.to_thread(_common)

    async def verify(self, password_hash: str | None, password: str) -> bool:
        """Whether `password` is the one hashed; with no hash (an unknown username), the same work
        against the decoy, and False."""
        if self._decoy is None:
            await self.prepare()
        against = password_hash or self._decoy or ""
        async with self.slots:
            return await asyncio.to_thread(self._verify, against, password_hash is not None, password)

    def _verify(self, password_hash: str, real: bool, password: str) -> bool:
        try:
            return self.hasher.verify(password_hash, password) and real
        except (VerificationError, InvalidHashError):
            return False

    def outdated(self, password_hash: str) -> bool:
        """Hashed with weaker parameters than today's (rehash it at the next sign-in)."""
        return self.hasher.check_needs_rehash(password_hash)
