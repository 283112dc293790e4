"""Sign-in attempts, limited so that guessing is slow and nobody can lock an owner out of their account.

Three token buckets, taken in order, each only if the one before allowed the attempt:
- per address, over every name (sign-ups count too): what one address may try in all;
- per name and address: wrong passwords from one address lock that address out of that name, and no
  other (a limit per name alone let one address keep a name locked against its owner everywhere);
- per name, shared by every address that never signed in to it: a botnet spraying one name gets this
  many guesses in all, however many addresses it has. An address that signed in to the name (or signed
  it up) is known to it for `signin_known_days` and skips this bucket, so the owner gets in from home
  whatever strangers try; from a new address the owner shares the strangers' bucket, which is generous
  (ten times one address's burst, refilling faster than one address may try) so that one address
  alone can't hold it empty.
A name is the account's id when an account has it, whatever look-alike spelling was typed (spellings
can't multiply the buckets), else its key. An IPv6 address counts as its /64 (what one host is given).

In this process, or, for a site of several processes (`--redis`), in Redis, so that spreading the
attempts over the processes gains an attacker nothing. Should Redis fail, each process limits on its
own meanwhile (knowing the addresses that signed in through it).
"""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from typing import TYPE_CHECKING

from ziggurat.server.cluster.buckets import TAKE_FUNCTION
from ziggurat.server.cluster.site_redis import Outage
from ziggurat.server.config import Settings
from ziggurat.server.errors import Refused
from ziggurat.server.http.limits import PerKey

if TYPE_CHECKING:
    import redis.asyncio as aioredis


# The buckets in order, atomically, on Redis' own clock (every process agrees): KEYS are the address's,
# the name and address's, the strangers' of the name, and the mark of an address known to the name;
# ARGV their rates and bursts. Each bucket refills by the time since its last take and is kept until it
# would be full again.
_TAKE = (
    TAKE_FUNCTION
    + """
if take(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2])) == 0 then return 0 end
if #KEYS == 1 then return 1 end
if take(KEYS[2], tonumber(ARGV[3]), tonumber(ARGV[4])) == 0 then return 0 end
if redis.call('EXISTS', KEYS[4]) == 1 then return 1 end
return take(KEYS[3], tonumber(ARGV[5]), tonumber(ARGV[6]))
"""
)
_PREFIX = "ziggurat:attempts"


class Attempts:
    def __init__(self, settings: Settings, redis: aioredis.Redis | None = None) -> None:
        self.rates = (
            (settings.signin_address_rate, settings.signin_address_burst),
            (settings.signin_rate, settings.signin_burst),
            (settings.signin_stranger_rate, settings.signin_stranger_burst),
        )
        self.local = [PerKey(rate, burst) for rate, burst in self.rates]
        self.known_for = settings.signin_known_days * 86400
        self.known = Known(self.known_for)
        self.redis = redis
        self.outage = Outage("sign-in limits")

    async def allow(self, address: str, name: str | None = None) -> None:
        """One attempt from `address` (at the account or name `name`), or `too-many-attempts`."""
        address = network(address)
        if not await self._take(address, name):
            raise Refused("too-many-attempts", "Too many attempts; wait a minute and try again.", 429)

    async def signed_in(self, address: str, name: str) -> None:
        """`address` signed in to (or signed up) `name`: from now on it is known to the name."""
        address = network(address)
        self.known.add(name, address)
        if self.redis is not None:
            try:
                await self.redis.set(f"{_PREFIX}:known:{name}:{address}", 1, ex=int(self.known_for))
                self.outage.worked()
            except Exception as e:  # Redis away: known here meanwhile
                self.outage.failed(e)

    async def _take(self, address: str, name: str | None) -> bool:
        if self.redis is not None and self.outage.worth_trying():
            keys = [f"{_PREFIX}:address:{address}"]
            if name is not None:
                pair, known = f"{name}:{address}", f"{_PREFIX}:known:{name}:{address}"
                keys += [f"{_PREFIX}:pair:{pair}", f"{_PREFIX}:strangers:{name}", known]
            try:
                took = await self.redis.eval(_TAKE, len(keys), *keys, *(x for r in self.rates for x in r))
                self.outage.worked()
                return bool(took)
            except Exception as e:  # Redis away: limit here until it is back
                self.outage.failed(e)
        by_address, by_pair, strangers = self.local
        if not by_address.allow(address):
            return False
        if name is None:
            return True
        if not by_pair.allow(f"{name}\n{address}"):
            return False
        return self.known.has(name, address) or strangers.allow(name)


class Known:
    """The addresses known to each name in this process, for a while; the least recently added go
    first when there are too many to keep."""

    def __init__(self, seconds: float, max_entries: int = 100_000) -> None:
        self.seconds = seconds
        self.max_entries = max_entries
        self.until: OrderedDict[tuple[str, str], float] = OrderedDict()

    def add(self, name: str, address: str) -> None:
        self.until[name, address] = time.monotonic() + self.seconds
        self.until.move_to_end((name, address))
        while len(self.until) > self.max_entries:
            self.until.popitem(last=False)

    def has(self, name: str, address: str) -> bool:
        until = self.until.get((name, address))
        return until is not None and until > time.monotonic()


def network(address: str) -> str:
    """The address attempts are counted by: an IPv6 host's /64, an IPv4 address as itself (also when
    mapped into IPv6); anything else (a Unix socket's "?") as it is."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)
