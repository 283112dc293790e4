"""Sign-in limits in one process: attempts at a name from one address can't lock its owner out of
their own address, while what one address, and every stranger to a name together, may try is bounded."""

from __future__ import annotations

import pytest

from ziggurat.server.accounts.attempts import Attempts
from ziggurat.server.config import Settings
from ziggurat.server.errors import Refused

NEVER = 1e-9  # (a bucket that never refills within a test)


def limits(pair: float = 3, strangers: float = 6, address: float = 100) -> Attempts:
    return Attempts(
        Settings(
            signin_rate=NEVER,
            signin_burst=pair,
            signin_stranger_rate=NEVER,
            signin_stranger_burst=strangers,
            signin_address_rate=NEVER,
            signin_address_burst=address,
        )
    )


async def refused(a: Attempts, address: str, name: str | None = None) -> bool:
    try:
        await a.allow(address, name)
    except Refused as e:
        assert e.code == "too-many-attempts" and e.status == 429
        return True
    return False


async def test_one_address_locks_a_name_only_for_itself() -> None:
    a = limits()
    for _ in range(3):
        assert not await refused(a, "10.0.0.66", "ana")
    assert await refused(a, "10.0.0.66", "ana")  # the attacker's address: locked...
    assert not await refused(a, "10.0.0.7", "ana")  # ...the owner's, elsewhere: not


async def test_the_owners_known_address_gets_in_whatever_strangers_try() -> None:
    a = limits()
    await a.signed_in("10.0.0.7", "ana")  # the owner signed in from here once
    for bot in range(6):  # a botnet: each address within its own limit, together the name's
        assert not await refused(a, f"10.9.0.{bot}", "ana")
    assert await refused(a, "10.9.0.200", "ana")  # every stranger to the name together: bounded
    assert await refused(a, "10.0.0.8", "ana")  # (the owner too, from an address never used)
    for _ in range(3):
        assert not await refused(a, "10.0.0.7", "ana")  # but not from theirs
    assert await refused(a, "10.0.0.7", "ana")  # where wrong passwords are limited all the same
    assert not await refused(a, "10.9.0.201", "bob")  # and other names are untouched


async def test_what_one_address_tries_over_all_names_is_bounded() -> None:
    a = limits(address=5)
    for n in range(5):
        assert not await refused(a, "10.0.0.66", f"name{n}")
    assert await refused(a, "10.0.0.66", "another")
    assert await refused(a, "10.0.0.66")  # sign-ups count too
    assert not await refused(a, "10.0.0.7", "another")


async def test_a_refused_attempt_spends_nothing_further() -> None:
    """An address over its own limit takes nothing from the name's: it can't drain strangers' share."""
    a = limits(pair=1, strangers=3, address=2)
    assert not await refused(a, "10.0.0.66", "ana")
    for _ in range(5):
        assert await refused(a, "10.0.0.66", "ana")
    assert not await refused(a, "10.0.0.1", "ana")
    assert not await refused(a, "10.0.0.2", "ana")


@pytest.mark.parametrize(
    ("one", "two"),
    [("2001:db8:1:2::1", "2001:db8:1:2:ffff::9"), ("::ffff:10.0.0.66", "10.0.0.66")],
)
async def test_an_ipv6_network_is_one_address(one: str, two: str) -> None:
    """An IPv6 host is given a /64 to pick addresses from; a v4-mapped address is its IPv4."""
    a = limits()
    for _ in range(3):
        assert not await refused(a, one, "ana")
    assert await refused(a, two, "ana")
